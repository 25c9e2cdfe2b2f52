import { signInByLink } from "./kit-support";
import { withOwnServer } from "./own-server";
import { expect, expectNoAxeViolations, waitForHydration } from "./support";

/**
 * Issue 35 item 2's passkeys in the browser (decision 116), at both widths, with Chromium's virtual
 * authenticator (CDP's WebAuthn domain: a platform authenticator that keeps passkeys and verifies its
 * user): sign in by the e-mailed link, add a passkey on /account, sign out, sign in with the passkey.
 * A passkey's RP ID must be a domain, so the server's public origin is localhost.
 */
const test = withOwnServer(
  { PGLITE_DIR: "memory://", RATE_LIMIT_MULTIPLIER: "50" },
  { publicHost: "localhost" },
);

test("a shopper adds a passkey after a link sign-in, and signs in with it", async ({
  page,
  request,
  ownServer,
}) => {
  test.setTimeout(180_000);
  const base = ownServer.url.replace("127.0.0.1", "localhost");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const email = `passkey-${Date.now().toString(36)}@example.com`;
  await page.goto(`${base}/account`);
  await waitForHydration(page);
  // Beside the e-mail form, once the page knows the browser can use one.
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("sign-in.png"), fullPage: true });
  await expectNoAxeViolations(page);

  await signInByLink(page, request, base, email, "/account", "/account/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "You're signed in" })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add a passkey on this device" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Passkey added:" })).toBeVisible();
  const listed = page.getByTestId("passkeys").getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(/Chrome on (Windows|Linux|Android), [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(listed).toContainText("Not used yet");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await page.screenshot({ path: test.info().outputPath("account.png"), fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're signed in" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(listed).toContainText(/Last used [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  // Removed, it signs in no more: the authenticator still holds it, the store refuses it.
  await page.getByRole("button", { name: /^Remove passkey / }).click();
  await expect(page.getByText("Passkey removed: it no longer signs in")).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("That passkey didn't sign you in.");
  await expectNoAxeViolations(page);
  await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
});
