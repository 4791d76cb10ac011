import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test, signIn } from "./helpers";

/**
 * Issue 15 §1 bulk add and §3 the one save drawer (decision 066), in Chromium: select results on the search
 * page and add them to a new collection, then to an existing one (duplicates skipped, counted); the
 * 'Filtra...' box above 10 collections; the save drawer renaming and deleting (after 'Confermi la
 * cancellazione?') a collection and a saved search; axe in three languages. One researcher of its own
 * (scripts/e2e-seed.ts), so no other spec's collections interfere.
 */

const USER = "e2e-bulk@example.org";

async function removeAll(page: Page) {
  const list = await page.request.post("/api/auth/docs/getCollections", { data: { locale: "it" } });
  for (const c of ((await list.json()) as { data: { id: string; role: string }[] }).data.filter((x) => x.role === "owner"))
    expect(
      (await page.request.post("/api/auth/docs/removeDoc", { data: { collection: "collections", name: c.id, locale: "it" } })).status(),
    ).toBe(200);
}

async function createCollection(page: Page, title: string) {
  const res = await page.request.post("/api/auth/docs/saveDoc", { data: { collection: "collections", locale: "it", data: { title } } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** The search page, hydrated, with the bulk bar loaded (it is fetched for signed-in users after hydration). */
async function searchPage(page: Page, path = "/cerca?sort=az") {
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator(".bulk")).toBeVisible();
}

test.describe.configure({ mode: "serial" });

test("visitors see no selection; a user selects three results, adds them to a new collection, then the page to it (duplicates skipped)", async ({
  page,
}) => {
  await page.goto("/cerca?sort=az");
  await hydrated(page);
  await expect(page.locator(".search .card").first()).toBeVisible();
  await expect(page.locator(".card-select")).toHaveCount(0);
  await expect(page.locator(".bulk")).toHaveCount(0);

  await signIn(page, USER);
  await removeAll(page);
  await searchPage(page);
  const bar = page.getByRole("region", { name: "Selezione delle schede" });
  await expect(bar.getByRole("status").first()).toHaveText("Nessuna scheda selezionata");
  const cards = page.locator(".search .card");
  const names = (await cards.locator(".card__title").allInnerTexts()).slice(0, 3);
  for (const name of names) await page.getByRole("checkbox", { name: `Seleziona «${name}»` }).check();
  await expect(bar.getByRole("status").first()).toHaveText("3 schede selezionate");
  // one collection or none: no filter box; 'Nuova...' comes first
  await expect(bar.getByLabel("Filtra...")).toHaveCount(0);
  await expect(bar.getByLabel("Aggiungi a").locator("option").first()).toHaveText("Nuova...");
  await bar.getByRole("button", { name: "Aggiungi", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Nuova collezione con 3 schede" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: "Salva" }).click();
  await expect(drawer.getByRole("alert")).toHaveText("Ricordati di inserire il titolo");
  await drawer.getByLabel("Titolo").fill("Tre dalla ricerca");
  await drawer.getByRole("button", { name: "Salva" }).click();
  await expect(drawer).toBeHidden();
  await expect(bar.locator(".bulk__done")).toContainText("3 schede aggiunte a «Tre dalla ricerca»");
  await expect(bar.getByRole("status").first()).toHaveText("Nessuna scheda selezionata");
  for (const name of names) await expect(page.getByRole("checkbox", { name: `Seleziona «${name}»` })).not.toBeChecked();

  // the whole page into the same collection: the three already there are skipped and counted
  const onPage = await cards.count();
  await bar.getByRole("button", { name: "Seleziona tutte in questa pagina" }).click();
  await expect(bar.getByRole("status").first()).toHaveText(`${onPage} schede selezionate`);
  await bar.getByLabel("Aggiungi a").selectOption({ label: "Tre dalla ricerca" });
  await bar.getByRole("button", { name: "Aggiungi", exact: true }).click();
  await expect(bar.locator(".bulk__done")).toContainText(`${onPage - 3} schede aggiunte a «Tre dalla ricerca» 3 erano già presenti.`);
  // the Add button went with the selection: the focus is on what was done, not lost to the page
  await expect(bar.locator(".bulk__done")).toBeFocused();
  await bar.getByRole("link", { name: "Apri la collezione" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tre dalla ricerca" })).toBeVisible();
  await expect(page.locator(".collection-items > li")).toHaveCount(onPage);
});

test("above 10 collections the dropdown has a 'Filtra...' box; the selection goes where chosen", async ({ page }) => {
  await signIn(page, USER);
  await removeAll(page);
  for (let i = 1; i <= 11; i++) await createCollection(page, `Raccolta ${String(i).padStart(2, "0")}`);
  await searchPage(page);
  const bar = page.getByRole("region", { name: "Selezione delle schede" });
  const name = (await page.locator(".search .card .card__title").first().innerText()).trim();
  await page.getByRole("checkbox", { name: `Seleziona «${name}»` }).check();
  const target = bar.getByLabel("Aggiungi a");
  await expect(target.locator("option")).toHaveCount(12);
  await bar.getByLabel("Filtra...").fill("07");
  await expect(target.locator("option")).toHaveText(["Nuova...", "Raccolta 07"]);
  await bar.getByLabel("Filtra...").fill("nessuna così");
  await expect(bar.getByText("Nessuna collezione corrisponde al filtro")).toBeVisible();
  await expect(target.locator("option")).toHaveText(["Nuova..."]);
  await bar.getByLabel("Filtra...").fill("07");
  await target.selectOption({ label: "Raccolta 07" });
  await bar.getByRole("button", { name: "Aggiungi", exact: true }).click();
  await expect(bar.locator(".bulk__done")).toContainText("1 scheda aggiunta a «Raccolta 07»");
  await removeAll(page);
});

test("the save drawer renames and, once confirmed, deletes a collection and a saved search", async ({ page }) => {
  await signIn(page, USER);
  await removeAll(page);
  const id = await createCollection(page, "Da rinominare");
  await page.goto(`/collections/${id}`);
  await hydrated(page);
  await page.getByRole("link", { name: "Modifica", exact: true }).click();
  let drawer = page.getByRole("dialog", { name: "Modifica «Da rinominare»" });
  await expect(drawer.getByLabel("Titolo")).toHaveValue("Da rinominare");
  await drawer.getByLabel("Titolo").fill("");
  await drawer.getByRole("button", { name: "Salva" }).click();
  await expect(drawer.getByRole("alert")).toHaveText("Ricordati di inserire il titolo");
  await drawer.getByLabel("Titolo").fill("Nome nuovo");
  await drawer.getByRole("button", { name: "Salva" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nome nuovo");
  // Delete asks first; declining keeps it, confirming removes it and leaves the page
  await page.getByRole("link", { name: "Modifica", exact: true }).click();
  drawer = page.getByRole("dialog", { name: "Modifica «Nome nuovo»" });
  await drawer.getByRole("button", { name: "Elimina la collezione" }).click();
  await expect(drawer.getByText("Confermi la cancellazione?")).toBeVisible();
  await drawer.getByRole("button", { name: "No, tieni" }).click();
  await expect(drawer.getByText("Confermi la cancellazione?")).toHaveCount(0);
  await expect(drawer).toBeVisible();
  // the focus goes back to Delete, not to the page
  await expect(drawer.getByRole("button", { name: "Elimina la collezione" })).toBeFocused();
  await drawer.getByRole("button", { name: "Elimina la collezione" }).click();
  await drawer.getByRole("button", { name: "Sì, elimina" }).click();
  await expect(page).toHaveURL(/\/collections$/);
  expect((await page.request.post("/api/auth/docs/getCollectionItems", { data: { collection: id, locale: "it" } })).status()).toBe(404);

  // a saved search: the same drawer with its public flag and alert
  const made = await page.request.post("/api/auth/docs/saveSearch", {
    data: { locale: "it", data: { title: "Ritratti (bulk)", query: "q=ritratto" } },
  });
  expect(made.status()).toBe(201);
  await page.goto("/searches");
  await hydrated(page);
  await page.getByRole("link", { name: "Modifica «Ritratti (bulk)»" }).click();
  drawer = page.getByRole("dialog", { name: "Modifica «Ritratti (bulk)»" });
  await expect(drawer.getByLabel("Titolo")).toHaveValue("Ritratti (bulk)");
  await drawer.getByLabel("Titolo").fill("Ritratti, rinominata");
  await drawer.getByLabel("Pubblica").check();
  await drawer.getByRole("button", { name: "Salva" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator(".saved-page__status")).toHaveText("Modifiche salvate.");
  const item = page.locator(".saved-item").filter({ hasText: "Ritratti, rinominata" });
  await expect(item).toContainText("Pubblica");
  await item.getByRole("link", { name: "Modifica «Ritratti, rinominata»" }).click();
  drawer = page.getByRole("dialog", { name: "Modifica «Ritratti, rinominata»" });
  await drawer.getByRole("button", { name: "Elimina", exact: true }).click();
  await expect(drawer.getByText("Confermi la cancellazione?")).toBeVisible();
  await drawer.getByRole("button", { name: "Sì, elimina" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator(".saved-page__status")).toHaveText("Ricerca eliminata.");
  await expect(page.locator(".saved-item").filter({ hasText: "Ritratti, rinominata" })).toHaveCount(0);
});

for (const [prefix, region, newHeading] of [
  ["", "Selezione delle schede", "Nuova collezione con «"],
  ["/en", "Record selection", "New collection with “"],
  ["/fr", "Sélection de notices", "Nouvelle collection avec « "],
] as const) {
  test(`axe: the selection bar and the new-collection drawer (${prefix || "/it"})`, async ({ page }) => {
    await signIn(page, USER);
    await searchPage(page, `${prefix}/cerca?sort=az`);
    await page.locator(".card-select input").first().check();
    const bar = page.getByRole("region", { name: region });
    await expect(bar.locator("select")).toBeVisible();
    await expectAccessible(page);
    await bar.locator("button[type=submit]").click();
    const drawer = page.getByRole("dialog", { name: new RegExp(`^${newHeading.replace(/[«“]/g, ".")}`) });
    await expect(drawer).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  });
}
