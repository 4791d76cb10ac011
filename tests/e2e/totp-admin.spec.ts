import { expect, expectAccessible, test } from "./helpers";

// A manager resets a user's two-step verification from /settings/users (decision 048), and the activity log
// names it in three languages. The e2e server creates e2e-lostphone@example.org with it on.
const ADMIN = { email: "e2e-admin@example.org", password: "E2e-password1" };

async function signIn(page: import("@playwright/test").Page, redirect: string) {
  await page.goto(`/en/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${redirect.replace(/[?]/g, "\\?")}$`));
}

test("reset a user's two-step verification, then read it in the activity log (three languages)", async ({ page, playwright }) => {
  test.setTimeout(120_000);
  await signIn(page, "/en/settings/users?q=lostphone");
  for (const l of [
    { prefix: "", button: "Azzera verifica in due passaggi" },
    { prefix: "/fr", button: "Réinitialiser la validation en deux étapes" },
    { prefix: "/en", button: "Reset two-step verification" },
  ] as const) {
    await page.goto(`${l.prefix}/settings/users?q=lostphone`);
    const row = page.getByRole("row", { name: /e2e-lostphone@example\.org/ });
    await expect(row.getByText("2FA", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `${l.button} e2e-lostphone@example.org` })).toBeVisible();
    await expectAccessible(page);
  }
  await page
    .getByRole("row", { name: /e2e-lostphone@example\.org/ })
    .getByRole("button", { name: /Reset two-step verification/ })
    .click();
  await expect(page.locator(".users-notice")).toContainText("Two-step verification reset: the user signs in with the password alone");
  await expect(
    page.getByRole("row", { name: /e2e-lostphone@example\.org/ }).getByRole("button", { name: /Reset two-step verification/ }),
  ).toHaveCount(0);
  // The user signs in with the password alone now (before: 202, a code was due), in a context of their own.
  const api = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const res = await api.post("/api/public/login", { data: { email: "e2e-lostphone@example.org", password: "E2e-password1" } });
  expect(res.status()).toBe(200);
  await api.dispose();
  for (const l of [
    { prefix: "", label: "Verifica in due passaggi azzerata da un gestore" },
    { prefix: "/en", label: "Two-step verification reset by a manager" },
    { prefix: "/fr", label: "Validation en deux étapes réinitialisée par un gestionnaire" },
  ] as const) {
    await page.goto(`${l.prefix}/settings/users?tab=audit&event=totp_reset`);
    await expect(page.getByRole("table").getByText(l.label).first()).toBeVisible();
    await expectAccessible(page);
  }
});
