import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { faqEntries } from "~/content/faq-page";
import { emailsWeSend, processors } from "~/content/legal/data-inventory";
import { plainText } from "~/content/rich-text";

/**
 * Issue 32 item 8: the privacy policy's entry for the e-mail provider names every e-mail the site sends
 * (review invitations were missing), and the FAQ says what is shared and why instead of "We do not sell
 * or share your personal data".
 */

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The outbox kind of every e-mail template the server defines (`defineEmailTemplate({ kind: NAME … })`). */
function definedEmailKinds(): string[] {
  return sourceFiles("app/server").flatMap((file) => {
    const source = readFileSync(file, "utf8");
    return [...source.matchAll(/defineEmailTemplate(?:<[^>]*>)?\(\{\s*kind:\s*([A-Z_]+)/g)].map(
      ([, name]) => {
        const value = new RegExp(`export const ${name} = "([a-z_]+)"`).exec(source)?.[1];
        if (!value) throw new Error(`${file}: the value of ${name} was not found`);
        return value;
      },
    );
  });
}

describe("the e-mails the e-mail provider receives", () => {
  it("lists every e-mail the server defines, and no other", () => {
    const kinds = definedEmailKinds();
    expect(kinds.length).toBeGreaterThanOrEqual(8);
    expect(kinds).toContain("review_invitation");
    expect(Object.keys(emailsWeSend).sort()).toEqual([...new Set(kinds)].sort());
  });

  it("names each of them in the provider's entry, review invitations included", () => {
    for (const email of Object.values(emailsWeSend)) expect(processors.mail.receives).toContain(email);
    expect(processors.mail.receives).toContain("review invitations");
    expect(processors.mail.inShort).toContain("review invitations");
  });
});

describe("the FAQ on personal data", () => {
  const answer = plainText(faqEntries.find((entry) => entry.id === "personal-data")?.answer ?? []);

  it("no longer says the data is never shared", () => {
    expect(answer).not.toMatch(/do not (sell or )?share/i);
    expect(answer).toContain("We never sell your personal data");
  });

  it("says who receives it to serve the order, and why", () => {
    for (const processor of [processors.stripe, processors.shopify])
      expect(answer).toContain(`${processor.name} ${processor.inShort}`);
    expect(answer).toContain(`our e-mail provider ${processors.mail.inShort}`);
    expect(answer).toContain("review invitations");
  });
});
