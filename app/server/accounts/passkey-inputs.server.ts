import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";
import { ACCOUNT_DESTINATIONS } from "./shopper-auth.server";

/**
 * What the browser posts in the two passkey ceremonies (decision 116), checked before SimpleWebAuthn
 * reads it: a first call for a challenge (`options`), then the authenticator's answer (`verify`), each
 * field base64url and bounded. Fields the library does not read are dropped.
 */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, "Not base64url.");

const credentialBase = {
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal("public-key"),
  clientExtensionResults: z.object({}).catchall(z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

const transports = z.array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])).max(7);

export const registrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4_000),
    attestationObject: base64url(8_000),
    transports: transports.optional(),
  }),
}) satisfies z.ZodType<RegistrationResponseJSON>;

export const authenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(4_000),
    signature: base64url(1_000),
    userHandle: base64url(200).optional(),
  }),
}) satisfies z.ZodType<AuthenticationResponseJSON>;

const options = z.strictObject({ step: z.literal("options") });

export const passkeyRegistrationInput = z.discriminatedUnion("step", [
  options,
  z.strictObject({ step: z.literal("verify"), response: registrationResponse }),
]);

export const passkeySignInInput = z.discriminatedUnion("step", [
  options,
  z.strictObject({
    step: z.literal("verify"),
    response: authenticationResponse,
    next: z.enum(ACCOUNT_DESTINATIONS).default("/account"),
  }),
]);
