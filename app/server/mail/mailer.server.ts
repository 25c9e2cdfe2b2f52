import nodemailer from "nodemailer";
import { ProviderError } from "~/server/errors.server";

/**
 * The one SMTP adapter: nodemailer over SMTP_URL, from MAIL_FROM. One connection per message (no pool),
 * so a mail server that restarts between messages costs nothing, with timeouts short enough that a
 * stuck server is given up on well inside the outbox's claim (outbox.server.ts).
 */

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes (e.g. the support address). */
  replyTo?: string;
  /** A stable Message-ID (`<id@domain>`), so a receiver can recognise a repeat. */
  messageId?: string;
  /** Extra headers (List-Unsubscribe). Values never come from visitors' input unchecked. */
  headers?: Record<string, string>;
  /** Aborts the send (and closes its connection). */
  signal?: AbortSignal;
};

export type SentMail = { messageId: string; response: string };

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  /** The domain of MAIL_FROM, for Message-IDs. */
  readonly domain: string;
  close(): void;
}

export type MailerConfig = {
  smtpUrl: string;
  from: string;
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
};

/** The mail server could not be reached or refused the message: a provider error (decision 073). */
export class MailSendError extends ProviderError {
  constructor(
    message: string,
    /** SMTP reply code when the server answered (4xx: try later; 5xx: refused). */
    readonly responseCode?: number,
  ) {
    super((responseCode ?? 0) >= 500 ? "provider_rejected" : "provider_unavailable", "mail", message, {
      publicMessage: "The mail server could not be reached. Please try again in a moment.",
    });
    this.name = "MailSendError";
  }
}

export function createMailer(config: MailerConfig): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: config.connectionTimeoutMs ?? 10_000,
    greetingTimeout: config.greetingTimeoutMs ?? 10_000,
    socketTimeout: config.socketTimeoutMs ?? 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const domain = /@([^>\s]+)>?\s*$/.exec(config.from)?.[1] ?? "forge.example";

  return {
    domain,
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
          ...(mail.signal ? { signal: mail.signal } : {}),
        } as Parameters<typeof transport.sendMail>[0]);
        const accepted = (info.accepted as unknown[]).map(String);
        if (!accepted.some((address) => address.toLowerCase() === mail.to.toLowerCase()))
          throw new MailSendError(`SMTP server did not accept the recipient: ${String(info.response)}`);
        return { messageId: String(info.messageId), response: String(info.response) };
      } catch (error) {
        if (error instanceof MailSendError) throw error;
        const code = (error as { responseCode?: number }).responseCode;
        throw new MailSendError(error instanceof Error ? error.message : String(error), code);
      }
    },
    close() {
      transport.close();
    },
  };
}
