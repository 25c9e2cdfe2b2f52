import { describe, expect, it } from "vitest";
import { healthFigures, withoutLinks } from "../support/health-figures";

/** The tests' own check that a result's value is absent must fail on the value, and only on it. */
describe("healthFigures and withoutLinks", () => {
  const value = healthFigures(["512", "264"], [/ng\/dL/]);

  it("finds the value written any way a page or e-mail would", () => {
    for (const text of ["Your result: 512", "512 ng/dL", "value 512.3", '{"value":512}', "(264)", "ng/dl"]) {
      expect(text).toMatch(value);
    }
  });

  it("does not find it inside a port, a token or a kit ID", () => {
    const mail =
      "See my result: http://127.0.0.1:42649/results?t=a512b\nKit 7K3M-A512-2HWD, port 45120, 15128";
    expect(withoutLinks(mail)).not.toMatch(value);
    expect(mail).toMatch(/264/);
  });
});
