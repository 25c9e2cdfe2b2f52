import { stopSigns } from "~/content/deep-dive";
import { belowStudiedDose, dosing, fdaStatement } from "~/content/product";
import { link, list, notice, p, strong } from "~/content/rich-text";
import { brand, paths } from "~/content/site";
import type { LegalDocument } from "./document";

/**
 * The medical disclaimer (issue 17): the DSHEA statement in full and in bold (issue 20), not medical
 * advice, talk to a doctor, the kit is not a diagnosis, results vary. Written from shared/facts.
 */
export const disclaimer: LegalDocument = {
  eyebrow: "Medical disclaimer",
  lead: `${brand.name} products are dietary supplements and an at-home test, not medicines or medical care. What this site says, and what it does not.`,
  effectiveDate: "2026-11-23",
  sections: [
    {
      id: "fda-statement",
      title: "FDA statement",
      body: [
        notice(strong(fdaStatement)),
        p(
          `The ${brand.name} Enhancer is a dietary supplement. This statement applies to everything this site, its e-mails and its labels say about what the Enhancer or its ingredients may do, including wherever the shorter line "These statements have not been evaluated by the FDA." appears.`,
        ),
      ],
    },
    {
      id: "not-medical-advice",
      title: "Not medical advice",
      body: [
        p(
          "Everything on this site, from the Deep Dive and the FAQ to the videos and our e-mails, is general information. It is not medical advice, and it does not replace a doctor who knows your health.",
        ),
      ],
    },
    {
      id: "talk-to-your-doctor",
      title: "Talk to your doctor first",
      body: [
        p("Talk to your doctor before you start the Enhancer or any supplement, especially if you:"),
        list(
          "have a medical condition, such as liver, kidney or thyroid disease, an autoimmune disease, or a hormone-sensitive condition;",
          "take any medication, such as blood thinners, diabetes or thyroid medication, or testosterone therapy;",
          "have surgery planned.",
        ),
        p(
          "The ",
          link("Deep Dive", `${paths.deepDive}#safety`),
          " lists who should not take the Enhancer, and why. Stop taking it and see a doctor if:",
        ),
        list(...stopSigns.items),
      ],
    },
    {
      id: "test-kit",
      title: "The test kit is not a diagnosis",
      body: [
        p(
          "The at-home kit measures your total testosterone from one finger-prick dried blood spot. It is not a diagnosis and not a medical service. One result cannot tell you whether you have a medical condition: doctors confirm low testosterone with two early-morning blood tests on separate days. Discuss your result with a doctor.",
        ),
      ],
    },
    {
      id: "results-vary",
      title: "Results vary",
      body: [
        p(
          `How the Enhancer works for you depends on you: your starting level, sleep, training, diet and health. Some men notice little. Timings such as "give it ${dosing.expectations.full}" are our guidance for how long to take it before you judge it, not a promise.`,
        ),
        p(
          "The studies the ",
          link("Deep Dive", paths.deepDive),
          ` describes were mostly small, some found nothing, and for ${belowStudiedDose.count} of the ${belowStudiedDose.of} ingredients they used more than one serving has. We show them as they are.`,
        ),
      ],
    },
    {
      id: "information",
      title: "Information, checked but not guaranteed",
      body: [
        p(
          "We write this site's content with care from published studies and public health sources, but science moves and we can make mistakes. Links to studies and other sites are there so you can check for yourself; we do not control those sites.",
        ),
        p("Questions about this disclaimer? ", link("Contact us", paths.contact), "."),
      ],
    },
  ],
};
