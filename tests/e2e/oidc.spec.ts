import { allowConsoleErrors, expect, expectAccessible, hydrated, test } from "./helpers";
import { startOidcProvider, type TestAccount } from "../setup/oidc-provider";

// Single sign-on in Chromium (decision 045) against a real OpenID provider started here, on the port the e2e
// server was told (scripts/e2e-server.mjs: PORT + 10000), with its own development login and consent pages.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const accounts: Record<string, TestAccount> = {
  dora: { email: "dora@idp.example.org", given_name: "Dora", family_name: "Bianchi", roles: ["staff"] },
};
let provider: Awaited<ReturnType<typeof startOidcProvider>>;

test.beforeAll(async () => {
  provider = await startOidcProvider({
    port: PORT + 10000,
    redirectUris: [`http://127.0.0.1:${PORT}/auth/oidc/callback`],
    accounts,
    clientId: "teca-e2e",
    clientSecret: "teca-e2e-secret",
  });
});
test.afterAll(async () => {
  await provider?.close();
});

/** The provider's pages load a web font from the internet, which this machine does not reach. */
const offline = /fonts\.googleapis|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|net::ERR/;

for (const l of [
  { prefix: "", lang: "it", button: "Accedi con Archivio ID" },
  { prefix: "/en", lang: "en", button: "Sign in with Archivio ID" },
  { prefix: "/fr", lang: "fr", button: "Se connecter avec Archivio ID" },
] as const) {
  test(`the login page in ${l.lang} offers single sign-on and stays accessible`, async ({ page }) => {
    await page.goto(`${l.prefix}/login`);
    await expect(page.getByRole("link", { name: l.button })).toBeVisible();
    await expectAccessible(page);
  });
}

test("sign in with the provider, back to the page asked for, as the mapped role; no password items", async ({ page }) => {
  allowConsoleErrors(page, offline);
  await page.goto("/en/login?redirect=%2Fen%2Fcerca%3Fq%3Dventaglio");
  await hydrated(page);
  await page.getByRole("link", { name: "Sign in with Archivio ID" }).click();
  // The provider's own pages: any password for the login typed, then consent.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill("dora");
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/en\/cerca\?q=ventaglio$/);
  const account = page.getByRole("navigation", { name: "Your account" });
  await expect(account).toContainText("Dora Bianchi");
  const profile = await page.request.get("/api/auth/profile");
  expect(await profile.json()).toMatchObject({ user: { email: "dora@idp.example.org", sso: true, roles: ["Catalogatore"] } });
  // An SSO user changes no password here: the menu does not offer it and the page is not there.
  await hydrated(page);
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Change password" })).toHaveCount(0);
  expect((await page.request.get("/en/editPassword")).status()).toBe(404);
});

test("denying consent comes back to the login page with a clear message", async ({ page }) => {
  allowConsoleErrors(page, offline);
  await page.goto("/fr/login");
  await hydrated(page);
  await page.getByRole("link", { name: "Se connecter avec Archivio ID" }).click();
  await page.locator('input[name="login"]').fill("dora");
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("link", { name: "[ Cancel ]" }).click();
  await expect(page).toHaveURL(/\/fr\/login\?sso_error=denied$/);
  await expect(page.getByRole("alert")).toHaveText("Connexion annulée\u00a0: l'autorisation a été refusée au service de connexion.");
  await expectAccessible(page);
});
