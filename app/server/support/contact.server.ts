import { createHash } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { support } from "~/content/site";
import { CONTACT_TOPICS } from "~/contracts/support";
import type { Db } from "~/server/db/client.server";
import { contactMessages, emailDeliveries } from "~/server/db/schema";
import { defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import {
  type ContactAcknowledgement,
  type ContactMessage,
  contactAcknowledgementPayload,
  contactMessagePayload,
  renderContactAcknowledgement,
  renderContactForSupport,
} from "~/server/mail/templates/support-messages";
import type { Logger } from "~/server/runtime/logger.server";
import type { ContactInput } from "./support-inputs.server";

/**
 * The contact form (issue 17 item 2): each message is stored, and in the same transaction queued in
 * the outbox to the support address with the sender as Reply-To, and, as an acknowledgement, to the
 * address typed. That address is not proven to be the sender's, so the acknowledgement carries nothing
 * the visitor wrote (no name, no message, no order number: only the topic's label and a reference), and
 * it is limited twice: once per address per ACK_WINDOW_MS (its dedupe key is the address and the window),
 * and to ACK_OVERALL_PER_HOUR for the whole site, so the form relays no one's text and floods no inbox
 * however many addresses and networks send (issue 38 item 2; docs/decisions/090). The copy to support
 * always goes.
 */
export const CONTACT_FOR_SUPPORT = "contact_for_support";
export const CONTACT_ACKNOWLEDGEMENT = "contact_acknowledgement";
export const ACK_WINDOW_MS = 10 * 60_000;
/** Acknowledgements the whole site sends in any hour; past it, messages still reach support. */
export const ACK_OVERALL_PER_HOUR = 30;
/** Serialises the overall count of acknowledgements (one advisory lock, this use only). */
const ACK_LOCK = 380_002;

export const contactForSupportTemplate = defineEmailTemplate<ContactMessage>({
  kind: CONTACT_FOR_SUPPORT,
  payload: contactMessagePayload,
  render: renderContactForSupport,
});

export const contactAcknowledgementTemplate = defineEmailTemplate<ContactAcknowledgement>({
  kind: CONTACT_ACKNOWLEDGEMENT,
  payload: contactAcknowledgementPayload,
  render: renderContactAcknowledgement,
});

export interface Contact {
  /** Stores the message and queues its two e-mails; answers the stored message's id. */
  send(input: Omit<ContactInput, "website">): Promise<{ id: string }>;
}

export type ContactDeps = { db: Db; outbox: Outbox; logger: Logger; now?: () => Date };

/** The address's identity for the acknowledgement cap: lower-cased, hashed (no address in a key). */
const addressKey = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("hex");

/**
 * Whether the site may acknowledge one more message this hour. Counted under a transaction-scoped
 * advisory lock, so messages arriving together cannot each see room for one more.
 */
async function acknowledgementsLeft(tx: Db, at: Date): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACK_LOCK}::bigint)`);
  const [sent] = await tx
    .select({ total: count() })
    .from(emailDeliveries)
    .where(
      and(
        eq(emailDeliveries.kind, CONTACT_ACKNOWLEDGEMENT),
        gt(emailDeliveries.createdAt, new Date(at.getTime() - 3_600_000)),
      ),
    );
  return Number(sent?.total ?? 0) < ACK_OVERALL_PER_HOUR;
}

export function createContact(deps: ContactDeps): Contact {
  const { db, outbox, logger } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async send(input) {
      const at = now();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({
            name: input.name,
            email: input.email,
            orderNumber: input.orderNumber || null,
            topic: input.topic,
            message: input.message,
            createdAt: at,
          })
          .returning({ id: contactMessages.id });
        if (!row) throw new Error("contact message not stored");
        const payload: ContactMessage = {
          messageId: row.id,
          name: input.name,
          email: input.email,
          orderNumber: input.orderNumber,
          topicLabel: CONTACT_TOPICS[input.topic as keyof typeof CONTACT_TOPICS],
          message: input.message,
          receivedAt: at.toISOString(),
        };
        await outbox.enqueue(tx, {
          kind: CONTACT_FOR_SUPPORT,
          dedupeKey: row.id,
          to: support.email,
          payload,
        });
        const window = Math.floor(at.getTime() / ACK_WINDOW_MS);
        if (await acknowledgementsLeft(tx, at)) {
          const acknowledgement: ContactAcknowledgement = {
            messageId: row.id,
            topicLabel: payload.topicLabel,
            receivedAt: payload.receivedAt,
          };
          await outbox.enqueue(tx, {
            kind: CONTACT_ACKNOWLEDGEMENT,
            dedupeKey: `${addressKey(input.email)}:${window}`,
            to: input.email,
            payload: acknowledgement,
          });
        } else {
          logger.warn({ contactMessageId: row.id }, "contact acknowledgement not sent: the hour's are spent");
        }
        return row.id;
      });
      logger.info({ contactMessageId: id, topic: input.topic }, "contact message stored");
      outbox.nudge();
      return { id };
    },
  };
}
