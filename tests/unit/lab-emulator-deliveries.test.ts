import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyLabDelivery } from "~/server/lab/lab-auth.server";
import { createDeliveries } from "../../sandbox/lab/deliveries";
import { specimen } from "../../sandbox/lab/fhir";

/**
 * Issue 35 item 5: the lab emulator delivers as a lab's integration does: signed afresh on each attempt
 * (the store's own check accepts it), retried with backoff while the store gives no answer or a 5xx,
 * never retried after a 4xx, and given up after a bounded number of attempts.
 */
const LINK = {
  labId: "sandbox",
  secret: "s".repeat(43),
  labName: "Sandbox Lab (fictional)",
  registeredKits: async () => [],
};

describe("the lab emulator's deliveries", () => {
  let answers: number[] = [];
  let received: { ok: boolean }[] = [];
  let server: http.Server;
  let endpoint = "";
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        const headers = new Headers(req.headers as Record<string, string>);
        received.push({
          ok:
            verifyLabDelivery([{ id: LINK.labId, secret: LINK.secret }], headers, body, Date.now()) !== null,
        });
        res.writeHead(answers.shift() ?? 201, { "content-type": "application/fhir+json" });
        res.end(JSON.stringify({ resourceType: "OperationOutcome", issue: [{ diagnostics: "Recorded." }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/lab/fhir`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  const deliveries = (maxAttempts = 8) =>
    createDeliveries({ endpoint, link: () => LINK, baseDelayMs: 5, maxDelayMs: 20, maxAttempts });

  it("retries a 5xx with backoff, each attempt signed as the store checks it, until delivered", async () => {
    answers = [503, 500];
    received = [];
    const lab = deliveries();
    await lab.send("Sample received", "7K3M-Q9TX-2HWD", specimen("7K3M-Q9TX-2HWD", "received"));
    expect(received).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(lab.log()[0]).toMatchObject({ status: "delivered", attempts: 3, answer: "201 Recorded." });
    lab.close();
  });

  it("does not retry a refusal (4xx), and gives up after its attempts", async () => {
    answers = [422];
    received = [];
    const lab = deliveries(3);
    await lab.send("Result v1", "7K3M-Q9TX-2HWD", specimen("7K3M-Q9TX-2HWD", "received"));
    expect(lab.log()[0]).toMatchObject({ status: "refused", attempts: 1 });
    answers = [503, 503, 503, 503];
    await lab.send("Result v1", "7K3M-Q9TX-2HWD", specimen("7K3M-Q9TX-2HWD", "received"));
    expect(lab.log()[0]).toMatchObject({ status: "given up", attempts: 3 });
    lab.close();
  });

  it("while the store is 'down', attempts get no answer and are retried until it is back", async () => {
    answers = [];
    received = [];
    const lab = deliveries();
    lab.storeDownFor(60);
    await lab.send("Sample received", "7K3M-Q9TX-2HWD", specimen("7K3M-Q9TX-2HWD", "received"));
    const [delivery] = lab.log();
    expect(delivery?.status).toBe("delivered");
    expect(delivery?.attempts).toBeGreaterThan(1);
    expect(received).toHaveLength(1);
    lab.close();
  });
});
