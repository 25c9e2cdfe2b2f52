import { afterEach, describe, expect, it, vi } from "vitest";
import { withinTime } from "~/server/time-limit.server";

describe("withinTime", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives the work's answer when it comes in time, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    const answer = withinTime(Promise.resolve("ok"), 1_000, () => new Error("late"));
    await expect(answer).resolves.toBe("ok");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes the work's own failure on", async () => {
    await expect(
      withinTime(Promise.reject(new Error("refused")), 1_000, () => new Error("late")),
    ).rejects.toThrow("refused");
  });

  it("rejects with the given error once the time is up, and a late answer changes nothing", async () => {
    vi.useFakeTimers();
    let finish: (value: string) => void = () => {};
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    class Slow extends Error {}
    const answer = withinTime(work, 500, () => new Slow("too slow"));
    const settled = expect(answer).rejects.toBeInstanceOf(Slow);
    await vi.advanceTimersByTimeAsync(499);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    finish("late");
    await expect(answer).rejects.toThrow("too slow");
  });
});
