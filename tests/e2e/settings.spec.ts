import type { Page } from "@playwright/test";
import { allowConsoleErrors, expect, expectAccessible, hydrated, test, signIn } from "./helpers";

// The Amministratore the e2e server creates (scripts/e2e-seed.ts).
const ADMIN = "e2e-admin@example.org";

const primaryOf = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary").trim());

// Every settings page in Italian; in English and French (the same pages, other words) a smoke pass: the first
// page (issue 30 §5: locale loops where the locale changes behaviour, a smoke pass for the rest).
for (const [prefix, heading, sections] of [
  ["", "Impostazioni", ["general", "layout", "contents", "developer"]],
  ["/en", "Settings", ["general"]],
  ["/fr", "Paramètres", ["general"]],
] as const) {
  test(`${prefix ? "the first settings page is" : "every settings page is"} accessible (${heading})`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, ADMIN);
    for (const section of sections) {
      await page.goto(`${prefix}/settings/${section}`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
    }
    if (prefix) return;
    await page.goto(`${prefix}/settings/general?history=title`);
    await expect(page.locator(".settings-history h2")).toBeFocused();
    await expectAccessible(page);
  });
}

test("an administrator changes the colours and sees them on the home page; low contrast is refused", async ({ page }) => {
  allowConsoleErrors(page, /status of 400 \(Bad Request\)/);
  await signIn(page, ADMIN);
  // the account menu leads an Amministratore to the settings
  await page.goto("/");
  // the menu opens once the page is hydrated (which waits for the page's messages, decision 025)
  await hydrated(page);
  await page.locator(".site-header .user-menu__name").click();
  await page.locator(".site-header").getByRole("link", { name: "Impostazioni" }).click();
  await expect(page).toHaveURL(/\/settings\/general$/);
  await page.getByRole("link", { name: "Aspetto" }).click();
  await expect(page).toHaveURL(/\/settings\/layout$/);
  await hydrated(page);
  const colours = page.locator("#item-colors");
  await colours.getByLabel("Principale (#rrggbb)").fill("#ffcc00");
  await expect(colours.getByText(/Coppie sotto 4,5:1: \d/)).toBeVisible(); // the preview warns while typing
  await colours.getByRole("button", { name: "Salva Colori" }).click();
  await expect(colours.getByRole("alert")).toHaveText("Non salvato: correggi i campi indicati.");
  await expect(colours.getByText(/Contrasto insufficiente per testo bianco sul colore principale: 1,\d\d:1/)).toBeVisible();
  await expect(colours.getByLabel("Principale (#rrggbb)")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await colours.getByLabel("Principale (#rrggbb)").fill("#1d4e89");
  await colours.getByLabel("Scuro (#rrggbb)").fill("#0f2a4a");
  await colours.getByLabel("Chiaro (#rrggbb)").fill("#eef3fa");
  await expect(colours.getByText("Tutte le coppie raggiungono 4,5:1.")).toBeVisible();
  await colours.getByRole("button", { name: "Salva Colori" }).click();
  await expect(page.locator("#item-colors").getByRole("status")).toHaveText("Salvato. La modifica è già visibile sul sito.");

  await page.goto("/");
  expect(await primaryOf(page)).toBe("#1d4e89");
  // In dark mode the links take the new brand's hue (blue, not the old salmon) and read 4.5:1 (issue 31).
  await page.emulateMedia({ colorScheme: "dark" });
  const [link, background] = await page.evaluate(() => {
    const a = document.createElement("a");
    a.href = "#";
    document.querySelector("main")!.append(a);
    const colours = [getComputedStyle(a).color, getComputedStyle(document.body).backgroundColor];
    a.remove();
    return colours.map((c) => c.match(/\d+/g)!.slice(0, 3).map(Number));
  });
  const lum = (rgb: number[]) =>
    rgb
      .map((v) => v / 255)
      .reduce((sum, s, i) => sum + [0.2126, 0.7152, 0.0722][i]! * (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4), 0);
  expect((lum(link!) + 0.05) / (lum(background!) + 0.05)).toBeGreaterThanOrEqual(4.5);
  expect(link![2]).toBeGreaterThan(link![0]!);
  await page.emulateMedia({ colorScheme: null });
  // and for a visitor, in another language
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/fr");
  expect(await primaryOf(visitor)).toBe("#1d4e89");
  await visitor.close();
});

test("the menu is edited as a list: add, move and remove rows from the keyboard", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/settings/layout");
  await hydrated(page);
  const menu = page.locator("#item-menu");
  const rows = menu.locator(".settings-row");
  const before = await rows.count();
  await menu.getByRole("button", { name: "Aggiungi: Voce" }).click();
  await expect(rows).toHaveCount(before + 1);
  await expect(menu.getByLabel("Etichetta").last()).toBeFocused();
  await page.keyboard.type("Nuova voce");
  await menu.getByLabel("Percorso o indirizzo").last().fill("/cerca?q=seta");
  await menu.getByRole("button", { name: `Su Voce ${before + 1}` }).click();
  await expect(menu.getByRole("button", { name: `Su Voce ${before}` })).toBeFocused();
  await expect(menu.getByLabel("Etichetta").nth(before - 1)).toHaveValue("Nuova voce");
  await menu.getByRole("button", { name: "Salva Menu principale" }).click();
  await expect(page.locator("#item-menu").getByRole("status")).toHaveText("Salvato. La modifica è già visibile sul sito.");
  await expect(page.locator("#item-menu .settings-row")).toHaveCount(before + 1);
  await page.goto("/");
  await hydrated(page); // the menu drawer opens with JavaScript
  await page.getByRole("button", { name: "Menu" }).first().click();
  await expect(page.getByRole("link", { name: "Nuova voce" }).first()).toBeAttached();

  await page.goto("/settings/layout");
  await hydrated(page);
  await page
    .locator("#item-menu")
    .getByRole("button", { name: `Rimuovi Voce ${before}` })
    .click();
  await expect(page.locator("#item-menu .settings-row")).toHaveCount(before);
  await page.locator("#item-menu").getByRole("button", { name: "Salva Menu principale" }).click();
  await expect(page.locator("#item-menu").getByRole("status")).toHaveText("Salvato. La modifica è già visibile sul sito.");
  const labels = await page
    .locator("#item-menu")
    .getByLabel("Etichetta")
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(labels).not.toContain("Nuova voce");
});

