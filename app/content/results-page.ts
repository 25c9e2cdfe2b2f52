/**
 * The results page's words (issue 35 item 6), written from ../shared/facts/testing.md: one result is not
 * a diagnosis, a low result is repeated on another early morning, and a result outside the lab's range is
 * a reason to see a doctor. The range shown is always the lab's own, reported with the result.
 */
export const resultsPage = {
  signedOut: {
    lead: "Your test kit's results appear here once the lab has tested your sample. Sign in with the e-mail address you registered the kit with.",
    signIn: "Sign in to see your results",
    quiz: "Take the T-Quiz",
    quizAfter: "for your plan: 9 questions, 2 minutes.",
  },
  lead: (email: string) => `Signed in as ${email}. Only you see these results.`,
  none: {
    heading: "No results yet",
    text: "When the lab has tested the sample of a kit you registered, its result appears here and we e-mail you that it is ready.",
    register: "Register a kit",
  },
  kitStates: {
    registered: "Registered: waiting for your sample to reach the lab",
    sample_received: "The lab has your sample: results in 3-5 days from when it arrived",
    rejected: "The lab could not test this sample: a free replacement kit is on its way",
  },
  flags: {
    low: {
      label: "Below the lab's range",
      advice:
        "Testosterone varies from day to day and is highest in the morning, so a low result is repeated on another morning, with the sample taken between 7 and 10 a.m., before anyone acts on it. A result outside the range, or a low result with symptoms, is a reason to see a doctor: take this result with you.",
    },
    normal: {
      label: "Within the lab's range",
      advice:
        "Your result is inside the range the lab reported with it. One result is a snapshot of one morning, not a diagnosis.",
    },
    high: {
      label: "Above the lab's range",
      advice:
        "A result outside the range the lab reported is a reason to see a doctor: take this result with you, and tell them about any supplements or medicines you take.",
    },
    none: {
      label: "No range reported",
      advice:
        "The lab did not report a range with this result. One result is not a diagnosis: a doctor can tell you what it means for you.",
    },
  },
  meaning: {
    heading: "What a result can tell you",
    points: [
      "One result is a snapshot of one morning, not a diagnosis. Testosterone follows a daily rhythm, highest in the morning, and varies from day to day.",
      "A low result is repeated on another morning before anyone treats it (Endocrine Society guideline: Bhasin et al., 2018, J Clin Endocrinol Metab). The American Urological Association uses a total testosterone below 300 ng/dL on two separate early mornings as a reasonable cut-off for low testosterone (Mulhall et al., 2018, J Urol).",
      "The range beside each result is the one the lab reported with it. Compare a result with its own lab's range, not with another's.",
      "A result outside the lab's range, or symptoms with a low result, is a reason to see a doctor.",
    ],
  },
  corrected: "The lab corrected this result. Earlier versions:",
  kept: (day: string) => `Kept until ${day}, 12 months after it arrived; we e-mail you 30 days before.`,
  delete: {
    open: "Delete this result",
    text: "Deleting removes the value and its earlier versions from our records now. It cannot be undone; download your results first if you want a copy.",
    confirm: "Delete it permanently",
    done: "The result is deleted.",
  },
  download: {
    heading: "Download my results",
    text: "Every result and each earlier version, as an HL7 FHIR R4 Bundle (JSON): the format labs and health records exchange.",
    link: "Download my results (FHIR JSON)",
  },
} as const;
