import { allowConsoleErrors, expect, expectAccessible, holdScripts, hydrated, test, signIn } from "./helpers";

// Users the e2e server creates (scripts/e2e-seed.ts); it also sets BACKEND_URL=/cataloga (scripts/e2e-server.mjs).
const PASSWORD = "E2e-password1";
const MANAGER = { email: "e2e-manager@example.org", name: "Elena Prova" };
const RESEARCHER = { email: "e2e-ricercatore@example.org", name: "Rita Prova" };
const CATALOGUER = { email: "e2e-catalogatore@example.org", name: "Carlo Prova" };
const ADMIN = { email: "e2e-admin@example.org", name: "Ada Prova" };

test("a manager creates, edits and disables a user", async ({ page }) => {
  // the refused creation is answered 400: the browser logs the status
  allowConsoleErrors(page, /status of 400 \(Bad Request\) .*\/settings\/users\.data/);
  const email = `nuovo-${Date.now()}@example.org`;
  await signIn(page, MANAGER.email);
  await page.goto("/settings/users");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Gestione utenti" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Utenti del catalogo" })).toContainText(RESEARCHER.email);

  await page.getByRole("link", { name: "Nuovo utente" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Nuovo utente" })).toBeFocused();
  // nothing chosen: the form says what is wrong and creates nothing
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Crea utente" }).click();
  await expect(page.getByRole("alert")).toHaveText("Impossibile creare l'utenza");
  await expect(page.getByText("Scegli almeno un ruolo.")).toBeVisible();
  await page.getByLabel("Nome", { exact: true }).fill("Nadia");
  await page.getByLabel("Cognome").fill("Verdi");
  await page.getByRole("checkbox", { name: "Ricercatore", exact: true }).check();
  // a Manager cannot give the Amministratore role
  await expect(page.getByRole("checkbox", { name: "Amministratore" })).toBeDisabled();
  // the form says what creating sends, in the language chosen for the user
  await expect(page.getByText("Alla creazione l'utente riceve per email un invito")).toBeVisible();
  await page.getByLabel("Lingua dell'invito").selectOption("fr");
  await page.getByRole("button", { name: "Crea utente" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Utenza creata. L'invito è partito per email, in francese: contiene un link per scegliere la password" }),
  ).toBeVisible();

  await page.getByLabel("Cerca per nome o email").fill("nadia");
  await page.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/users\?q=nadia$/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Ricercatore");
  await expect(page.getByText("Utenti trovati: 1")).toBeVisible();

  await row.getByRole("link", { name: `Modifica ${email}` }).click();
  await expect(page.getByRole("heading", { level: 2, name: `Modifica ${email}` })).toBeFocused();
  await page.getByRole("checkbox", { name: "Catalogatore avanzato" }).check();
  await page.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modifiche salvate." })).toBeVisible();
  await page.goto(`/settings/users?q=${encodeURIComponent(email)}`);
  await hydrated(page);
  const edited = page.getByRole("row").filter({ hasText: email });
  await expect(edited).toContainText("Ricercatore, Catalogatore avanzato");

  // disabling asks first, naming the user (issue 31); cancelling changes nothing
  await edited.getByRole("link", { name: `Disattiva ${email}` }).click();
  const ask = page.getByRole("dialog", { name: "Disattivare l'utenza di Nadia Verdi?" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(`${email} non potrà più accedere`);
  await expectAccessible(page);
  await ask.getByRole("button", { name: "Annulla" }).click();
  await expect(ask).toBeHidden();
  await expect(edited.getByRole("link", { name: `Disattiva ${email}` })).toBeFocused();
  await expect(edited).toContainText("Attivo");
  await edited.getByRole("link", { name: `Disattiva ${email}` }).click();
  await ask.getByRole("button", { name: "Sì, disattiva" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Utenza disattivata" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Disattivato");
  await expect(page).toHaveURL(/q=nuovo-\d+%40example\.org&done=users\.done\.disabled/);

  // the audit log names what the manager did
  await page.getByRole("link", { name: "Registro attività" }).click();
  await expect(page.getByRole("table")).toContainText("Utenza disattivata");
  await expect(page.getByRole("table")).toContainText(email);
});

test("sign in with the popup from the header and stay on the same page", async ({ page }) => {
  allowConsoleErrors(page, /status of 401 \(Unauthorized\)/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/en/cerca?q=ventaglio");
  await hydrated(page);
  const opener = page.locator(".site-header__bar").getByRole("link", { name: "Sign in" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeFocused();
  // Escape closes it and focus goes back to the opener
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await dialog.getByLabel("Email").fill(MANAGER.email);
  await dialog.getByLabel("Password").fill("Not-the-password1");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Wrong username or password.");
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/en\/cerca\?q=ventaglio$/);
  const account = page.getByRole("navigation", { name: "Your account" });
  await expect(account).toContainText(`Signed in as ${MANAGER.name}`);
  expect((await page.request.get("/api/auth/profile")).status()).toBe(200);
  // Signing out stays on this public page, signed out (issue 31: it went to the login page).
  await account.getByText(`Signed in as ${MANAGER.name}`).click();
  await account.getByRole("link", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/en\/cerca\?q=ventaglio$/);
  await expect(page.locator(".site-header__bar").getByRole("link", { name: "Sign in" })).toBeVisible();
  expect((await page.request.get("/api/auth/profile")).status()).toBe(401);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("'Accedi' in the header is a link to the login page that comes back here", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/cerca?q=ventaglio");
    await page.locator(".site-header__bar").getByRole("link", { name: "Accedi" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcerca%3Fq%3Dventaglio$/);
  });
});

for (const who of [
  // (the demo turns the collection register and annotations on: their entries follow MANAGE_USERS and
  // MANAGE_ANNOTATIONS, spec §6)
  {
    user: MANAGER,
    has: ["Cataloga", "Gestione utenti", "Annotazioni", "Registro delle collezioni", "Esci"],
    not: ["Cambia password", "Impostazioni", "Console"],
  },
  {
    user: RESEARCHER,
    has: ["Cambia password", "Esci"],
    not: ["Cataloga", "Gestione utenti", "Annotazioni", "Registro delle collezioni", "Impostazioni", "Console"],
  },
  {
    user: CATALOGUER,
    has: ["Cataloga", "Cambia password", "Esci"],
    not: ["Gestione utenti", "Annotazioni", "Registro delle collezioni", "Impostazioni", "Console"],
  },
  { user: ADMIN, has: ["Impostazioni", "Console", "Gestione utenti", "Annotazioni", "Registro delle collezioni", "Esci"], not: [] },
]) {
  test(`the account menu of ${who.user.email} shows what the role allows`, async ({ page }) => {
    await signIn(page, who.user.email);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    await hydrated(page);
    const account = page.getByRole("navigation", { name: "Il tuo account" });
    await account.getByText(`Accesso effettuato come ${who.user.name}`).click();
    for (const name of who.has) await expect(account.getByRole("link", { name })).toBeVisible();
    for (const name of who.not) await expect(account.getByRole("link", { name })).toHaveCount(0);
    // (back to the home page after signing out: a public page; issue 31)
    await expect(account.getByRole("link", { name: "Esci" })).toHaveAttribute("href", "/api/auth/logout?locale=it&next=%2F");
    // the same items in the menu drawer (phones)
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Menu" }).click();
    const drawer = page.getByRole("dialog");
    for (const name of who.has) await expect(drawer.getByRole("link", { name })).toBeVisible();
    for (const name of who.not) await expect(drawer.getByRole("link", { name })).toHaveCount(0);
    if (who.not.includes("Gestione utenti")) expect((await page.request.get("/settings/users")).status()).toBe(404);
    if (who.not.includes("Registro delle collezioni")) expect((await page.request.get("/registro")).status()).toBe(404);
    if (who.not.includes("Annotazioni")) expect((await page.request.get("/annotazioni")).status()).toBe(404);
  });
}

test("the account menu opened before the scripts have run stays open once they have", async ({ page }) => {
  await signIn(page, RESEARCHER.email);
  await page.setViewportSize({ width: 1440, height: 900 });
  // the page's scripts held back until the menu is open, as on a slow connection
  const release = await holdScripts(page);
  await page.goto("/en/cerca", { waitUntil: "domcontentloaded" });
  const account = page.getByRole("navigation", { name: "Your account" });
  await account.getByText(`Signed in as ${RESEARCHER.name}`).click();
  await expect(account.getByRole("link", { name: "Change password" })).toBeVisible();
  release();
  await hydrated(page);
  await expect(account.getByRole("link", { name: "Change password" })).toBeVisible();
  // a navigation closes it
  await account.getByRole("link", { name: "Saved searches" }).click();
  await expect(page).toHaveURL(/\/en\/searches$/);
  await expect(account.getByRole("link", { name: "Change password" })).toBeHidden();
});

test("an API call answered 401 takes the browser to login with 'Sessione scaduta', then back", async ({ page }) => {
  allowConsoleErrors(page, /status of 401 \(Unauthorized\)/);
  await signIn(page, MANAGER.email);
  await page.goto("/fr/settings/users?q=catalogatore");
  await hydrated(page);
  // the session ends on the server side (another tab signed out): the next call is refused
  await page.context().clearCookies({ name: "teca_session" });
  await page
    .getByRole("row")
    .filter({ hasText: CATALOGUER.email })
    .getByRole("link", { name: `Désactiver ${CATALOGUER.email}` })
    .click();
  // (disabling asks first, naming the user: issue 31)
  await page
    .getByRole("dialog", { name: "Désactiver le compte de Carlo Prova ?" })
    .getByRole("button", { name: "Oui, désactiver" })
    .click();
  await expect(page).toHaveURL(/\/fr\/login\?msg=session\.expired&redirect=%2Ffr%2Fsettings%2Fusers%3Fq%3Dcatalogatore$/);
  await expect(page.getByText("Votre session a expiré")).toBeVisible();
  await page.getByLabel("E-mail").fill(MANAGER.email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/fr\/settings\/users\?q=catalogatore$/);
  // nothing was changed by the refused call
  await expect(page.getByRole("row").filter({ hasText: CATALOGUER.email })).toContainText("Actif");
});

for (const l of [
  { prefix: "", heading: "Gestione utenti" },
  { prefix: "/en", heading: "User management" },
  { prefix: "/fr", heading: "Gestion des utilisateurs" },
]) {
  // Every view in Italian; in English and French a smoke pass (the list), and the narrow screen, where longer
  // words could overflow, in each.
  test(`/settings/users in ${l.prefix || "/it"} is accessible: ${l.prefix ? "list" : "list, form, confirmation, audit log"}; narrow`, async ({
    page,
  }) => {
    await signIn(page, MANAGER.email);
    for (const q of l.prefix ? [""] : ["", "?view=new", "?tab=audit"]) {
      await page.goto(`${l.prefix}/settings/users${q}`);
      await expect(page.getByRole("heading", { level: 1, name: l.heading })).toBeVisible();
      await expectAccessible(page);
    }
    if (!l.prefix) {
      await page.goto(`${l.prefix}/settings/users?q=ricercatore`);
      await page.getByRole("row").filter({ hasText: RESEARCHER.email }).getByRole("link").last().click();
      await expect(page).toHaveURL(/view=delete/);
      await expectAccessible(page);
    }
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${l.prefix}/settings/users`);
    await expectAccessible(page);
    // stacked rows: nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}
