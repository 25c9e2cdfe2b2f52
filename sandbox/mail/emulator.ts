import { randomUUID } from "node:crypto";
import type { AddressInfo, Server } from "node:net";
import express from "express";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { escapeHtml } from "../html";
import { pushBounded } from "../retention";

/**
 * A local SMTP server (`smtp-server`) for the app's nodemailer, keeping what it receives in memory,
 * and pages that list it: `/__sandbox/mail` (HTML) and `/__sandbox/mail/messages.json` (for tests).
 * A test hook refuses connections for a while, as a mail server that is down does
 * (docs/decisions/031-checkout-emulators.md). Standalone, a test starts one and points server processes at
 * `smtpUrl`.
 */

export type ReceivedMail = {
  id: string;
  messageId: string | null;
  from: string | null;
  to: string[];
  /** The SMTP envelope: who the message was actually delivered to. */
  envelope: { from: string | null; to: string[] };
  subject: string;
  /** The Reply-To address, when the message has one. */
  replyTo: string | null;
  /** The Date header. */
  date: string | null;
  receivedAt: string;
  html: string | null;
  text: string | null;
  /** List-Unsubscribe and List-Unsubscribe-Post, when the message has them (newsletter mail). */
  listUnsubscribe: { url: string | null; post: string | null };
};

export type MailEmulatorOptions = {
  host?: string;
  port?: number;
  /** How many messages to keep (oldest dropped first). */
  keep?: number;
  logger?: { info(object: object, message: string): void; warn(object: object, message: string): void };
};

export type MailEmulator = {
  /** For SMTP_URL. */
  smtpUrl: string;
  /** The list pages, to mount (in-process under /__sandbox/mail). */
  router: express.Router;
  messages(): ReceivedMail[];
  /** Resolves with the messages once `predicate` holds for the list (polls). */
  waitFor(predicate: (messages: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  clear(): void;
  /**
   * Refuses SMTP connections for `ms`: "reply" greets every connection with 421 and closes it (a busy or
   * broken server); "close" stops listening, so connections are refused by the operating system.
   */
  refuseConnections(ms: number, mode?: "reply" | "close"): Promise<void>;
  /** Ends a refusal early. */
  acceptConnections(): Promise<void>;
  /** How many connections were refused so far. */
  refusedCount(): number;
  close(): Promise<void>;
};

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  if (!value) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? "").filter(Boolean));
}

