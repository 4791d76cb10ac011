import { spawn, type ChildProcess } from "node:child_process";
import { allowConsoleErrors, expect, expectAccessible, hydrated, test } from "./helpers";

// The bot check in Chromium (decision 047). The e2e server runs with BOT_CHECK=off for the other specs; this
// spec starts a second server with the default (ALTCHA, BOT_CHECK unset) on PORT + 20000 and signs in through
// the real widget: challenge from the server, proof of work in the PBKDF2 worker, all under the site's CSP
// (a refused script, worker or style would log a console error and fail the test).
const PORT = Number(process.env.E2E_PORT ?? 3100) + 20000;
const BASE = `http://127.0.0.1:${PORT}`;
const USER = { email: "e2e-altcha@example.org", password: "E2e-password1" };
let server: ChildProcess | null = null;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook uses from its first parameter's pattern: an object pattern, here empty
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  server = spawn(process.execPath, ["tests/setup/bot-check-server.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: `${process.env.E2E_DATA_DIR ?? "./data-e2e"}-altcha`,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const until = Date.now() + 220_000;
  for (;;) {
    const up = await fetch(`${BASE}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until || server.exitCode !== null) throw new Error("the ALTCHA server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
});
test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server!.once("exit", r));
  server.kill("SIGTERM");
  await exited;
});

for (const l of [
  { prefix: "", lang: "it", label: "Non sono un robot", title: "Accedi" },
  { prefix: "/en", lang: "en", label: "I'm not a robot", title: "Sign in" },
  { prefix: "/fr", lang: "fr", label: "Je ne suis pas un robot", title: "Connexion" },
] as const) {
  test(`the login page in ${l.lang} carries the ALTCHA widget and stays accessible`, async ({ page }) => {
    await page.goto(`${BASE}${l.prefix}/login`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: l.title })).toBeVisible();
    await expect(page.locator("altcha-widget").getByText(l.label)).toBeVisible();
    await expectAccessible(page);
  });
}

test("sign in through the ALTCHA widget: a wrong password, then the right one with a new challenge", async ({ page }) => {
  test.setTimeout(120_000);
  // the refused sign-in is answered 401: the browser logs the status
  allowConsoleErrors(page, /status of 401 \(Unauthorized\)/);
  const challenges: number[] = [];
  page.on("response", (r) => r.url().endsWith("/api/public/altcha") && challenges.push(r.status()));
  await page.goto(`${BASE}/en/login?redirect=${encodeURIComponent("/en/cerca")}`);
  await hydrated(page);
  const widget = page.locator("altcha-widget");
  // the widget drawn (its script loads after hydration): focusing the form then starts the proof of work
  await expect(widget.getByText("I'm not a robot")).toBeVisible();
  await page.getByLabel("Email").fill(USER.email);
  // focusing the form starts the proof of work
  await expect(widget.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Password").fill("Wrong-password1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong username or password.");
  // the token was spent by that attempt: the widget solves a new challenge before the next one
  await expect(widget.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  expect(challenges).toEqual([200, 200]);
  await page.getByLabel("Password").fill(USER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/en/cerca`);
  await expect(page.getByRole("navigation", { name: "Your account" })).toContainText("Alba Prova");
});

test("the header's sign-in popup carries the widget too", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${BASE}/fr/cerca`);
  await hydrated(page);
  await page.locator(".user-menu__login").click();
  const dialog = page.getByRole("dialog", { name: "Connexion" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("altcha-widget").getByText("Je ne suis pas un robot")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("E-mail").fill(USER.email);
  await dialog.getByLabel("Mot de passe").fill(USER.password);
  await expect(dialog.locator("altcha-widget").getByText("Vérifié")).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Se connecter", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Votre compte" })).toContainText("Alba Prova");
});

test("the reset request carries the widget; the answer is the usual one", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${BASE}/reset_password`);
  await hydrated(page);
  await expect(page.locator("altcha-widget").getByText("Non sono un robot")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Email").fill(USER.email);
  await expect(page.locator("altcha-widget").getByText("Verificato")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Invia il link" }).click();
  await expect(page.getByRole("status")).toHaveText("Controlla la tua email per continuare il processo di reset password");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the login page says the check needs JavaScript, and a post without it is refused clearly", async ({ page }) => {
    // the refused post is answered 400: the browser logs the status
    allowConsoleErrors(page, /status of 400 \(Bad Request\) .*\/en\/login/);
    await page.goto(`${BASE}/en/login`);
    // A browser without JavaScript draws the <noscript> text; Chromium with scripts turned off by the test
    // still parses <noscript> as if they ran (it keeps it as hidden raw text), so the test reads the markup.
    expect(await page.locator(".login-form noscript").innerHTML()).toContain(
      "JavaScript is needed to continue: the bot check runs in your browser.",
    );
    // (axe needs scripts in the page: the same page is checked with them above, in three languages)
    await page.getByLabel("Email").fill(USER.email);
    await page.getByLabel("Password").fill(USER.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Complete the bot check before continuing.");
    expect((await page.context().cookies()).some((c) => c.name === "teca_session")).toBe(false);
  });
});

// On the main e2e server (BOT_CHECK=off there, single sign-on configured): the popup offers what /login offers.
for (const l of [
  { prefix: "", lang: "it", open: "Accedi", title: "Accedi", sso: "Accedi con Archivio ID" },
  { prefix: "/en", lang: "en", open: "Sign in", title: "Sign in", sso: "Sign in with Archivio ID" },
  { prefix: "/fr", lang: "fr", open: "Connexion", title: "Connexion", sso: "Se connecter avec Archivio ID" },
] as const) {
  test(`the sign-in popup in ${l.lang} offers single sign-on, back to the page`, async ({ page }) => {
    await page.goto(`${l.prefix}/cerca`);
    await hydrated(page);
    await page.locator(".user-menu__login").click();
    const dialog = page.getByRole("dialog", { name: l.title });
    const sso = dialog.getByRole("link", { name: l.sso });
    await expect(sso).toBeVisible();
    expect(await sso.getAttribute("href")).toBe(`/auth/oidc/start?locale=${l.lang}&redirect=${encodeURIComponent(`${l.prefix}/cerca`)}`);
    await expect(dialog.locator("altcha-widget")).toHaveCount(0);
    await expectAccessible(page);
  });
}

test("the account menu links to two-step verification", async ({ page }) => {
  await page.goto(`/en/login?redirect=${encodeURIComponent("/en/cerca")}`);
  await page.getByLabel("Email").fill("e2e-ricercatore@example.org");
  await page.getByLabel("Password").fill("E2e-password1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/cerca$/);
  const menu = page.getByRole("navigation", { name: "Your account" });
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: "Two-step verification" }).click();
  await expect(page).toHaveURL(/\/en\/account\/security$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account security" })).toBeVisible();
  await expectAccessible(page);
});
