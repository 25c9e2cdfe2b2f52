/**
 * The words of the kit results portal (issue 35): registering a kit and the consent it asks for. The
 * consent is its own sentence, asked for on its own, and versioned: a registration records which words
 * were agreed to.
 */

export const RESULTS_CONSENT_VERSION = "2026-11-28";

export const resultsConsent = {
  label:
    "I agree that Forge receives this kit's result from the lab, stores it with my account for 12 months from when it arrives, and shows it only to me when I sign in.",
  hint: "This is only about the result of this kit. It is not a newsletter or marketing consent.",
} as const;

export const registerPage = {
  heading: "Register your kit",
  lead: "Register the kit before you send your sample, so the lab's result reaches your account and no one else's.",
  kitIdLabel: "Kit ID",
  kitIdHint: "Printed on the card in your kit: 12 letters and digits.",
  dateOfBirthLabel: "The tester's date of birth",
  dateOfBirthHint: "The kit is for adults: the person giving the sample must be 18 or over.",
  submit: "Register this kit",
  registeredHeading: "Kit registered",
} as const;

/** What registration answers, in the words the form shows (no detail about any other kit). */
export const registrationMessages = {
  unknown:
    "We can't find a kit with this ID. Check it against the card in your kit; if it still doesn't work, contact us.",
  taken:
    "This kit is already registered. Each kit can be registered once; if you did not register it, contact us.",
  yours: "You have already registered this kit.",
  underAge: "The kit can only be registered for a tester aged 18 or over.",
  dateOfBirth: "Enter the tester's date of birth.",
  consent: "To register the kit, agree that we receive and store its result for you.",
} as const;