export async function startMailEmulator(options: MailEmulatorOptions = {}): Promise<MailEmulator> {
  const host = options.host ?? "127.0.0.1";
  const keep = options.keep ?? 500;
  const logger = options.logger;
  const received: ReceivedMail[] = [];
  let refusingUntil = 0;
  let refusalMode: "reply" | "close" = "reply";
  let refused = 0;
  let reopenTimer: NodeJS.Timeout | undefined;

  const smtp = new SMTPServer({
    secure: false,
    // Loopback only: plain text, any (or no) credentials.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    banner: "Forge mail emulator",
    size: 10 * 1024 * 1024,
    logger: false,
    // On close, connections still open get 421 after this long (smtp-server waits 30 s by default).
    closeTimeout: 1_000,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "sandbox" });
    },
    onConnect(_session, callback) {
      if (Date.now() < refusingUntil) {
        refused += 1;
        const error = Object.assign(
          new Error("Service not available, try again later (mail emulator refusing)"),
          {
            responseCode: 421,
          },
        );
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error("Message too large"), { responseCode: 552 }));
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            const mail: ReceivedMail = {
              id: randomUUID(),
              messageId: parsed.messageId ?? null,
              from: addresses(parsed.from)[0] ?? null,
              to: addresses(parsed.to),
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              },
              subject: parsed.subject ?? "",
              replyTo: addresses(parsed.replyTo)[0] ?? null,
              date: parsed.date ? parsed.date.toISOString() : null,
              receivedAt: new Date().toISOString(),
              html: typeof parsed.html === "string" ? parsed.html : null,
              text: parsed.text ?? null,
              listUnsubscribe: {
                url:
                  parsed.headerLines
                    .find((h) => h.key === "list-unsubscribe")
                    ?.line.replace(/^[^:]+:\s*/, "") ?? null,
                post:
                  parsed.headerLines
                    .find((h) => h.key === "list-unsubscribe-post")
                    ?.line.replace(/^[^:]+:\s*/, "") ?? null,
              },
            };
            pushBounded(received, mail, keep);
            logger?.info({ to: mail.to, subject: mail.subject }, "mail emulator: message received");
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  smtp.on("error", (error) => logger?.warn({ err: error }, "mail emulator: SMTP error"));

  const net = (smtp as unknown as { server: Server }).server;
  let port = options.port ?? 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      net.once("error", onError);
      smtp.listen(port, host, () => {
        net.off("error", onError);
        resolve();
      });
    });
  await listen();
  port = (net.address() as AddressInfo).port;
  const smtpUrl = `smtp://${host.includes(":") ? `[${host}]` : host}:${port}`;
  logger?.info({ smtpUrl }, "mail emulator listening");

  async function acceptConnections() {
    refusingUntil = 0;
    clearTimeout(reopenTimer);
    if (refusalMode === "close" && !net.listening) await listen();
    refusalMode = "reply";
  }

  const router = express.Router();
  const list = () => [...received].reverse();
  router.get("/messages.json", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ messages: list() });
  });
  router.get("/:id/html", (req, res) => {
    const mail = received.find((entry) => entry.id === req.params.id);
    if (!mail?.html) {
      res.status(404).type("text").send("No HTML body for that message.");
      return;
    }
    // The message as sent; no script may run in it.
    res.setHeader(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; font-src https:; frame-ancestors 'self'",
    );
    res.setHeader("Cache-Control", "no-store");
    res.type("html").send(mail.html);
  });
  router.get("/", (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (req.accepts(["html", "json"]) === "json") {
      res.json({ messages: list() });
      return;
    }
    // Links are absolute under wherever the router is mounted (/__sandbox/mail, or / standalone).
    const base = escapeHtml(req.baseUrl);
    const rows = list()
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject || "(no subject)")}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(mail.to.join(", ") || mail.envelope.to.join(", "))}</dd>
    <dt>From</dt><dd>${escapeHtml(mail.from ?? "")}</dd>
    <dt>Received</dt><dd><time datetime="${mail.receivedAt}">${escapeHtml(
      new Date(mail.receivedAt).toUTCString(),
    )}</time></dd>
  </dl>
  <p>${mail.html ? `<a href="${base}/${encodeURIComponent(mail.id)}/html">Open the HTML body</a>` : "No HTML body."}</p>
  <details><summary>Plain-text body</summary><pre>${escapeHtml(mail.text ?? "(none)")}</pre></details>
</article>`,
      )
      .join("\n");
    res.type("html").send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox mail (${received.length})</title>
<style>
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #111827; background: #f9fafb; }
main { max-width: 56rem; margin: 0 auto; padding: 2rem 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
article { background: #fff; border: 1px solid #d1d5db; border-radius: .75rem; padding: 1rem 1.25rem; margin: 1rem 0; }
article h2 { font-size: 1.125rem; margin: 0 0 .5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .125rem 1rem; margin: 0 0 .5rem; }
dt { color: #4b5563; } dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; background: #f3f4f6; padding: .75rem; border-radius: .5rem; font-size: .875rem; }
a { color: #1d4ed8; }
a:focus-visible, summary:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Sandbox mail</h1>
<p>Messages the site sent to the local SMTP server (${escapeHtml(smtpUrl)}), newest first. Nothing here left this
machine. <a href="${base}/messages.json">JSON</a></p>
${rows || "<p>No messages yet.</p>"}
</main>
</body>
</html>`);
  });

  return {
    smtpUrl,
    router,
    messages: () => list(),
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const snapshot = list();
        if (predicate(snapshot)) return snapshot;
        if (Date.now() > deadline) throw new Error(`mail emulator: condition not met within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    clear() {
      received.length = 0;
    },
    async refuseConnections(ms, mode = "reply") {
      refusingUntil = Date.now() + ms;
      refusalMode = mode;
      clearTimeout(reopenTimer);
      if (mode === "close") {
        await new Promise<void>((resolve) => net.close(() => resolve()));
        reopenTimer = setTimeout(() => void acceptConnections().catch(() => {}), ms);
        reopenTimer.unref();
      }
    },
    acceptConnections,
    refusedCount: () => refused,
    async close() {
      clearTimeout(reopenTimer);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