test("a stale save shows both texts and saves nothing until asked; a revision is restored", async ({ browser }) => {
  test.setTimeout(120_000);
  // two administrators' browsers (axe needs pages of a context)
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  allowConsoleErrors(second, /status of 409 \(Conflict\)/);
  await signIn(first, ADMIN);
  await signIn(second, ADMIN);
  for (const p of [first, second]) {
    await p.goto("/settings/general");
    await hydrated(p);
  }
  const original = await first.locator("#item-title").getByLabel("Titolo del sito").inputValue();
  await first.locator("#item-title").getByLabel("Titolo del sito").fill("Archivio di Anna");
  await first.locator("#item-title").getByRole("button", { name: "Salva Titolo del sito" }).click();
  await expect(first.locator("#item-title").getByRole("status")).toHaveText("Salvato. La modifica è già visibile sul sito.");

  const title = second.locator("#item-title");
  await title.getByLabel("Titolo del sito").fill("Archivio di Bruno");
  await title.getByRole("button", { name: "Salva Titolo del sito" }).click();
  const conflict = title.locator(".settings-conflict");
  await expect(conflict).toBeFocused();
  await expect(conflict).toContainText("Qualcun altro ha salvato questa voce nel frattempo.");
  await expect(conflict.getByRole("heading", { name: "La tua versione" })).toBeVisible();
  await expect(conflict.locator("pre").first()).toHaveText("Archivio di Bruno");
  await expect(conflict.locator("pre").last()).toHaveText("Archivio di Anna");
  await expect(title.getByLabel("Titolo del sito")).toHaveValue("Archivio di Bruno");
  await expectAccessible(second);
  await title.getByRole("button", { name: "Salva la mia versione Titolo del sito" }).click();
  await expect(second.locator("#item-title").getByRole("status")).toHaveText("Salvato. La modifica è già visibile sul sito.");

  // the history: Anna's version restored as a new revision
  await second.locator("#item-title").getByRole("link", { name: "Cronologia Titolo del sito" }).click();
  await expect(second.getByRole("heading", { level: 2, name: "Cronologia: Titolo del sito" })).toBeFocused();
  // each revision says the value before and after (issue 31 §4)
  const anna = second
    .locator(".settings-revision")
    .filter({ has: second.locator(".revision-change__values ins", { hasText: "Archivio di Anna" }) });
  await expect(anna).toHaveCount(1);
  await expect(second.locator(".settings-revision").first().locator(".revision-change__values del")).toContainText("Archivio di Anna");
  await anna.getByRole("button", { name: /Ripristina la versione \d+/ }).click();
  await expect(second.getByRole("status").filter({ hasText: "Versione ripristinata" })).toBeVisible();
  await expect(second.locator(".settings-revision").first()).toContainText("ripristino della");
  await expectAccessible(second);
  await second.goto("/");
  await expect(second).toHaveTitle(/Archivio di Anna/);

  // back to the demo's title for the other tests
  await first.goto("/settings/general");
  await hydrated(first);
  await first.locator("#item-title").getByLabel("Titolo del sito").fill(original);
  await first.locator("#item-title").getByRole("button", { name: "Salva Titolo del sito" }).click();
  await expect(first.locator("#item-title").getByRole("status")).toHaveText("Salvato. La modifica è già visibile sul sito.");
  await first.context().close();
  await second.context().close();
});

test("the date format chosen in the settings is how the cards write a day (decision 112)", async ({ page }) => {
  await signIn(page, ADMIN);
  const choose = async (format: string) => {
    await page.goto("/settings/general");
    await hydrated(page);
    const item = page.locator("#item-dateFormat");
    await item.getByLabel("Formato delle date").selectOption(format);
    await item.getByRole("button", { name: "Salva Formato delle date" }).click();
    await expect(item.getByRole("status")).toHaveText("Salvato. La modifica è già visibile sul sito.");
  };
  const days = async () => {
    await page.goto("/cerca?q=acquisizione");
    return page.locator(".card__sub").allTextContents();
  };
  await choose("DD/MM/YYYY");
  expect((await days()).some((d) => /\b\d{2}\/\d{2}\/\d{4}\b/.test(d))).toBe(true);
  // back to the language's long form (the default), as the other tests expect it
  await choose("D MMMM YYYY");
  const long = await days();
  expect(long.some((d) => /\b\d{1,2} [a-z]+ \d{4}\b/.test(d))).toBe(true);
  expect(long.some((d) => /\d{2}\/\d{2}\/\d{4}/.test(d))).toBe(false);
});
