import net from "node:net";

/**
 * A TCP proxy in front of a server (PostgreSQL) that can go silent without closing anything: while
 * silent it keeps accepting connections and keeps every connection open, but delivers nothing either
 * way, as a database host that froze, or a network that stopped delivering, looks to a client. No
 * FIN, no RST: only a timeout can tell the client that something is wrong.
 *
 * Two ways of going silent:
 * - `hold`: what is sent is held and delivered, in order, once the proxy speaks again, as for a frozen
 *   server (SIGSTOP, a stalled disk) or a partition that heals before TCP gives up: a statement its
 *   client gave up on may still run afterwards.
 * - `drop`: what is sent is discarded, and the connections open while silent stay silent for good (a
 *   firewall or NAT that lost their state); only connections opened afterwards are served.
 */
export type SilenceMode = "hold" | "drop";

type Held = { to: net.Socket; chunk: Buffer | null };
type Pair = { client: net.Socket; upstream: net.Socket; deaf: boolean; held: Held[] };

export type SilenceableProxy = {
  /** The target's URL with its host and port replaced by the proxy's. */
  urlFor(targetUrl: string): string;
  readonly port: number;
  /** Chunks (and new connections) from clients since the last `silence()` that were held or dropped. */
  readonly unansweredChunks: number;
  silence(mode: SilenceMode): void;
  speak(): void;
  close(): Promise<void>;
};

export async function startSilenceableProxy(
  target: { host: string; port: number },
  /** Where the proxy listens on 127.0.0.1 (0: a port the system picks). */
  listenPort = 0,
): Promise<SilenceableProxy> {
  const pairs = new Set<Pair>();
  let mode: SilenceMode | null = null;
  let unansweredChunks = 0;

  const deliver = (entry: Held) => {
    if (entry.chunk) entry.to.write(entry.chunk);
    else entry.to.end();
  };
  /** A chunk (or, null, the end) on its way from one side to the other. */
  const pass = (pair: Pair, from: net.Socket, to: net.Socket, chunk: Buffer | null) => {
    if (mode !== null && from === pair.client) unansweredChunks += 1;
    if (mode === "drop") pair.deaf = true;
    if (pair.deaf) return;
    if (mode === "hold") pair.held.push({ to, chunk });
    else deliver({ to, chunk });
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    // A connection opened while dropping is deaf from the start.
    const pair: Pair = { client, upstream, deaf: mode === "drop", held: [] };
    pairs.add(pair);
    if (mode !== null) unansweredChunks += 1;
    client.on("data", (chunk: Buffer) => pass(pair, client, upstream, chunk));
    upstream.on("data", (chunk: Buffer) => pass(pair, upstream, client, chunk));
    client.on("end", () => pass(pair, client, upstream, null));
    upstream.on("end", () => pass(pair, upstream, client, null));
    const destroy = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", destroy);
    upstream.on("error", destroy);
    // The client gave up on a deaf connection: the server's end is closed too (as a reset that got
    // through would), so it does not hold a session, and its locks, until its own keep-alive.
    client.on("close", () => {
      if (pair.deaf) destroy();
    });
    upstream.on("close", () => {
      if (!pair.deaf && pair.held.length === 0) destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    urlFor(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    get unansweredChunks() {
      return unansweredChunks;
    },
    silence(next) {
      mode = next;
      unansweredChunks = 0;
      if (next === "drop") for (const pair of pairs) pair.deaf = true;
    },
    speak() {
      mode = null;
      for (const pair of pairs) {
        for (const entry of pair.held.splice(0)) deliver(entry);
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
