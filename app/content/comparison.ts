import { prices } from "./pricing";
import { dosing } from "./product";

/** Natural support against testosterone replacement therapy (home and the Enhancer page's tab). */
export const comparison = {
  eyebrow: "The difference",
  title: "Natural support vs TRT",
  columns: { natural: "Forge Enhancer", trt: "TRT (prescription)" },
  rows: [
    { label: "How you take it", natural: dosing.label, trt: "Injections, gels or pellets" },
    { label: "Needles", natural: "None", trt: "Often, for injections" },
    { label: "Prescription", natural: "Not needed", trt: "Required" },
    {
      label: "Lab work",
      natural: "Optional, with an at-home test kit",
      trt: "Regular blood tests to stay on it",
    },
    {
      label: "What it does",
      natural: "Supports your body's own production with 14 researched ingredients",
      trt: "Supplies testosterone from outside the body",
    },
    {
      label: "Strength of the evidence",
      natural: "Moderate to weak, ingredient by ingredient (see the Deep Dive)",
      trt: "A prescription medicine for diagnosed low testosterone",
    },
    { label: "Cost", natural: `$${prices.enhancer} a month`, trt: "Varies with insurance and clinic" },
  ],
  note: "TRT is a medical treatment decided with a doctor. Forge Enhancer is a dietary supplement: it does not replace it.",
} as const;
