import { brand, company, paths, support } from "~/content/site";
import {
  browserStorage,
  type ColumnEntry,
  dataKinds,
  type OtherRecord,
  otherRecords,
  type PersonalColumn,
  type Processor,
  processors,
  type RetentionKey,
  retentionRules,
  stripeCheckout,
  type TableEntry,
  tables,
} from "./data-inventory";

/**
 * The privacy policy's words (issue 17 item 4). What is collected, why, how long and who else gets it
 * is not written here: the page takes it from the data inventory (./data-inventory.ts), the same module
 * the retention job and the inventory test read, so the page cannot say one thing while the software
 * does another. Company name, address and support e-mail are the site configuration's (placeholders
 * until the brand fills them in).
 */

/** Where a privacy request goes: the contact form, with its "privacy" topic chosen. */
export const privacyRequestHref = `${paths.contact}?topic=privacy`;

export const privacyPolicy = {
  effectiveDate: "2026-11-23",
  effectiveDateLabel: "November 23, 2026",
  /**
   * A material change is announced here at least 30 days before it applies (see `changes` below);
   * null while none is coming.
   */
  changeNotice: null as string | null,
  lead: `What personal data ${brand.name} collects when you visit this site or buy from us, why, how long we keep it, who else receives it, and your rights. It describes what our software actually does.`,
  /**
   * The page leads with this: what a shopper needs in a two-minute read, in plain words (issue 32 item
   * 13). Figures and companies are the inventory's (`summaryOf` below fills them in).
   */
  summary: {
    sections: {
      collect: "What we collect",
      why: "Why we use it",
      sharing: "Who we share it with, and why",
      keeping: "How long we keep your data",
      "your-choices": "Your rights",
      tracking: "Cookies, tracking and age",
      "who-we-are": "Who we are and how to reach us",
    },
    collect: [
      "Your order: your name, e-mail address, shipping address, and what you bought and paid. Your card details go to Stripe and never reach us.",
      "If you subscribe: the terms you chose (bottles per delivery, price, your weeks on and off) and Stripe's references for the subscription, so each renewal becomes your order.",
      "What you write to us: contact messages, guarantee requests and reviews.",
      "Your e-mail address for the newsletter, only if you sign up and then confirm it.",
      "If you make an account: its e-mail address, the test kits you register with it, and the public key of any passkey you add.",
      "Your test kit's result, if you register a kit: encrypted, shown only to the account that registered it, and deleted 12 months after it arrives (we e-mail you 30 days before; you can delete it sooner).",
      "No passwords, and no analytics, advertising or tracking of any kind.",
    ],
    why: "To take your payment, ship your order, send its confirmation and, once it ships, one invitation to review it; to answer you; to send the newsletter you asked for; and to keep the sales records tax law requires. Never to advertise to you or to profile you.",
    sharingIntro: "We share only what each company needs to do its part for you:",
    sharingOutro: "We never sell your personal data or share it for advertising.",
    keepingIntro: "Each kind of record is deleted on a schedule:",
    rights:
      "You can ask us to show you, correct, send you a copy of, or delete your personal data (except the sales records we must keep). We answer within 45 days, and you can appeal a refusal.",
    tracking: [
      "Shoppers get no cookies from us, but for one if you mark a review as helpful, so your vote counts once. Videos load YouTube only when you press play.",
      "We don't track you across sites, so Do Not Track and Global Privacy Control signals have nothing to switch off.",
      "This site and our products are for adults 18 and over.",
    ],
    inventory: {
      label: "The full policy: every record we keep, why, for how long, and who receives it",
      hint: "Our complete data inventory, table by table, and the policy's details. Closed to keep this page short; open it to read everything.",
    },
  },
  /** The full policy's sections, inside the collapsed inventory, in page order. */
  sections: {
    "what-we-collect": "What we collect and why",
    "how-long": "How long we keep it",
    "who-else": "Who else receives it",
    cookies: "Cookies and browser storage",
    "no-sale": "We don't sell your data or share it for advertising",
    "your-rights": "Your privacy rights",
    "do-not-track": "Do Not Track",
    children: "Children",
    security: "How we protect it",
    changes: "Changes to this policy",
    contact: "Contact us",
  },
  whoWeAre: {
    text: `This website and the ${brand.name} store are run by ${company.legalName} (“${brand.name}”, “we”, “us”). We decide what personal data the site collects and what it is used for.`,
    company,
    supportEmail: support.email,
  },
  whatWeCollect: {
    intro:
      "Everything we store is in our database, one table per kind of record. Each table is listed below with the personal data it holds, why, for how long, and who else receives it. Our hosting provider stores all of it, because it runs our servers.",
    notCollected: {
      title: "What we don't collect",
      items: [
        "No passwords: an account signs in by an e-mailed link or a passkey, of which we keep only the public key. You can also buy as a guest and follow your order through a private link.",
        "No card numbers: Stripe collects them on its own page.",
        "No analytics, advertising or social media trackers, and no location data.",
      ],
    },
    healthNote:
      "Your order history can show that you bought a testosterone-support supplement or a testosterone test kit. We use it only to fulfil and support your order and to keep our sales records, never for advertising or profiling.",
    otherTitle: "Outside our database",
    stripeTitle: "On Stripe's checkout page",
    stripeIntro: "When you pay, you do it on a page run by Stripe. Stripe collects:",
    noPersonalData: "No personal data.",
  },
  howLong: {
    intro:
      "A job on our servers checks every hour and deletes (or, for e-mail contents, clears) what has passed its time. Stripe and Shopify keep their own copies of your payment and order under their own privacy policies.",
  },
  whoElse: {
    intro:
      "We use a few companies to run the store. They process personal data on our behalf, only for the service they provide to us:",
    youtube:
      "Videos on this site come from YouTube (Google). Nothing is loaded from YouTube until you press play; then YouTube's player (youtube-nocookie.com) loads, receives your IP address, and may store data in your browser under Google's privacy policy.",
    legal:
      "We may also disclose personal data when the law requires it (a court order, for example), to protect our rights or someone's safety, or to a buyer of our business, who would be bound by this policy.",
  },
  cookies: {
    intro:
      "Shoppers get no cookies from us, but for one if they mark a review as helpful, so each vote counts once. The only other cookie the site sets is for staff signed in to the back office. A few browser storage entries exist for developers testing the store. Here is the complete list:",
  },
  noSale: [
    "We do not sell personal data, and we have not sold any in the past 12 months.",
    "We do not share personal data for cross-context behavioral advertising, do not use it for targeted advertising, and do not profile you for decisions that affect you.",
    "The companies listed under “Who else receives it” receive data only to provide their service to us, not for their own advertising.",
  ],
  rights: {
    intro:
      "Depending on the state you live in (California, Colorado, Connecticut, Virginia, Utah, Texas, Oregon and others have privacy laws), you have the right to:",
    list: [
      { title: "Know and access", text: "what personal data we hold about you, and get a copy." },
      {
        title: "Delete",
        text: "your personal data, except what we must keep by law (such as tax records of orders).",
      },
      { title: "Correct", text: "personal data that is wrong." },
      {
        title: "Portability",
        text: "get your data in a common, machine-readable file you can take elsewhere.",
      },
      {
        title: "Opt out",
        text: "of the sale of personal data, of targeted advertising and of profiling. We do none of these, so there is nothing to opt out of; you may still ask, and we will confirm it in writing.",
      },
      {
        title: "Non-discrimination",
        text: "We will not charge you more, serve you less or treat you differently for using any of these rights.",
      },
    ],
    howTitle: "How to make a request",
    how: [
      "Send the contact form with the topic “My personal data (privacy request)”, or e-mail us. Tell us what you would like us to do and the e-mail address you used with us.",
      "To protect your data, we confirm a request by writing to the e-mail address we have on file before we act on it. You may use an authorized agent; we will ask for proof that you authorized them.",
      "We answer within 45 days. If we need longer (up to 45 more days), we will tell you why within the first 45.",
      "If we decline your request, we will explain why. You can appeal by replying to our answer, and we will decide on the appeal within the time your state's law sets. If you disagree with the outcome, you can contact your state's attorney general.",
      "You can leave the newsletter at any time with the unsubscribe link in every newsletter e-mail.",
    ],
    formLabel: "Make a privacy request",
  },
  doNotTrack: [
    "Browsers can send a “Do Not Track” signal or a Global Privacy Control signal. We do not track visitors over time or across other websites, and we let no third party do so on our site (YouTube only once you press play on a video). So the site works the same whether or not your browser sends these signals: there is nothing for them to switch off.",
  ],
  children: [
    `This site and our products are for adults 18 and over. We do not knowingly collect personal data from anyone under 18. If you believe a minor has given us personal data, contact us and we will delete it.`,
  ],
  security: [
    "The site is served over HTTPS (encrypted), and tells browsers to accept nothing else.",
    "Card details are entered on Stripe's page and never reach our servers.",
    "Order pages are opened with a private link that is signed and expires; the codes in sign-in and newsletter links are stored only as one-way hashes, so a copy of our database could not be used to open them.",
    "Only staff e-mail addresses we have listed can sign in to the back office, with a single-use link that lasts 15 minutes.",
    "Our server logs leave out IP addresses, cookies and request headers.",
    "No system is perfectly secure. If we learn of a breach that affects your personal data, we will tell you as the law requires.",
  ],
  changes: [
    "When we change this policy, we post the new version here and update the effective date at the top.",
    "If a change materially affects how we use data we already hold, we announce it at the top of this page at least 30 days before it applies.",
  ],
  contact: {
    text: "Questions about this policy or your data? Write to us:",
  },
} as const;

