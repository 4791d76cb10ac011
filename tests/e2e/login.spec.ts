import { allowConsoleErrors, expect, expectAccessible, hydrated, test } from "./helpers";

// The e2e server creates this user (scripts/e2e-seed.ts).
const USER = { email: "e2e-manager@example.org", password: "E2e-password1", name: "Elena Prova" };

for (const l of [
  {
    prefix: "",
    lang: "it",
    title: "Accedi",
    email: "Email",
    password: "Password",
    submit: "Accedi",
    error: "Nome utente o password errati.",
  },
  {
    prefix: "/en",
    lang: "en",
    title: "Sign in",
    email: "Email",
    password: "Password",
    submit: "Sign in",
    error: "Wrong username or password.",
  },
  {
    prefix: "/fr",
    lang: "fr",
    title: "Connexion",
    email: "E-mail",
    password: "Mot de passe",
    submit: "Se connecter",
    error: "Nom d'utilisateur ou mot de passe incorrect.",
  },
] as const) {
  test(`the login page in ${l.lang} is accessible and says when sign-in fails`, async ({ page }) => {
    // the failed sign-in is answered 401: the browser logs the status
    allowConsoleErrors(page, /status of 401 \(Unauthorized\) .*\/login\.data/);
    const res = await page.goto(`${l.prefix}/login`);
    expect(res?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", l.lang);
    await expect(page.getByRole("heading", { level: 1, name: l.title })).toBeVisible();
    await expectAccessible(page);
    await hydrated(page);
    await page.getByLabel(l.email).fill(USER.email);
    await page.getByLabel(l.password).fill("Not-the-password1");
    await page.getByRole("button", { name: l.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(l.error);
    await expectAccessible(page);
  });
}

test("sign in from the header, back to the page, then sign out", async ({ page }) => {
  await page.goto("/en/cerca?q=ventaglio");
  await hydrated(page);
  // (the header's own 'Sign in' opens the login popup: tests/e2e/users.spec.ts; the menu's is a link)
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fcerca%3Fq%3Dventaglio$/);
  await page.getByLabel("Email").fill(USER.email.toUpperCase());
  await page.getByLabel("Password").fill(USER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/en\/cerca\?q=ventaglio$/);
  const account = page.getByRole("navigation", { name: "Your account" });
  await expect(account).toContainText(`Signed in as ${USER.name}`);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "teca_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect((await page.request.get("/api/auth/profile")).status()).toBe(200);
  // a Manager sees the demo's very restricted record (access 3), which a visitor gets 404 for
  const restricted = await page.request.get("/en/oggetti/2", { maxRedirects: 5 });
  expect(restricted.status()).toBe(200);
  expect(restricted.headers()["cache-control"]).toBe("private, no-store");

  await account.getByText(`Signed in as ${USER.name}`).click();
  await account.getByRole("link", { name: "Sign out" }).click();
  // back on the public page the user was on, signed out (issue 31: signing out no longer lands on the login page)
  await expect(page).toHaveURL(/\/en\/cerca\?q=ventaglio$/);
  expect((await page.context().cookies()).find((c) => c.name === "teca_session")).toBeUndefined();
  expect((await page.request.get("/api/auth/profile")).status()).toBe(401);
  await page.goto("/en/cerca?q=ventaglio");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("on a phone the sign-in link is in the menu", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/fr/cerca");
  await hydrated(page);
  await expect(page.locator(".site-header__bar").getByRole("link", { name: "Connexion" })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Connexion" }).click();
  await expect(page).toHaveURL(/\/fr\/login\?redirect=%2Ffr%2Fcerca$/);
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the login form still signs in and follows a local redirect only", async ({ page }) => {
    await page.goto("/login?redirect=%2F%2Fevil.example%2F");
    await page.getByLabel("Email").fill(USER.email);
    await page.getByLabel("Password").fill(USER.password);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole("navigation", { name: "Il tuo account" })).toContainText(USER.name);
  });
});
