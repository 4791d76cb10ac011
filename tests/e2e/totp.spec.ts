import { generateSync } from "otplib";
import { allowConsoleErrors, expect, expectAccessible, hydrated, test } from "./helpers";

// Two-factor sign-in in Chromium (decision 046): turn it on from /account/security, sign out, sign in again
// with a code computed here. The e2e server creates this user (scripts/e2e-seed.ts).
const USER = { email: "e2e-totp@example.org", password: "E2e-password1" };

async function signInWithPassword(page: import("@playwright/test").Page, redirect: string) {
  await page.goto(`/en/login?redirect=${encodeURIComponent(redirect)}`);
  await hydrated(page);
  await page.getByLabel("Email").fill(USER.email);
  await page.getByLabel("Password").fill(USER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("turn on two-step verification, then sign in with a code from the app", async ({ page }) => {
  test.setTimeout(120_000);
  // the wrong code is answered 400: the browser logs the status
  allowConsoleErrors(page, /status of 400 \(Bad Request\) .*\/en\/account\/security\.data/);
  await signInWithPassword(page, "/en/account/security");
  await expect(page).toHaveURL(/\/en\/account\/security$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account security" })).toBeVisible();
  await expect(page.getByText("Two-step verification is off.")).toBeVisible();
  await expectAccessible(page);
  // The current password comes first (decision 048): a wrong one is said, and nothing starts.
  await expect(page.getByText("To turn it on, confirm your current password.")).toBeVisible();
  await page.getByLabel("Current password").fill("Wrong-password1");
  await page.getByRole("button", { name: "Turn on two-step verification" }).click();
  await expect(page.getByRole("alert")).toHaveText("The current password is not correct.");
  await expect(page.getByRole("img", { name: "QR code to scan with the authenticator app" })).toHaveCount(0);
  await page.getByLabel("Current password").fill(USER.password);
  await page.getByRole("button", { name: "Turn on two-step verification" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with the authenticator app" })).toBeVisible();
  const secret = (await page.locator(".totp-setup__secret").innerText()).replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(page);
  // A wrong code first: said, nothing changes.
  await page.getByLabel("Code").fill("000000" === generateSync({ secret }) ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByRole("alert")).toHaveText("The code is not valid or was already used.");
  await page.getByLabel("Code").fill(generateSync({ secret }));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("Two-step verification is on.", { exact: true })).toBeVisible();
  await expect(page.locator(".totp-codes__list li")).toHaveCount(10);
  await expect(page.getByText("Two-step verification is on. Unused recovery codes: 10.")).toBeVisible();
  await expectAccessible(page);

  await page.goto("/api/auth/logout");
  await signInWithPassword(page, "/en/cerca");
  await expect(page).toHaveURL(/\/en\/login\/2fa\?redirect=%2Fen%2Fcerca$/);
  await expect(page.getByRole("heading", { level: 1, name: "Two-step verification" })).toBeVisible();
  expect((await page.request.get("/api/auth/profile")).status()).toBe(401); // no session before the code
  await expectAccessible(page);
  await hydrated(page);
  // The code used to turn it on is spent: the next 30-second step's code (accepted one step ahead).
  await page.getByLabel("Code or recovery code").fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/en\/cerca$/);
  await expect(page.getByRole("navigation", { name: "Your account" })).toContainText("Tina Prova");
});

for (const l of [
  { prefix: "", title: "Sicurezza dell'account" },
  { prefix: "/fr", title: "Sécurité du compte" },
] as const) {
  test(`the account security page asks visitors to sign in (${l.prefix || "it"})`, async ({ page }) => {
    await page.goto(`${l.prefix}/account/security`);
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/login\\?redirect=`));
    await page.getByLabel(l.prefix ? "E-mail" : "Email").fill("e2e-ricercatore@example.org");
    await page.getByLabel(l.prefix ? "Mot de passe" : "Password").fill("E2e-password1");
    await page.getByLabel(l.prefix ? "Mot de passe" : "Password").press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: l.title })).toBeVisible();
    await expectAccessible(page);
  });
}
