import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test } from "./helpers";

// The Amministratore of this spec (scripts/e2e-server.mjs).
const EDITOR = "e2e-editor@example.org";
const PASSWORD = "E2e-password1";

async function signIn(page: Page) {
  const res = await page.request.post("/api/public/login", { data: { email: EDITOR, password: PASSWORD } });
  expect(res.status()).toBe(200);
}

const L = {
  it: { prefix: "", bar: "Barra di amministrazione", edit: "Modifica le pagine", save: "Salva", saved: "Salvato", subtitle: "Sottotitolo", section: /^Modifica Sezione 1/, drawer: "Sezione 1", manage: "Gestisci", done: "Chiudi il pannello" },
  en: { prefix: "/en", bar: "Administration bar", edit: "Edit the pages", save: "Save", saved: "Saved", subtitle: "Subtitle", section: /^Edit Section 1/, drawer: "Section 1", manage: "Manage", done: "Close the panel" },
  fr: { prefix: "/fr", bar: "Barre d'administration", edit: "Modifier les pages", save: "Enregistrer", saved: "Enregistré", subtitle: "Sous-titre", section: /^Modifier Section 1/, drawer: "Section 1", manage: "Gérer", done: "Fermer le panneau" },
} as const;

async function editMode(page: Page, l: (typeof L)[keyof typeof L]) {
  await page.goto(l.prefix || "/");
  await hydrated(page);
  const bar = page.getByRole("navigation", { name: l.bar });
  const toggle = bar.getByRole("switch", { name: l.edit });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(page.getByLabel(l.subtitle, { exact: true })).toBeVisible(); // the editor chunk loaded
  return bar;
}

test("an administrator edits the hero in place in two languages, saves, is asked before losing edits, restores a revision; visitors see the text", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page);

  // Italian: edit, save, the confirmation, then the button reverts after 3 s
  let bar = await editMode(page, L.it);
  const subtitle = page.getByLabel("Sottotitolo", { exact: true });
  const original = await subtitle.inputValue();
  expect(original.length).toBeGreaterThan(0);
  await subtitle.fill("Carte di famiglia, modificate sul posto");
  await expect(bar.getByRole("status")).toHaveText("Modifiche non salvate");
  await bar.getByRole("button", { name: "Salva" }).click();
  await expect(bar.getByRole("button", { name: "Salvato" })).toBeVisible();
  await expect(bar.getByRole("status")).toHaveText("Salvato");
  await expect(bar.getByRole("button", { name: "Salva" })).toBeVisible({ timeout: 6_000 });
  await expect(bar.getByRole("button", { name: "Salvato" })).toHaveCount(0);

  // leaving with unsaved edits asks; declining stays with the text kept
  await subtitle.fill("Una modifica non salvata");
  await page.locator(".site-header").getByRole("link", { name: "Esplora" }).first().click();
  const leave = page.getByRole("dialog", { name: "Modifiche non salvate" });
  await expect(leave).toContainText("Sei sicuro di voler proseguire?");
  await expectAccessible(page);
  await leave.getByRole("button", { name: "Resta sulla pagina" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(subtitle).toHaveValue("Una modifica non salvata");
  // turning edit mode off passes the same dirty check; going on drops the edit
  await bar.getByRole("switch", { name: "Modifica le pagine" }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Esci senza salvare" }).click();
  await expect(bar.getByRole("switch", { name: "Modifica le pagine" })).toHaveAttribute("aria-checked", "false");
  await expect(page.locator(".hero__subtitle")).toHaveText("Carte di famiglia, modificate sul posto");

  // French: its own text
  bar = await editMode(page, L.fr);
  await page.getByLabel("Sous-titre", { exact: true }).fill("Papiers de famille, modifiés sur place");
  await bar.getByRole("button", { name: "Enregistrer" }).click();
  await expect(bar.getByRole("button", { name: "Enregistré" })).toBeVisible();

  // a visitor sees the saved texts and no admin bar
  const visitor = await browser.newPage();
  await visitor.goto("/");
  await expect(visitor.locator(".hero__subtitle")).toHaveText("Carte di famiglia, modificate sul posto");
  await expect(visitor.getByRole("navigation", { name: "Barra di amministrazione" })).toHaveCount(0);
  await expect(visitor.getByRole("switch")).toHaveCount(0);
  await visitor.goto("/fr");
  await expect(visitor.locator(".hero__subtitle")).toHaveText("Papiers de famille, modifiés sur place");

  // the settings history: restore the first version (the demo text, recorded before the first save)
  for (const [prefix, restore] of [["", "Ripristina la versione 1"], ["/fr", "Restaurer la version 1"]] as const) {
    await page.goto(`${prefix}/settings/contents?history=home`);
    await hydrated(page);
    await page.getByRole("button", { name: restore }).click();
    await expect(page.locator(".settings-history").getByRole("status")).toBeVisible();
  }
  await visitor.close();
  // (a new visitor: the first one's browser may keep the page a minute, decision 030)
  const later = await browser.newPage();
  await later.goto("/");
  await expect(later.locator(".hero__subtitle")).toHaveText(original);
  await later.goto("/fr");
  await expect(later.locator(".hero__subtitle")).toHaveText(/^Deux siècles/);
  await later.close();
  await page.goto("/");
  await expect(page.locator(".hero__subtitle")).toHaveText(original);
});

for (const [locale, l] of Object.entries(L)) {
  test(`the home page in edit mode with the section drawer open is accessible (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await editMode(page, l);
    await expectAccessible(page);
    await page.getByRole("button", { name: l.section }).click();
    const drawer = page.getByRole("dialog", { name: l.drawer });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator(".rich-text__area")).toBeVisible();
    await expectAccessible(page);
    await drawer.getByRole("tab", { name: l.manage }).click();
    await expect(drawer.getByRole("radiogroup")).toBeVisible();
    await expectAccessible(page);
    await drawer.getByRole("button", { name: l.done }).click();
    await expect(drawer).toBeHidden();
  });
}
