import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test, signIn } from "./helpers";

/**
 * The footer's and the menu's in-place editors (issue 16 §1, spec §4–§5, decision 074): the multi-editor
 * appends a blank entry when the last is filled, up to its limit (footer blocks: 10), in edit mode only;
 * empty rows are stripped on save; each language has its own text; a visitor sees the saved texts; the
 * settings history restores them. The menu is edited in English and French only: tests/e2e/settings.spec.ts
 * edits the Italian one at the same time.
 */

// The Amministratore of the in-place specs (scripts/e2e-seed.ts).
const EDITOR = "e2e-editor@example.org";

const L = {
  it: {
    prefix: "",
    bar: "Barra di amministrazione",
    edit: "Modifica le pagine",
    save: "Salva",
    saved: "Salvato",
    footer: "Blocchi del piè di pagina (al massimo 10)",
    menu: "Voci del menu (al massimo 100)",
    blockTitle: (n: number) => `Titolo del blocco ${n}`,
    blockText: (n: number) => `Testo del blocco ${n}`,
    label: (n: number) => `Etichetta della voce ${n}`,
    path: (n: number) => `Indirizzo della voce ${n}`,
    remove: (n: number) => `Togli la riga ${n}`,
    count: (c: number, m: number) => `${c} di ${m} righe`,
    restore: "Ripristina la versione 1",
  },
  en: {
    prefix: "/en",
    bar: "Administration bar",
    edit: "Edit the pages",
    save: "Save",
    saved: "Saved",
    footer: "Footer blocks (at most 10)",
    menu: "Menu entries (at most 100)",
    blockTitle: (n: number) => `Block ${n} title`,
    blockText: (n: number) => `Block ${n} text`,
    label: (n: number) => `Entry ${n} label`,
    path: (n: number) => `Entry ${n} address`,
    remove: (n: number) => `Remove row ${n}`,
    count: (c: number, m: number) => `${c} of ${m} rows`,
    restore: "Restore version 1",
  },
  fr: {
    prefix: "/fr",
    bar: "Barre d'administration",
    edit: "Modifier les pages",
    save: "Enregistrer",
    saved: "Enregistré",
    footer: "Blocs du pied de page (10 au maximum)",
    menu: "Entrées du menu (100 au maximum)",
    blockTitle: (n: number) => `Titre du bloc ${n}`,
    blockText: (n: number) => `Texte du bloc ${n}`,
    label: (n: number) => `Libellé de l'entrée ${n}`,
    path: (n: number) => `Adresse de l'entrée ${n}`,
    remove: (n: number) => `Retirer la ligne ${n}`,
    count: (c: number, m: number) => `${c} lignes sur ${m}`,
    restore: "Restaurer la version 1",
  },
} as const;
type Lang = (typeof L)[keyof typeof L];

/** Edit mode on at the language's home page; the footer's editor is there once its chunk has loaded. */
async function editMode(page: Page, l: Lang) {
  await page.goto(l.prefix || "/");
  await hydrated(page);
  const bar = page.getByRole("navigation", { name: l.bar });
  const toggle = bar.getByRole("switch", { name: l.edit });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  const footer = page.getByRole("group", { name: l.footer });
  await expect(footer).toBeVisible();
  return { bar, footer };
}

/** Opens the header's menu drawer, where the menu's editor shows itself in edit mode. */
async function openMenu(page: Page, l: Lang) {
  await hydrated(page); // the drawer opens with JavaScript
  await page.locator(".site-header").getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("group", { name: l.menu });
  await expect(menu).toBeVisible();
  return menu;
}

async function save(page: Page, l: Lang) {
  const bar = page.getByRole("navigation", { name: l.bar });
  await bar.getByRole("button", { name: l.save, exact: true }).click();
  await expect(bar.getByRole("button", { name: l.saved, exact: true })).toBeVisible();
}

/** What a visitor (a fresh browser: no session, no cached page) sees. */
async function visit(browser: Browser, path: string, check: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await check(page);
  await context.close();
}

const visitorFooter = (page: Page) => page.locator(".site-footer__blocks");

