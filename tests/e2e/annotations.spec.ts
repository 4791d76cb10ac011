import { expect, expectAccessible, hydrated, signIn, test } from "./helpers";

/**
 * Annotations with moderation (issue 32 §1, decision 097), as people use them on the demo: a researcher marks a
 * region of a record's image with the keyboard on the deep-zoom viewer and saves a note; a curator finds it unread
 * on /annotazioni and approves it; a visitor then sees it under the record, attributed, its region outlined on demand.
 */
const RESEARCHER = { email: "e2e-annotator@example.org", name: "Anna Prova" };
const MANAGER = { email: "e2e-manager@example.org" };
const RECORD = "/oggetti/1";

test("a researcher draws a region by keyboard and saves a note; a curator approves it; a visitor sees it", async ({ page, browser }) => {
  const text = `Timbro a secco in basso a destra (${Date.now()})`;
  await signIn(page, RESEARCHER.email);
  await page.goto(RECORD);
  await hydrated(page);
  const notes = page.getByRole("region", { name: "Note", exact: true });
  await expect(notes.getByRole("heading", { name: "Aggiungi una nota" })).toBeVisible();

  // the region, by keyboard: the drawing area has the focus; arrows move, Shift+arrows resize, Enter confirms
  await notes.getByRole("button", { name: "Segna una regione dell'immagine" }).click();
  const dialog = page.getByRole("dialog", { name: "Segna una regione" });
  const area = dialog.getByRole("application", { name: "Regione da segnare sull'immagine" });
  await expect(area).toBeFocused();
  const position = dialog.getByRole("status").filter({ hasText: "Regione:" });
  await expect(position).toHaveText("Regione: 35% da sinistra, 35% dall'alto, larga 30%, alta 30%");
  for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Shift+ArrowLeft");
  await page.keyboard.press("Shift+ArrowUp");
  // moved right until the edge (70 %), then down, then narrower and shorter
  await expect(position).toHaveText("Regione: 70% da sinistra, 37% dall'alto, larga 28%, alta 28%");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(notes.getByText("Regione sull'immagine 1: 70% da sinistra, 37% dall'alto, 28% × 28%")).toBeVisible();

  // an empty note is refused by the form; then it is saved, pending
  await notes.getByLabel("Testo della nota").fill(text);
  await notes.getByRole("button", { name: "Salva la nota" }).click();
  await expect(notes.getByRole("status").filter({ hasText: "Nota salvata" })).toBeVisible();
  const mine = notes.getByRole("listitem").filter({ hasText: text });
  await expect(mine).toContainText("La tua nota");
  await expect(mine).toContainText("In attesa di approvazione");

  // a visitor does not see it yet, nor any way to add one
  const visitor = await browser.newContext();
  const seen = await visitor.newPage();
  await seen.goto(RECORD);
  await expect(seen.getByText(text)).toHaveCount(0);
  await expect(seen.getByRole("heading", { name: "Aggiungi una nota" })).toHaveCount(0);

  // the curator: the menu's dot says there is something to read; the note is on /annotazioni, unread, and approved
  const curatorContext = await browser.newContext();
  const curator = await curatorContext.newPage();
  await signIn(curator, MANAGER.email);
  await curator.setViewportSize({ width: 1440, height: 900 });
  await curator.goto("/");
  await hydrated(curator);
  const account = curator.getByRole("navigation", { name: "Il tuo account" });
  await account.locator("summary").click();
  await expect(account.getByRole("link", { name: "Annotazioni (ci sono note da leggere)" })).toBeVisible();
  await account.getByRole("link", { name: /Annotazioni/ }).click();
  await expect(curator.getByRole("heading", { level: 1, name: "Annotazioni" })).toBeVisible();
  await curator.getByLabel("Autore (nome o email)").fill("e2e-annotator");
  await curator.getByLabel("Solo da leggere").check();
  await curator.getByRole("button", { name: "Applica" }).click();
  await expect(curator).toHaveURL(/unread=1/);
  const row = curator.getByRole("row").filter({ hasText: text });
  await expect(row).toContainText("Da leggere");
  await expect(row.getByRole("img", { name: /Regione annotata/ })).toBeVisible();
  await row.getByRole("button", { name: "Approva" }).click();
  await expect(curator.getByText("Annotazione approvata: ora la vede chi può vedere la scheda.")).toBeVisible();
  await curatorContext.close();

  // the visitor now sees it, attributed, and its region on the image
  await seen.reload();
  await hydrated(seen);
  const approved = seen.getByRole("listitem").filter({ hasText: text });
  await expect(approved).toContainText(`Di ${RESEARCHER.name}`);
  await approved.getByRole("button", { name: "Mostra la regione" }).click();
  const view = seen.getByRole("dialog", { name: "La regione annotata" });
  await expect(view.locator(".region-box")).toBeVisible();
  await expect(view).toContainText("Regione: 70% da sinistra, 37% dall'alto, larga 28%, alta 28%");
  await visitor.close();

  // the author's note says it is approved
  await page.reload();
  await expect(notes.getByRole("listitem").filter({ hasText: text })).toContainText("Approvata");
});

test("a visitor sees only approved notes; Escape cancels a drawing and leaves the note without a region", async ({ page }) => {
  await page.goto(RECORD);
  await hydrated(page);
  const notes = page.getByRole("region", { name: "Note", exact: true });
  // the demo's approved note on this record, and none of its pending ones
  await expect(notes).toContainText("Reparto filatura, 1911");
  await expect(notes).not.toContainText("Ercole Valdameri");
  await expect(notes.getByRole("textbox")).toHaveCount(0);
  await expectAccessible(page);

  await signIn(page, RESEARCHER.email);
  await page.reload();
  await hydrated(page);
  await notes.getByRole("button", { name: "Segna una regione dell'immagine" }).click();
  const dialog = page.getByRole("dialog", { name: "Segna una regione" });
  await expect(dialog.getByRole("application")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(notes.getByText(/Regione sull'immagine/)).toHaveCount(0);
  await expect(notes.getByRole("button", { name: "Segna una regione dell'immagine" })).toBeVisible();
});

for (const [lang, prefix, title] of [
  ["it", "", "Annotazioni"],
  ["en", "/en", "Annotations"],
  ["fr", "/fr", "Annotations"],
] as const) {
  test(`/annotazioni in ${lang} is accessible`, async ({ page }) => {
    await signIn(page, MANAGER.email);
    await page.goto(`${prefix}/annotazioni`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    await expectAccessible(page);
  });
}
