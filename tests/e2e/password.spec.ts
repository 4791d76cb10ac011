import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { allowConsoleErrors, expect, expectAccessible, hydrated, test } from "./helpers";

// Users created by scripts/e2e-seed.ts (Ricercatore: they have CHANGE_PASSWORD).
const RESET_USER = "e2e-reset@example.org";
const EDIT_USER = "e2e-password@example.org";
const PASSWORD = "E2e-password1";
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? "./data-e2e", "outbox");

/** A quoted-printable message decoded enough to read its link. */
const decode = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .split(/(=[0-9A-F]{2})/)
      .flatMap((part) => (/^=[0-9A-F]{2}$/.test(part) ? [parseInt(part.slice(1), 16)] : [...Buffer.from(part)])),
  ).toString("utf8");

const mailsTo = (to: string) =>
  fs.existsSync(OUTBOX)
    ? fs
        .readdirSync(OUTBOX)
        .sort()
        .map((f) => decode(fs.readFileSync(path.join(OUTBOX, f), "utf8")))
        .filter((m) => m.toLowerCase().includes(`\nto: ${to}\n`))
    : [];

/** The path of the reset link in the `n`th mail to `to`, once it is in the outbox (the mail goes out after the reply). */
async function resetLinkFromOutbox(to: string, n: number): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = mailsTo(to)[n - 1];
        link = mail ? (/https?:\/\/[^\s"</]+(\/(?:en\/|fr\/)?reset_password\/[\w-]+)/.exec(mail)?.[1] ?? "") : "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}

async function signIn(page: Page, email: string, password: string, prefix = "") {
  const res = await page.request.post("/api/public/login", { data: { email, password } });
  expect(res.status()).toBe(200);
  await page.goto(`${prefix}/`);
}

const L = {
  it: {
    prefix: "",
    reset: "Reimposta la password",
    forgot: "Password dimenticata?",
    email: "Email",
    send: "Invia il link",
    newTitle: "Scegli una nuova password",
    edit: "Cambia password",
  },
  en: {
    prefix: "/en",
    reset: "Reset your password",
    forgot: "Forgot your password?",
    email: "Email",
    send: "Send the link",
    newTitle: "Choose a new password",
    edit: "Change password",
  },
  fr: {
    prefix: "/fr",
    reset: "Réinitialiser le mot de passe",
    forgot: "Mot de passe oublié ?",
    email: "E-mail",
    send: "Envoyer le lien",
    newTitle: "Choisissez un nouveau mot de passe",
    edit: "Changer le mot de passe",
  },
} as const;

for (const [lang, l] of Object.entries(L)) {
  test(`the password pages in ${lang} are accessible: request, new password, change password`, async ({ page }) => {
    await page.goto(`${l.prefix}/login`);
    await page.getByRole("link", { name: l.forgot }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/reset_password$`));
    await expect(page.getByRole("heading", { level: 1, name: l.reset })).toBeVisible();
    await expectAccessible(page);
    // a link of this language (asked through the API, read from the outbox)
    const before = mailsTo(EDIT_USER).length;
    expect((await page.request.post("/api/public/reset_password", { data: { email: EDIT_USER, locale: lang } })).status()).toBe(200);
    const link = await resetLinkFromOutbox(EDIT_USER, before + 1);
    expect(link.startsWith(`${l.prefix}/reset_password/`)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: l.newTitle })).toBeVisible();
    await expectAccessible(page);
    await signIn(page, EDIT_USER, PASSWORD, l.prefix);
    await page.goto(`${l.prefix}/editPassword`);
    await expect(page.getByRole("heading", { level: 1, name: l.edit })).toBeVisible();
    await expectAccessible(page);
  });
}

test("reset by mail in the browser: request, read the outbox, a mismatch, the new password, sign in; the link then says it has expired", async ({
  page,
}) => {
  allowConsoleErrors(page, /status of 400 \(Bad Request\) .*reset_password/);
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("link", { name: "Password dimenticata?" }).click();
  // (the login page has an Email field too: wait for the new page before typing)
  await expect(page.getByRole("heading", { level: 1, name: "Reimposta la password" })).toBeVisible();
  await page.getByLabel("Email").fill(RESET_USER);
  const before = mailsTo(RESET_USER).length;
  await page.getByRole("button", { name: "Invia il link" }).click();
  await expect(page.getByRole("status")).toHaveText("Controlla la tua email per continuare il processo di reset password");
  const link = await resetLinkFromOutbox(RESET_USER, before + 1);
  expect(mailsTo(RESET_USER).at(-1)).toContain("Il link vale un'ora e si può usare una volta sola.");

  await page.goto(link);
  await hydrated(page);
  await expect(page.getByText(`Nuova password per ${RESET_USER}.`)).toBeVisible();
  await page.getByLabel("Nuova password", { exact: true }).fill("Nuova-Parola7");
  await page.getByLabel("Conferma la nuova password").fill("Altra-Parola7");
  await page.getByRole("button", { name: "Salva la password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Le password non corrispondono");
  // long enough for the browser's own check (minlength), refused by the server's rule
  await page.getByLabel("Nuova password", { exact: true }).fill("debolissima");
  await page.getByLabel("Conferma la nuova password").fill("debolissima");
  await page.getByRole("button", { name: "Salva la password" }).click();
  await expect(page.getByRole("alert")).toContainText("La password deve essere di almeno 8 caratteri");
  await page.getByLabel("Nuova password", { exact: true }).fill("Nuova-Parola7");
  await page.getByLabel("Conferma la nuova password").fill("Nuova-Parola7");
  await page.getByRole("button", { name: "Salva la password" }).click();
  await expect(page).toHaveURL(/\/login\?msg=password\.changed$/);
  await expect(page.getByRole("status")).toHaveText("Password cambiata");

  await page.getByLabel("Email").fill(RESET_USER);
  await page.getByLabel("Password", { exact: true }).fill("Nuova-Parola7");
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("navigation", { name: "Il tuo account" })).toContainText("Paola Prova");

  // used once: the same link now lands on the login page with the spec's message
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?msg=session\.expired_reset_password$/);
  await expect(page.getByRole("status")).toHaveText("Link reset password scaduto");
});

test("an unknown or expired link lands on the login page of its language with the message", async ({ page }) => {
  await page.goto("/en/reset_password/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page).toHaveURL(/\/en\/login\?msg=session\.expired_reset_password$/);
  await expect(page.getByRole("status")).toHaveText("The password reset link has expired");
  await expectAccessible(page);
});

test("/editPassword: a wrong current password, then the change; this browser stays signed in, another is signed out", async ({
  page,
  browser,
}) => {
  allowConsoleErrors(page, /status of 400 \(Bad Request\) .*editPassword/);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  // Set once the change went through: if the test fails after it, the password is put back before a retry.
  let changed = false;
  try {
    expect((await other.request.post("/api/public/login", { data: { email: EDIT_USER, password: PASSWORD } })).status()).toBe(200);
    expect((await other.request.get("/api/auth/profile")).status()).toBe(200);
    await signIn(page, EDIT_USER, PASSWORD, "/en");
    await page.goto("/en/editPassword");
    await hydrated(page);
    await page.getByLabel("Current password").fill("Not-the-password1");
    await page.getByLabel("New password", { exact: true }).fill("Changed-Password2");
    await page.getByLabel("Confirm the new password").fill("Changed-Password2");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("alert")).toHaveText("The current password is not correct.");
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("Changed-Password2");
    await page.getByLabel("Confirm the new password").fill("Changed-Password2");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toContainText("Password changed");
    changed = true;
    await expect(page.getByRole("status")).toContainText("Any other sessions of your account have been signed out.");
    await expectAccessible(page);
    expect((await page.request.get("/api/auth/profile")).status()).toBe(200);
    expect((await other.request.get("/api/auth/profile")).status()).toBe(401);
    // back to the password the other tests use, through the JSON twin
    const back = await page.request.post("/api/auth/change_password", {
      data: { currentPassword: "Changed-Password2", password: PASSWORD, confirmation: PASSWORD },
    });
    expect(back.status()).toBe(200);
    changed = false;
  } finally {
    if (changed) {
      const restore = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      await restore.request.post("/api/public/login", { data: { email: EDIT_USER, password: "Changed-Password2" } });
      await restore.request.post("/api/auth/change_password", {
        data: { currentPassword: "Changed-Password2", password: PASSWORD, confirmation: PASSWORD },
      });
      await restore.close();
    }
    await other.close();
  }
});

// (/editPassword answers 404 to a Manager, who lacks CHANGE_PASSWORD, and sends a visitor to the login page of
// its language: the access matrix, tests/integration/access-matrix.test.ts, asks it of every role and the visitor.)

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the reset request and the new password work as plain forms", async ({ page }) => {
    await page.goto("/fr/reset_password");
    await page.getByLabel("E-mail").fill(RESET_USER);
    const before = mailsTo(RESET_USER).length;
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByRole("status")).toHaveText("Consultez votre messagerie pour poursuivre la réinitialisation du mot de passe");
    const link = await resetLinkFromOutbox(RESET_USER, before + 1);
    expect(link.startsWith("/fr/reset_password/")).toBe(true);
    await page.goto(link);
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmez le nouveau mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page).toHaveURL(/\/fr\/login\?msg=password\.changed$/);
    await expect(page.getByRole("status")).toHaveText("Mot de passe modifié");
  });
});
