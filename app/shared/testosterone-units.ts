/**
 * Testosterone's two units (facts/testing.md): 1 nmol/L = 28.84 ng/dL. A result in nmol/L is shown in
 * ng/dL as well, so every result of a person can be read, and drawn, on one scale. Pure, for the server
 * and the browser alike.
 */

export const NG_DL_PER_NMOL_L = 28.84;

export type TestosteroneUnit = "ng/dL" | "nmol/L";

/** The value in ng/dL, rounded to one decimal (a lab reports to about three significant figures). */
export function toNgDl(value: number, unit: TestosteroneUnit): number {
  const ngDl = unit === "ng/dL" ? value : value * NG_DL_PER_NMOL_L;
  return Math.round(ngDl * 10) / 10;
}
