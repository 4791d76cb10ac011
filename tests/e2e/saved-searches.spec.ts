import type { Page } from "@playwright/test";
import { allowConsoleErrors, expect, expectAccessible, hydrated, test, signIn } from "./helpers";

// A user the e2e server creates (scripts/e2e-seed.ts).
const RESEARCHER = "e2e-ricercatore@example.org";

/** Deletes the saved searches a test left (a rerun of the suite on the same data starts clean). */
async function deleteAll(page: Page, prefix = "") {
  await page.goto(`${prefix}/searches`);
  await hydrated(page);
  for (let n = await page.locator(".saved-item").count(); n > 0; n--) {
    const item = page.locator(".saved-item").first();
    await item.locator("summary").click();
    await item.locator(".saved-delete__confirm").click();
    await expect(page.locator(".saved-item")).toHaveCount(n - 1);
  }
}

test("a signed-in user saves a search from the search page, finds it in the list, reruns, renames and deletes it", async ({ page }) => {
  // the empty title is refused with 400: the browser logs the status of the dialog's post
  allowConsoleErrors(page, /status of 400 \(Bad Request\) .*\/searches\/new\.data/);
  await signIn(page, RESEARCHER);
  await deleteAll(page);
  await page.goto("/cerca?q=ritratto&view=auimasonry");
  await hydrated(page);
  await page.getByRole("link", { name: "Salva questa ricerca" }).click();
  const dialog = page.getByRole("dialog", { name: "Salva la ricerca" });
  await expect(dialog).toBeVisible();
  const title = dialog.getByLabel("Titolo");
  await expect(title).toHaveValue("ritratto");
  await expectAccessible(page);
  // no title: the spec's message on the field, nothing saved
  await title.fill("");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog.getByText("Ricordati di inserire il titolo")).toBeVisible();
  await expect(dialog.getByLabel("Titolo")).toHaveAttribute("aria-invalid", "true");
  // the hero switch is only for those who manage users
  await expect(dialog.getByRole("switch")).toHaveCount(0);
  await dialog.getByLabel("Titolo").fill("Ritratti del Settecento");
  await dialog.getByLabel("Avviso per email").selectOption("weekly");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(".save-search").getByRole("status")).toContainText("Ricerca salvata.");
  await expect(page).toHaveURL(/\/cerca\?q=ritratto&view=auimasonry$/);

  // the list: the search, its alert; rerun goes back to the same search
  await page.goto("/searches");
  await hydrated(page);
  const item = page.locator(".saved-item").filter({ hasText: "Ritratti del Settecento" });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("«ritratto»");
  await expect(item).toContainText("Avviso: Settimanale");
  await expectAccessible(page);
  await item.getByRole("link", { name: "Rilancia la ricerca «Ritratti del Settecento»" }).click();
  await expect(page).toHaveURL(/\/cerca\?q=ritratto&view=auimasonry$/);
  await expect(page.locator(".search-box input[name=q]")).toHaveValue("ritratto");

  // rename in the dialog
  await page.goto("/searches");
  await hydrated(page);
  await page.getByRole("link", { name: "Modifica «Ritratti del Settecento»" }).click();
  const edit = page.getByRole("dialog", { name: "Modifica «Ritratti del Settecento»" });
  await expect(edit.getByLabel("Titolo")).toHaveValue("Ritratti del Settecento");
  await edit.getByLabel("Titolo").fill("Ritratti, nuovo nome");
  await edit.getByLabel("Avviso per email").selectOption("none");
  await edit.getByRole("button", { name: "Salva" }).click();
  await expect(edit).toBeHidden();
  await expect(page.locator(".saved-page__status")).toHaveText("Modifiche salvate.");
  const renamed = page.locator(".saved-item").filter({ hasText: "Ritratti, nuovo nome" });
  await expect(renamed).toContainText("Nessun avviso");
  await expect(page.locator(".saved-item").filter({ hasText: "Ritratti del Settecento" })).toHaveCount(0);

  // delete, with the confirmation
  await renamed.getByText("Elimina", { exact: true }).click();
  await expect(renamed.getByText("Confermi la cancellazione?")).toBeVisible();
  await renamed.getByRole("button", { name: "Sì, elimina" }).click();
  await expect(page.locator(".saved-page__status")).toHaveText("Ricerca eliminata.");
  await expect(page.locator(".saved-item")).toHaveCount(0);
  await expect(page.getByText("Non hai ancora salvato una ricerca.")).toBeVisible();
});

test("saving works without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, RESEARCHER);
  await page.goto("/cerca?q=milano");
  await page.getByRole("link", { name: "Salva questa ricerca" }).click();
  await expect(page).toHaveURL(/\/searches\/new\?q=milano$/);
  await page.getByLabel("Titolo").fill("Milano senza script");
  await page.getByRole("button", { name: "Salva" }).click();
  await expect(page).toHaveURL(/\/searches\?done=saved$/);
  await expect(page.locator(".saved-page__status")).toHaveText("Ricerca salvata.");
  const item = page.locator(".saved-item").filter({ hasText: "Milano senza script" });
  await item.locator("summary").click();
  await item.getByRole("button", { name: "Sì, elimina" }).click();
  await expect(page.locator(".saved-page__status")).toHaveText("Ricerca eliminata.");
  await context.close();
});

test("visitors see no save control", async ({ page }) => {
  await page.goto("/cerca?q=milano");
  await hydrated(page);
  await expect(page.locator(".search__bar")).toBeVisible();
  await expect(page.getByRole("link", { name: "Salva questa ricerca" })).toHaveCount(0);
});

for (const [prefix, heading, save, dialogName] of [
  ["", "Ricerche salvate", "Salva questa ricerca", "Salva la ricerca"],
  ["/en", "Saved searches", "Save this search", "Save the search"],
  ["/fr", "Recherches enregistrées", "Enregistrer cette recherche", "Enregistrer la recherche"],
] as const) {
  // Every saved-search page in Italian; in English and French a smoke pass: the empty list and the save dialog.
  test(`the saved-search ${prefix ? "list and dialog pass" : "pages pass"} axe (${prefix || "/it"})`, async ({ page }) => {
    allowConsoleErrors(page, /status of 404/);
    await signIn(page, RESEARCHER);
    await deleteAll(page, prefix);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page); // the empty list
    await page.goto(`${prefix}/cerca?q=milano`);
    await hydrated(page);
    await page.getByRole("link", { name: save }).click();
    const dialog = page.getByRole("dialog", { name: dialogName });
    await dialog.locator("input[name=title]").fill(`Axe ${prefix || "it"}`);
    await expectAccessible(page);
    if (prefix) {
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      return;
    }
    await dialog.locator("button[type=submit]").click();
    await expect(dialog).toBeHidden();
    await page.goto(`${prefix}/searches`);
    await hydrated(page);
    await page.locator(".saved-item summary").first().click();
    await expectAccessible(page); // the list with the delete confirmation open
    await page.locator(".saved-item a[aria-haspopup=dialog]").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    const edit = await page.locator(".saved-item a[aria-haspopup=dialog]").first().getAttribute("href");
    await page.goto(edit!);
    await hydrated(page);
    await expectAccessible(page); // the edit page (no JavaScript's way)
    await page.goto(`${prefix}/searches/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    await hydrated(page);
    await expectAccessible(page); // an unknown unsubscribe link
    await deleteAll(page, prefix);
  });
}
