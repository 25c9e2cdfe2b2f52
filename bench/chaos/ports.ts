/**
 * The ports the chaos run listens on itself (HAProxy, the three instances, the emulators' test hooks,
 * the database proxy, Redis): taken from one range, CHAOS_PORTS ("5600-5699" by default), so a run
 * keeps clear of the other servers on this machine (the end-to-end servers on 43xx/44xx). Each port is
 * probed free on 127.0.0.1 before it is handed out, from a random place in the range, so two runs at
 * once rarely meet; a range with no free port left is an error that names it.
 */
import net from "node:net";

export const DEFAULT_PORT_RANGE = "5600-5699";

export type PortRange = { first: number; last: number };

export function parsePortRange(text: string): PortRange {
  const match = /^\s*(\d{1,5})\s*-\s*(\d{1,5})\s*$/.exec(text);
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (!match || first < 1024 || last > 65_535 || first > last) {
    throw new Error(`CHAOS_PORTS must be a range like 5600-5699 (ports 1024-65535), not "${text}"`);
  }
  return { first, last };
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "127.0.0.1", exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** Hands out free ports of `range`, never the same one twice. */
export function portAllocator(range: PortRange): () => Promise<number> {
  const size = range.last - range.first + 1;
  const given = new Set<number>();
  let offset = Math.floor(Math.random() * size);
  return async () => {
    for (let tried = 0; tried < size; tried++) {
      const port = range.first + ((offset + tried) % size);
      if (given.has(port) || !(await isFree(port))) continue;
      given.add(port);
      offset = (offset + tried + 1) % size;
      return port;
    }
    throw new Error(
      `no free port left in ${range.first}-${range.last} (CHAOS_PORTS): another chaos run, or something else, holds them`,
    );
  };
}
