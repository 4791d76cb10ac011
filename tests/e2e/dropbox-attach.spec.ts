import sharp from "sharp";
import { allowConsoleErrors, expect, expectAccessible, hydrated, signIn, test } from "./helpers";

/**
 * The drop box's end (issue 16 §5, decision 073; issue 31 §2 and §9, decision 092): a file uploaded for a record
 * with a tag of the catalogue (and a word that is none, named before anything is kept) is attached from the
 * console's staging area — the record chosen by its title, the access, captions and rights asked — and stays
 * hidden from visitors until confirmed; a visitor then finds the record under that tag, with the new image and
 * its caption on its page.
 */

const PASSWORD = "E2e-password1";
const ADMIN = "e2e-admin@example.org";
const FIND = "Riccardo Rizzi"; // public letters of the demo archive
const TAG = { id: "tecniche-gelatina-sali-argento", name: "Stampa alla gelatina ai sali d'argento" };
const CAPTION = "Busta della lettera, recto";

test("an upload attached to a record from the console: hidden until confirmed, then the record gets the image and the chosen tag", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // the question about a word that is no tag is answered 422: the browser logs the status
  allowConsoleErrors(page, /status of 422 \([\w ]+\) .*\/buca\.data/);
  await signIn(page, ADMIN, PASSWORD);
  const tagged = `/cerca?q=${encodeURIComponent(FIND)}&filtro=${TAG.id}`;
  const visitor = async (path: string) => {
    const context = await browser.newContext();
    const v = await context.newPage();
    await v.goto(path);
    return { v, close: () => context.close() };
  };
  // before: no letter of his is under the photographic technique
  let seen = await visitor(tagged);
  await expect(seen.v.locator(".card")).toHaveCount(0);
  await seen.close();

  // the drop box: find the record, choose it (by its title, never by a code), a tag of the catalogue and a word that is none
  await page.goto("/buca");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Cerca una scheda di destinazione" }).fill(FIND);
  await page.getByRole("search").getByRole("button", { name: "Cerca" }).click();
  await expect(page).toHaveURL(/\/buca\?q=/);
  await hydrated(page);
  const target = page.getByRole("combobox", { name: "Destinazione", exact: true });
  const value = await target.inputValue();
  expect(value).toMatch(/^ca_objects\/[\w.-]+$/); // the first record found is chosen
  const option = await target.locator("option:checked").innerText();
  expect(option).not.toContain("ca_objects");
  const label = option.split(" — ")[0]!;
  const picture = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#6b4f2a" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("File", { exact: true }).setInputFiles([{ name: "busta-e2e.jpg", mimeType: "image/jpeg", buffer: picture }]);
  await page.getByLabel("Etichette").fill(`${TAG.id}, parola-che-non-e-un-tag`);
  await page.getByRole("button", { name: "Carica", exact: true }).click();
  // said before anything is kept; the files stay chosen
  await expect(
    page.getByRole("alert").filter({ hasText: "Queste parole non sono etichette del catalogo: parola-che-non-e-un-tag." }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Carica senza queste parole" }).click();
  await expect(page.locator("#buca-result")).toHaveText(
    "Inserito con successo! Non sono etichette del catalogo e non sono state salvate: parola-che-non-e-un-tag.",
  );

  // the console: the staged file names its record by title and its tag by name
  await page.goto("/console#staging");
  await hydrated(page);
  const row = page.getByRole("row").filter({ hasText: "busta-e2e.jpg" });
  await expect(row).toContainText(TAG.name);
  await expect(row).toContainText(label);
  await expect(row).not.toContainText("ca_objects");
  await row.getByRole("link", { name: "Collega busta-e2e.jpg alla scheda" }).click();

  // the attach step: the record chosen, who will see it, captions, rights
  await expect(page.getByRole("heading", { level: 1, name: "Collega un file a una scheda" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByRole("radio", { name: new RegExp(label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })).toBeChecked();
  await page.getByRole("radio", { name: "Tutti i visitatori della scheda" }).check();
  await page.getByLabel("Didascalia (Italiano)").fill(CAPTION);
  await page.getByLabel("Didascalia (English)").fill("Envelope of the letter, front");
  await page.getByLabel("Didascalia (Français)").fill("Enveloppe de la lettre, recto");
  await page.getByLabel("Licenza").fill("CC-BY-4.0");
  await page.getByLabel("Crediti").fill("Foto: Archivio e2e");
  await page.getByRole("button", { name: "Collega busta-e2e.jpg alla scheda" }).click();
  await expect(page.getByRole("status").filter({ hasText: "File collegato e nascosto" })).toBeVisible();
  const preview = page.locator("#preview");
  await expect(preview).toContainText("Ora nessun visitatore vede questo file.");
  await expect(preview).toContainText("i visitatori lo vedranno sulla pagina della scheda");
  await expect(preview.getByRole("img", { name: CAPTION })).toBeVisible();
  await expect(preview).toContainText("Foto: Archivio e2e · CC-BY-4.0");
  await expectAccessible(page);

  // still hidden: the visitor's record page has no new image, the tag is not given yet
  const recordPath = await preview.getByRole("link", { name: /Apri la pagina della scheda/ }).getAttribute("href");
  seen = await visitor(recordPath!);
  await expect(seen.v.getByRole("heading", { level: 1 })).toContainText(label);
  await expect(seen.v.getByText(CAPTION)).toHaveCount(0);
  await seen.close();
  seen = await visitor(tagged);
  await expect(seen.v.locator(".card")).toHaveCount(0);
  await seen.close();

  // confirmed: the console says what the server did
  await page.getByRole("button", { name: "Conferma e mostra il file" }).click();
  const notice = page.getByRole("status").filter({ hasText: "File mostrato sulla scheda" });
  await expect(notice).toContainText("Etichette date alla scheda: 1.");
  await expect(page.getByRole("row").filter({ hasText: "busta-e2e.jpg" })).toHaveCount(0);

  // a visitor finds the letter under the tag, and its page shows the new image with its caption and rights
  seen = await visitor(tagged);
  const card = seen.v.locator(".card").filter({ hasText: label });
  await expect(seen.v.locator(".card")).toHaveCount(1);
  await expect(card).toHaveCount(1);
  await card.getByRole("link").first().click();
  await expect(seen.v).toHaveURL(new RegExp(`/oggetti/${value.split("/")[1]}`));
  await expect(seen.v.getByText(CAPTION).first()).toBeAttached();
  await expect(seen.v.getByText("Foto: Archivio e2e · CC-BY-4.0").first()).toBeAttached();
  await seen.close();
});
