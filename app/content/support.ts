import { guarantee } from "./product";
import { brand, company, paths, support } from "./site";

/**
 * The copy of the two support pages (issue 17): `/contact` and `/guarantee`. The guarantee's terms are
 * stated here once; the FAQ, the terms of sale and the e-mails link to the page rather than repeat them.
 */

export const contactPage = {
  lead: `Questions about an order, the formula or the test kit? Write to us and a person from the ${brand.name} team answers.`,
  formHeading: "Send us a message",
  submit: "Send message",
  sending: "Sending…",
  sentHeading: "Message sent",
  sendAnother: "Send another message",
  labels: {
    name: "Your name",
    email: "Your e-mail",
    orderNumber: "Order number",
    topic: "Topic",
    message: "Message",
  },
  hints: {
    orderNumber: "From your confirmation e-mail, like 1042.",
    email: "We reply to this address.",
  },
  topicPlaceholder: "Choose a topic",
  aside: {
    heading: "Other ways to reach us",
    hours: `A person answers ${support.hours}, usually within ${support.replyWithin}.`,
    email: support.email,
    postal: { name: company.legalName, address: company.postalAddress },
    medical:
      "We can't give medical advice. For questions about your health or your medication, talk to your doctor or pharmacist.",
  },
} as const;

export const guaranteeTerms = {
  lead: `If an order from ${brand.name} isn't for you, ask for your money back within ${guarantee.days} days of ordering. Opened bottles included; nothing to send back.`,
  /** Each term: a short heading and its text. */
  terms: [
    {
      heading: "Who",
      text: `Anyone who bought from this site. The request comes from the e-mail address the order was paid with.`,
    },
    {
      heading: "How long",
      text: `${guarantee.days} days, counted from the day you placed the order; the whole last day counts. Your confirmation e-mail shows the order date.`,
    },
    {
      heading: "What is refunded",
      text: `What you paid for the order, taxes included (shipping is free). ${guarantee.coverage} Opened and empty bottles count: you don't need to return anything. One request per order.`,
    },
    {
      heading: "How",
      text: `Use the form below with your order number and e-mail address, or write to ${support.email}. We confirm by e-mail within ${support.replyWithin}, then refund the card you paid with. Banks usually show a refund within 5 to 10 business days.`,
    },
    {
      heading: "What it doesn't cover",
      text: "Orders bought from other sellers, and an order already refunded in full.",
    },
  ],
  formHeading: "Ask for your money back",
  formLead: "Enter the order number and the e-mail address from your confirmation e-mail.",
  labels: { orderNumber: "Order number", email: "E-mail used for the order", reason: "What went wrong?" },
  hints: {
    orderNumber: "From your confirmation e-mail, like 1042.",
    reason: "It helps us make the product better.",
  },
  submit: "Request my refund",
  sending: "Sending…",
  contactLink: { label: "Contact us", to: `${paths.contact}?topic=guarantee` },
} as const;

/** What the guarantee form answers, per outcome (app/server/support/guarantee.server.ts). */
export const guaranteeAnswers = {
  opened: (order: number) =>
    `Your request for order #${order} is open. A copy is on its way to your inbox, and we reply within ${support.replyWithin}.`,
  alreadyOpen: (order: number, openedOn: string) =>
    `A request for order #${order} is already open (since ${openedOn}). We reply by e-mail within ${support.replyWithin}; no need to ask again.`,
  alreadyClosed: (order: number) =>
    `The request for order #${order} has already been handled. If something is still wrong, contact us.`,
  refunded: (order: number) => `Order #${order} has already been refunded in full.`,
  tooLate: (order: number, placedOn: string, endedOn: string) =>
    `Order #${order} was placed on ${placedOn}; its ${guarantee.days} days ended on ${endedOn}. If something went wrong with it, contact us and we'll look at it.`,
  notFound:
    "We couldn't find an order with that number and e-mail address. Check both against your confirmation e-mail.",
} as const;
