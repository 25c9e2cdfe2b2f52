import { createHash } from "node:crypto";
import { support } from "~/content/site";
import { CONTACT_TOPICS } from "~/contracts/support";
import type { Db } from "~/server/db/client.server";
import { contactMessages } from "~/server/db/schema";
import { defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import {
  type ContactMessage,
  contactMessagePayload,
  renderContactAcknowledgement,
  renderContactForSupport,
} from "~/server/mail/templates/support-messages";
import type { Logger } from "~/server/runtime/logger.server";
import type { ContactInput } from "./support-inputs.server";

/**
 * The contact form (issue 17 item 2): each message is stored, and in the same transaction queued twice
 * in the outbox: to the support address with the sender as Reply-To, and to the sender as an
 * acknowledgement. The acknowledgement goes to an address at most once per ACK_WINDOW_MS (its dedupe
 * key is the address and the window), so the form cannot be used to flood someone's inbox; the copy
 * to support always goes.
 */
export const CONTACT_FOR_SUPPORT = "contact_for_support";
export const CONTACT_ACKNOWLEDGEMENT = "contact_acknowledgement";
export const ACK_WINDOW_MS = 10 * 60_000;

export const contactForSupportTemplate = defineEmailTemplate<ContactMessage>({
  kind: CONTACT_FOR_SUPPORT,
  payload: contactMessagePayload,
  render: renderContactForSupport,
});

export const contactAcknowledgementTemplate = defineEmailTemplate<ContactMessage>({
  kind: CONTACT_ACKNOWLEDGEMENT,
  payload: contactMessagePayload,
  render: renderContactAcknowledgement,
});

export interface Contact {
  /** Stores the message and queues its two e-mails; answers the stored message's id. */
  send(input: Omit<ContactInput, "website">): Promise<{ id: string }>;
}

export type ContactDeps = { db: Db; outbox: Outbox; logger: Logger; now?: () => Date };

/** The address's identity for the acknowledgement cap: lower-cased, hashed (no address in a key). */
const addressKey = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("hex");

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
        await outbox.enqueue(tx, {
          kind: CONTACT_ACKNOWLEDGEMENT,
          dedupeKey: `${addressKey(input.email)}:${window}`,
          to: input.email,
          payload,
        });
        return row.id;
      });
      logger.info({ contactMessageId: id, topic: input.topic }, "contact message stored");
      outbox.nudge();
      return { id };
    },
  };
}
