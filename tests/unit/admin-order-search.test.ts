import { describe, expect, it } from "vitest";
import { orderSearchOf } from "~/server/admin/admin-orders.server";

/** The back office's order search (decision 088): what the box takes, and what it refuses to guess. */
describe("orderSearchOf", () => {
  it("reads an empty box as every order", () => {
    for (const raw of [null, undefined, "", "   "]) expect(orderSearchOf(raw)).toEqual({ kind: "all" });
  });

  it("reads an order number with or without its #", () => {
    for (const raw of ["1042", "#1042", " # 1042 ", "#1042\n"])
      expect(orderSearchOf(raw), JSON.stringify(raw)).toEqual({ kind: "number", orderNumber: 1042 });
  });

  it("reads a whole e-mail address, compared without case", () => {
    expect(orderSearchOf(" Sam.Buyer@Example.COM ")).toEqual({
      kind: "email",
      email: "sam.buyer@example.com",
    });
  });

  it("refuses what it would have to guess at: names, parts of addresses, zero, numbers past any order", () => {
    for (const raw of [
      "Bob Smith",
      "example.com",
      "@example.com",
      "sam@",
      "a b@c.d",
      "0",
      "#0",
      "1e3",
      "-5",
      "9".repeat(16),
    ])
      expect(orderSearchOf(raw), raw).toEqual({ kind: "unreadable" });
    expect(orderSearchOf(`${"a".repeat(310)}@example.com`)).toEqual({ kind: "unreadable" });
  });
});
