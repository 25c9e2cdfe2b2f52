import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";

/**
 * HTTP helpers for the resilience and hostile-input tests: requests through node:http (arbitrary
 * bytes, time to first byte), raw requests through a socket (headers no client library would send),
 * a TCP proxy that can take Shopify off the network, and the scan for leaked internals.
 */

/** A current desktop Chrome: people get the streamed page (bots wait for all of it, app/entry.server.tsx). */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export type HttpResult = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, decompressed, as UTF-8 text. */
  text: string;
};

export type HttpOptions = {
  method?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** Send the body in chunks without a Content-Length. */
  chunked?: boolean;
  agent?: http.Agent | false;
  timeoutMs?: number;
};

function decoded(res: http.IncomingMessage): NodeJS.ReadableStream {
  const encoding = res.headers["content-encoding"];
  if (encoding === "gzip") return res.pipe(zlib.createGunzip());
  if (encoding === "br") return res.pipe(zlib.createBrotliDecompress());
  if (encoding === "deflate") return res.pipe(zlib.createInflate());
  return res;
}

/** One request through node:http; rejects on a network error (refused, reset, timeout). */
export function httpRequest(url: string, options: HttpOptions = {}): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        agent: options.agent ?? false,
        timeout: options.timeoutMs ?? 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const body = decoded(res);
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        body.on("error", reject);
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 20_000} ms`)));
    req.on("error", reject);
    if (options.body !== undefined && options.chunked) {
      const bytes = Buffer.from(options.body);
      for (let at = 0; at < bytes.length; at += 4096) req.write(bytes.subarray(at, at + 4096));
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

export type TimedResult = HttpResult & {
  /** Milliseconds from sending the request to the first byte of the response (status line). */
  firstByteMs: number;
  /** For each marker, when it first appeared in the decompressed body (ms), or -1. */
  markerMs: Record<string, number>;
  /** The decompressed body as it stood when each marker first appeared. */
  bodyAtMarker: Record<string, string>;
  endMs: number;
};

/** A GET that records when the first byte arrived and when each marker first showed in the body. */
export function timedGet(
  url: string,
  headers: Record<string, string>,
  markers: string[],
): Promise<TimedResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = -1;
    // Bounded: a page that never finishes is an error after 60 s, not a hung test.
    const req = http.get(url, { headers, agent: false, timeout: 60_000 }, (res) => {
      const markerMs: Record<string, number> = Object.fromEntries(markers.map((marker) => [marker, -1]));
      const bodyAtMarker: Record<string, string> = {};
      let text = "";
      const body = decoded(res);
      body.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
        for (const marker of markers) {
          if (markerMs[marker] === -1 && text.includes(marker)) {
            markerMs[marker] = performance.now() - started;
            bodyAtMarker[marker] = text;
          }
        }
      });
      body.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text,
          firstByteMs,
          markerMs,
          bodyAtMarker,
          endMs: performance.now() - started,
        }),
      );
      body.on("error", reject);
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("no complete answer within 60 s")));
    // The first byte of the answer reaches the socket before the response is parsed: time it there.
    req.on("socket", (socket) => {
      socket.once("data", () => {
        if (firstByteMs === -1) firstByteMs = performance.now() - started;
      });
    });
    req.on("error", reject);
  });
}

/**
 * Sends `request` (bytes as they are) on a fresh connection and reads until the server closes it or
 * `timeoutMs` passes. Returns the status (0 when none came) and the whole answer as latin1 text.
 */
export function rawRequest(
  port: number,
  request: Buffer | string,
  timeoutMs = 10_000,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : 0, text });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, timeoutMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("close", done);
    socket.on("error", () => {});
  });
}

/**
 * What must never reach a client: stack frames, file paths of the server, module locations, React
 * Router's bare "Unexpected Server Error". Returns the patterns found (none: clean).
 */
const LEAKS: [string, RegExp][] = [
  ["a stack frame", /^\s*at .+:\d+:\d+\)?\s*$/m],
  ["a stack frame", /\bat (?:async )?[\w$.<>[\] ]+ \((?:file:\/\/|\/|node:)[^)]*\)/],
  ["a server path", /\/work\//],
  ["a server path", /\/home\/[\w.-]+\//],
  ["node_modules", /node_modules/],
  ["a file:// URL", /file:\/\//],
  ["a source file reference", /\.(?:ts|tsx|mts|js|mjs|cjs):\d+/],
  ["an error class and message", /\b(?:TypeError|ReferenceError|SyntaxError|RangeError): /],
  ["React Router's unhandled error page", /Unexpected Server Error/],
];

export function leaksIn(text: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

export function headerText(headers: http.IncomingHttpHeaders): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(", ") : value}`)
    .join("\n");
}

/**
 * A TCP proxy in front of a server (the Shopify emulator): `down()` stops listening and cuts every
 * connection, so the app's calls are refused by the operating system as if the host were gone;
 * `up()` listens again on the same port.
 */
export async function startSwitchableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });
  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    async down() {
      const current = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async up() {
      if (!server) await listen();
    },
    async close() {
      await this.down();
    },
  };
}
