import sharp from "sharp";
import { expect, expectAccessible, hydrated, signIn, test } from "./helpers";

/**
 * The drop box's end (issue 16 §5, decision 073): a file uploaded for a record with a tag of the catalogue
 * (and a word that is none) is attached from the console's staging area; a visitor then finds the record
 * under that tag, with the new image on its page.
 */

const PASSWORD = "E2e-password1";
const ADMIN = "e2e-admin@example.org";
const FIND = "Riccardo Rizzi"; // public letters of the demo archive
const TAG = { id: "tecniche-gelatina-sali-argento", name: "Stampa alla gelatina ai sali d'argento" };

test("an upload attached to a record from the console: the record gets the image and the chosen tag", async ({ page, browser }) => {
  test.setTimeout(180_000);
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

  // the drop box: find the record, choose it, a tag of the catalogue and a word that is none
  await page.goto("/buca");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Cerca una scheda di destinazione" }).fill(FIND);
  await page.getByRole("search").getByRole("button", { name: "Cerca" }).click();
  await expect(page).toHaveURL(/\/buca\?q=/);
  await hydrated(page);
  const target = page.getByRole("combobox", { name: "Destinazione", exact: true });
  const value = await target.inputValue();
  expect(value).toMatch(/^ca_objects\/[\w.-]+$/); // the first record found is chosen
  const label = (await target.locator("option:checked").innerText()).replace(/ \(ca_objects\/.*\)$/, "");
  const picture = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#6b4f2a" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("File", { exact: true }).setInputFiles([{ name: "busta-e2e.jpg", mimeType: "image/jpeg", buffer: picture }]);
  await page.getByLabel("Etichette").fill(`${TAG.id}, parola-che-non-e-un-tag`);
  await page.getByRole("button", { name: "Carica" }).click();
  await expect(page.locator("#buca-result")).toHaveText("Inserito con successo!");

  // the console: the staged file, its target prefilled; attached
  await page.goto("/console#staging");
  await hydrated(page);
  const row = page.getByRole("row").filter({ hasText: "busta-e2e.jpg" });
  await expect(row).toContainText(TAG.id);
  await expect(row.getByRole("textbox", { name: "Scheda a cui collegare busta-e2e.jpg (tabella/id)" })).toHaveValue(value);
  await row.getByRole("button", { name: "Collega busta-e2e.jpg alla scheda" }).click();
  const notice = page.getByRole("status").filter({ hasText: "File collegato alla scheda" });
  await expect(notice).toContainText("Etichette date alla scheda: 1.");
  await expect(notice).toContainText("Non sono etichette del catalogo e non sono state date: parola-che-non-e-un-tag.");
  await expect(page.getByRole("row").filter({ hasText: "busta-e2e.jpg" })).toHaveCount(0);
  await expectAccessible(page);

  // a visitor finds the letter under the tag, and its page shows the new image
  seen = await visitor(tagged);
  const card = seen.v.locator(".card").filter({ hasText: label });
  await expect(seen.v.locator(".card")).toHaveCount(1);
  await expect(card).toHaveCount(1);
  await card.getByRole("link").first().click();
  await expect(seen.v).toHaveURL(new RegExp(`/oggetti/${value.split("/")[1]}`));
  // the new media is the record's last, titled with the file's name
  await expect(
    seen.v.locator('[alt="busta-e2e.jpg"], [title="busta-e2e.jpg"]').or(seen.v.getByText("busta-e2e.jpg")).first(),
  ).toBeAttached();
  await seen.close();
});
