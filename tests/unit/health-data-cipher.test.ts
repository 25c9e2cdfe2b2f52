import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createHealthDataCipher,
  HealthDataSealError,
  parseHealthDataKeys,
} from "~/server/health-data/cipher.server";
import { parseEnv } from "~/server/runtime/env.server";
import { parseLaunchedEnv } from "../support/launched-env";

const key = (id: string) => ({ id, key: randomBytes(32) });

describe("health data sealed at rest (decision 100)", () => {
  it("opens what it sealed, and the sealed text shows neither the value nor a repeat of itself", () => {
    const cipher = createHealthDataCipher([key("k1")]);
    const first = cipher.seal("1987-04-12", "kit_registrations:42:dob");
    const second = cipher.seal("1987-04-12", "kit_registrations:42:dob");
    expect(first).not.toContain("1987");
    expect(first).not.toBe(second);
    expect(first.startsWith("hd1.k1.")).toBe(true);
    expect(cipher.open(first, "kit_registrations:42:dob")).toBe("1987-04-12");
    expect(cipher.keyIdOf(second)).toBe("k1");
  });

  it("refuses a value altered by one character, moved to another row, or sealed under an unknown key", () => {
    const cipher = createHealthDataCipher([key("k1")]);
    const sealed = cipher.seal("612 ng/dL", "results:7");
    const body = sealed.split(".")[3] ?? "";
    const flipped = `${sealed.slice(0, -body.length)}${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
    expect(() => cipher.open(flipped, "results:7")).toThrow(HealthDataSealError);
    expect(() => cipher.open(sealed, "results:8")).toThrow(HealthDataSealError);
    expect(() => createHealthDataCipher([key("k2")]).open(sealed, "results:7")).toThrow(/not configured/);
    expect(() => cipher.open("612 ng/dL", "results:7")).toThrow(HealthDataSealError);
  });

  it("rotates: the first key seals, an older listed key still opens what it sealed", () => {
    const old = key("2025");
    const sealedBefore = createHealthDataCipher([old]).seal("answers", "quiz:1");
    const rotated = createHealthDataCipher([key("2026"), old]);
    expect(rotated.open(sealedBefore, "quiz:1")).toBe("answers");
    expect(rotated.keyIdOf(rotated.seal("answers", "quiz:1"))).toBe("2026");
    expect(rotated.currentKeyId).toBe("2026");
  });

  it("reads HEALTH_DATA_KEYS as id:base64 pairs and names what is wrong with a bad one", () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    const keys = parseHealthDataKeys(` new:${a.toString("base64")} , old:${b.toString("base64url")} `);
    expect(keys.map((k) => k.id)).toEqual(["new", "old"]);
    expect(keys[0]?.key.equals(a)).toBe(true);
    expect(keys[1]?.key.equals(b)).toBe(true);
    expect(() => parseHealthDataKeys(`k:${randomBytes(16).toString("base64")}`)).toThrow(/32 bytes/);
    expect(() => parseHealthDataKeys(randomBytes(32).toString("base64"))).toThrow(/id:key/);
    expect(() => parseHealthDataKeys(`k:${a.toString("base64")},k:${b.toString("base64")}`)).toThrow(/twice/);
    expect(() => parseEnv({ HEALTH_DATA_KEYS: "k:short" })).toThrow(
      /HEALTH_DATA_KEYS key "k" must be 32 bytes/,
    );
  });

  it("is required with a live Stripe key, so a real store never keeps its key beside the data", () => {
    expect(() =>
      parseLaunchedEnv({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }),
    ).toThrow(/HEALTH_DATA_KEYS/);
  });
});
