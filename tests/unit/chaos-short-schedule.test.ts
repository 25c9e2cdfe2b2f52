import net from "node:net";
import { describe, expect, it } from "vitest";
import { parsePortRange, portAllocator } from "../../bench/chaos/ports";
import { buildSchedule } from "../../bench/chaos/schedule";

/**
 * The short chaos run's schedule (decision 134) and the ports the chaos run takes: what the test in
 * `npm test` relies on before any process starts.
 */

describe("the short chaos schedule", () => {
  const seeds = Array.from({ length: 200 }, (_, i) => i * 7_919 + 1);

  it("is the seed's: the same seed, the same schedule", () => {
    expect(buildSchedule(42, 70, "short")).toEqual(buildSchedule(42, 70, "short"));
    expect(buildSchedule(42, 70, "short")).not.toEqual(buildSchedule(43, 70, "short"));
  });

  it("for any seed: three instance faults, one in each third of the window, one freeze, all inside the window", () => {
    for (const seed of seeds) {
      const { window, faults } = buildSchedule(seed, 70, "short");
      expect(window).toEqual({ start: 10, end: 55 });
      const bounces = faults.filter((f) => f.kind === "kill" || f.kind === "deploy");
      expect(bounces.map((f) => f.kind).sort()).toEqual(["deploy", "kill", "kill"]);
      const third = (window.end - window.start) / 3;
      const thirds = bounces.map((f) => Math.floor((f.at - window.start) / third));
      expect(thirds.sort()).toEqual([0, 1, 2]);
      for (const f of bounces) expect(f.instance).toBeGreaterThanOrEqual(1);
      for (const f of bounces) expect(f.instance).toBeLessThanOrEqual(3);
      expect(faults.filter((f) => f.kind === "postgres-freeze")).toEqual([
        expect.objectContaining({ seconds: 6 }),
      ]);
      expect(faults.map((f) => f.kind)).not.toContain("rolling-restart");
      for (const f of faults) {
        expect(f.at).toBeGreaterThanOrEqual(window.start);
        expect(f.at + f.seconds).toBeLessThanOrEqual(window.end);
      }
    }
  });

  it("the full schedule keeps the issue's faults", () => {
    const kinds = buildSchedule(37, 600).faults.map((f) => f.kind);
    expect(kinds.filter((k) => k === "postgres-freeze")).toHaveLength(2);
    expect(kinds).toContain("rolling-restart");
    expect(kinds.filter((k) => k === "kill").length).toBeGreaterThanOrEqual(15);
  });
});

describe("the chaos run's ports (CHAOS_PORTS)", () => {
  it("reads a range and refuses anything else", () => {
    expect(parsePortRange("5600-5699")).toEqual({ first: 5600, last: 5699 });
    for (const bad of ["5600", "5699-5600", "80-90", "5600-70000", "a-b"]) {
      expect(() => parsePortRange(bad)).toThrow(/CHAOS_PORTS/);
    }
  });

  it("hands out free ports of the range, each once, skipping one in use, and says when none is left", async () => {
    const listen = async (port: number): Promise<net.Server | null> => {
      const server = net.createServer();
      return new Promise((resolve) => {
        server.once("error", () => resolve(null));
        server.listen(port, "127.0.0.1", () => resolve(server));
      });
    };
    const close = (server: net.Server | null) =>
      new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
    // A port in use whose neighbours are free (other work on the machine may hold some).
    let busy: net.Server | null = null;
    let port = 0;
    for (let tries = 0; tries < 20 && !busy; tries++) {
      const candidate = await listen(0);
      if (!candidate) continue;
      port = (candidate.address() as net.AddressInfo).port;
      const neighbours = [await listen(port - 1), await listen(port + 1)];
      await Promise.all(neighbours.map(close));
      if (neighbours.every(Boolean)) busy = candidate;
      else await close(candidate);
    }
    if (!busy) throw new Error("no port with free neighbours found");
    try {
      // A range of three around the port in use: the other two, then an error naming the range.
      const next = portAllocator({ first: port - 1, last: port + 1 });
      const given = [await next(), await next()].sort();
      expect(given).toEqual([port - 1, port + 1]);
      await expect(next()).rejects.toThrow(`no free port left in ${port - 1}-${port + 1}`);
    } finally {
      await close(busy);
    }
  });
});