export type PrivacyPolicyCopy = typeof privacyPolicy;

/** One row of a table's card: columns that share kind, purpose, retention and recipients, named together. */
export type InventoryRowView = {
  labels: string[];
  kinds: string[];
  purpose: string;
  /** Only when it goes sooner than the table's rows. */
  keptFor: string | null;
  sharedWith: string[];
};

export type InventoryTableView = {
  name: string;
  title: string;
  purpose: string;
  keptFor: { for: string | null; summary: string }[];
  /** Every kind of personal data the table holds (empty: none). */
  kinds: string[];
  rows: InventoryRowView[];
};

export type OtherRecordView = {
  id: string;
  title: string;
  what: string;
  kinds: string[];
  purpose: string;
  keptFor: string;
  sharedWith: string[];
};

const kindLabels = (kinds: readonly string[]) =>
  [...new Set(kinds)].map((kind) => dataKinds[kind as keyof typeof dataKinds].label);
const processorNames = (keys: readonly Processor[]) => keys.map((key) => processors[key].name);

function tableView(name: string, table: TableEntry): InventoryTableView {
  const personal = Object.values(table.columns).filter(
    (column: ColumnEntry): column is PersonalColumn => column.personal,
  );
  const rows = new Map<string, InventoryRowView>();
  for (const column of personal) {
    const keptFor = column.retention?.map((key) => retentionRules[key].summary).join("; ") ?? null;
    const group = JSON.stringify([column.kinds, column.purpose, keptFor, column.sharedWith]);
    const row = rows.get(group);
    if (row) row.labels.push(column.label);
    else
      rows.set(group, {
        labels: [column.label],
        kinds: kindLabels(column.kinds),
        purpose: column.purpose,
        keptFor,
        sharedWith: processorNames(column.sharedWith),
      });
  }
  return {
    name,
    title: table.title,
    purpose: table.purpose,
    keptFor: table.retention.map((scope) => ({
      for: scope.for ?? null,
      summary: retentionRules[scope.rule].summary,
    })),
    kinds: kindLabels(personal.flatMap((column) => column.kinds)),
    rows: [...rows.values()],
  };
}