test("the footer and the menu edited in place: a blank row appended up to the limit, empty rows stripped, two languages, seen by visitors, restored", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, EDITOR);

  // Italian footer: the demo's three blocks and a blank fourth
  const { footer } = await editMode(page, L.it);
  await expect(footer.getByLabel(L.it.blockTitle(1))).toHaveValue("Indirizzo");
  await expect(footer.getByLabel(L.it.blockTitle(4))).toHaveValue("");
  await expect(footer.getByLabel(L.it.blockTitle(5))).toHaveCount(0);
  await expect(footer.getByText(L.it.count(3, 10))).toBeVisible();
  // filling the blank row appends the next blank one
  await footer.getByLabel(L.it.blockTitle(4)).fill("Contatti");
  await footer.getByLabel(L.it.blockText(4)).fill("Scriveteci a archivio@example.org");
  await expect(footer.getByLabel(L.it.blockTitle(5))).toHaveValue("");
  await expect(footer.getByText(L.it.count(4, 10))).toBeVisible();
  // up to the limit: ten blocks, and no eleventh row
  for (let n = 5; n <= 10; n++) await footer.getByLabel(L.it.blockTitle(n)).fill(`Blocco ${n}`);
  await expect(footer.getByText(L.it.count(10, 10))).toBeVisible();
  await expect(footer.getByLabel(L.it.blockTitle(11))).toHaveCount(0);
  // rows removed again; the blank row is back once under the limit
  for (let n = 10; n >= 5; n--) await footer.getByRole("button", { name: L.it.remove(n) }).click();
  await expect(footer.getByLabel(L.it.blockTitle(5))).toHaveValue("");
  await expect(footer.getByLabel(L.it.blockTitle(6))).toHaveCount(0);
  // a row emptied by hand stays in the editor and is stripped on save
  await footer.getByLabel(L.it.blockTitle(2)).fill("");
  await footer.getByLabel(L.it.blockText(2)).fill("   ");
  await expect(footer.getByLabel(L.it.blockTitle(2))).toBeVisible();
  await save(page, L.it);
  await expect(footer.getByLabel(L.it.blockTitle(2))).toHaveValue("Licenza dei dati");
  await expect(footer.getByLabel(L.it.blockTitle(3))).toHaveValue("Contatti");
  await expect(footer.getByText(L.it.count(3, 10))).toBeVisible();

  // French: its own footer block and menu entry; the menu's draft survives closing the drawer
  const fr = await editMode(page, L.fr);
  await fr.footer.getByLabel(L.fr.blockTitle(1)).fill("Adresse postale");
  let menu = await openMenu(page, L.fr);
  const frRows = await menu.getByRole("textbox", { name: /^Libellé/ }).count();
  await expect(menu.getByLabel(L.fr.label(frRows))).toHaveValue(""); // the blank entry
  await menu.getByLabel(L.fr.label(frRows)).fill("Horaires et accès");
  await menu.getByLabel(L.fr.path(frRows)).fill("/cerca?q=orari");
  await expect(menu.getByLabel(L.fr.label(frRows + 1))).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await save(page, L.fr);

  // English: a menu entry renamed and one removed
  await editMode(page, L.en);
  menu = await openMenu(page, L.en);
  await expect(menu.getByLabel(L.en.label(1))).toHaveValue("Search the archive");
  await menu.getByLabel(L.en.label(1)).fill("Search the catalogue");
  await menu.getByRole("button", { name: L.en.remove(5) }).click();
  await page.keyboard.press("Escape");
  await save(page, L.en);

  // visitors see each language's own texts; edit mode and its fields are the administrator's only
  await visit(browser, "/", async (v) => {
    await expect(visitorFooter(v)).toContainText("Contatti");
    await expect(visitorFooter(v)).not.toContainText("Orari della sala studio");
    await expect(visitorFooter(v).getByRole("heading")).toHaveText(["Indirizzo", "Licenza dei dati", "Contatti"]);
    await expect(v.getByRole("textbox", { name: L.it.blockTitle(1) })).toHaveCount(0);
  });
  await visit(browser, "/fr", async (v) => {
    await expect(visitorFooter(v).getByRole("heading").first()).toHaveText("Adresse postale");
    await hydrated(v);
    await v.locator(".site-header").getByRole("button", { name: "Menu" }).click();
    await expect(v.getByRole("dialog").getByRole("link", { name: "Horaires et accès" })).toHaveAttribute("href", "/fr/cerca?q=orari");
  });
  await visit(browser, "/en", async (v) => {
    await hydrated(v);
    await v.locator(".site-header").getByRole("button", { name: "Menu" }).click();
    const drawer = v.getByRole("dialog");
    await expect(drawer.getByRole("link", { name: "Search the catalogue" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "The Foundation" })).toHaveCount(0);
    await expect(visitorFooter(v).getByRole("heading").first()).toHaveText("Address"); // English footer untouched
  });

  // the settings history restores the first version (the demo's, recorded before the first save)
  for (const [l, key] of [
    [L.it, "footer_blocks"],
    [L.fr, "footer_blocks"],
    [L.fr, "menu"],
    [L.en, "menu"],
  ] as const) {
    await page.goto(`${l.prefix}/settings/layout?history=${key}`);
    await hydrated(page);
    await page.getByRole("button", { name: l.restore }).click();
    await expect(page.locator(".settings-history").getByRole("status")).toBeVisible();
  }
  await visit(browser, "/", async (v) => {
    await expect(visitorFooter(v).getByRole("heading")).toHaveText(["Indirizzo", "Orari della sala studio", "Licenza dei dati"]);
  });
  await visit(browser, "/fr", async (v) => {
    await expect(visitorFooter(v).getByRole("heading").first()).toHaveText("Adresse");
    await hydrated(v);
    await v.locator(".site-header").getByRole("button", { name: "Menu" }).click();
    await expect(v.getByRole("dialog").getByRole("link", { name: "Horaires et accès" })).toHaveCount(0);
  });
  await visit(browser, "/en", async (v) => {
    await hydrated(v);
    await v.locator(".site-header").getByRole("button", { name: "Menu" }).click();
    await expect(v.getByRole("dialog").getByRole("link", { name: "Search the archive" })).toBeVisible();
    await expect(v.getByRole("dialog").getByRole("link", { name: "The Foundation" })).toBeVisible();
  });
});

for (const [locale, l] of Object.entries(L)) {
  test(`the footer's and the menu's editors are accessible (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, EDITOR);
    const { footer } = await editMode(page, l);
    await footer.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    const menu = await openMenu(page, l);
    await expect(menu.getByLabel(l.label(1))).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });
}