/** What is kept how long, and why: each retention rule with the records it applies to. */
function retentionView() {
  const appliesTo = new Map<RetentionKey, string[]>();
  const add = (rule: RetentionKey, what: string) =>
    appliesTo.set(rule, [...(appliesTo.get(rule) ?? []), what]);
  for (const table of Object.values(tables) as TableEntry[]) {
    for (const scope of table.retention)
      add(scope.rule, scope.for ? `${table.title}: ${scope.for.toLowerCase()}` : table.title);
    for (const column of Object.values(table.columns)) {
      if (column.personal && column.retention) {
        for (const rule of column.retention) add(rule, `${table.title}: ${column.label.toLowerCase()}`);
      }
    }
  }
  for (const record of Object.values(otherRecords) as OtherRecord[]) add(record.retention, record.title);
  add("browserStorage", "Cookies and browser storage");
  return [...appliesTo.entries()].map(([rule, records]) => ({
    rule,
    records: [...new Set(records)],
    summary: retentionRules[rule].summary,
    reason: retentionRules[rule].reason,
  }));
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The summary's lists that come from the inventory: the network address, the companies, the periods. */
function summaryView() {
  const { collect } = privacyPolicy.summary;
  const networkAddress = `Your network (IP) address, to stop anyone flooding the checkout or our forms: ${lowerFirst(retentionRules.rateLimitCounter.summary)}.`;
  const kept = (what: string, rule: RetentionKey) => ({ what, period: retentionRules[rule].summary });
  return {
    collect: [...collect.slice(0, -1), networkAddress, ...collect.slice(-1)],
    sharing: Object.values(processors).map((processor) => ({
      name: processor.name,
      does: processor.inShort,
    })),
    keeping: [
      kept("Orders, subscriptions, refunds and payment records (our tax records)", "order"),
      kept("Contact messages and guarantee requests", "contactMessage"),
      kept("Reviews", "review"),
      kept("Your newsletter address", "newsletterUnsubscribed"),
      kept("The content of the e-mails we send you", "emailContent"),
      kept("Server logs", "serverLogs"),
    ],
  };
}

/**
 * What the policy's opening shows (the intro, the summary, the full text's toggle), for the route's
 * loader: prerendered, it travels as data, not JavaScript. The full text reads the rest from this module
 * only when it renders (privacy-full-text.tsx, decision 146).
 */
export function privacyOpeningData() {
  const { lead, effectiveDate, effectiveDateLabel, changeNotice, summary, whoWeAre, rights } = privacyPolicy;
  return {
    copy: {
      lead,
      effectiveDate,
      effectiveDateLabel,
      changeNotice,
      summary,
      whoWeAre,
      rights: { formLabel: rights.formLabel },
    },
    summary: summaryView(),
    requestHref: privacyRequestHref,
  };
}

export type PrivacyOpeningData = ReturnType<typeof privacyOpeningData>;

/** What the policy's full text shows: every table of the inventory (privacy-full-text.tsx). */
export function privacyFullTextData() {
  return {
    copy: privacyPolicy,
    requestHref: privacyRequestHref,
    tables: Object.entries(tables).map(([name, table]) => tableView(name, table)),
    otherRecords: Object.entries(otherRecords).map(
      ([id, record]): OtherRecordView => ({
        id,
        title: record.title,
        what: record.what,
        kinds: kindLabels(record.kinds),
        purpose: record.purpose,
        keptFor: retentionRules[record.retention].summary,
        sharedWith: processorNames(record.sharedWith),
      }),
    ),
    stripeCheckout,
    retention: retentionView(),
    processors: Object.values(processors).map((processor) => ({
      name: processor.name,
      role: processor.role,
      receives: processor.receives,
      policyUrl: "policyUrl" in processor ? processor.policyUrl : null,
    })),
    browserStorage,
  };
}
