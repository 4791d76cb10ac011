import { expect, expectAccessible, hydrated, test } from "./helpers";

/** "Cite this record" on record pages (issue 14 §4). */

test.describe.configure({ mode: "parallel" });

for (const [locale, prefix, title, copied, moreFormats, copiedBibtex] of [
  [
    "it",
    "",
    "Cita questa scheda",
    "Citazione Chicago copiata negli appunti",
    "Altri formati: BibTeX e CSL-JSON",
    "Citazione BibTeX copiata negli appunti",
  ],
  [
    "en",
    "/en",
    "Cite this record",
    "Chicago citation copied to the clipboard",
    "More formats: BibTeX and CSL-JSON",
    "BibTeX citation copied to the clipboard",
  ],
  [
    "fr",
    "/fr",
    "Citer cette notice",
    "Citation Chicago copiée dans le presse-papiers",
    "Autres formats : BibTeX et CSL-JSON",
    "Citation BibTeX copiée dans le presse-papiers",
  ],
] as const) {
  test(`copies the Chicago citation, announced, in ${locale}`, async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto(`${prefix}/oggetti/1`);
    await hydrated(page);
    const box = page.getByRole("region", { name: title });
    await expect(box).toBeVisible();
    const label = (await page.locator("h1").innerText()).trim();
    const chicago = box.locator(".citation__text").first();
    await expect(chicago).toContainText(label);
    await expect(chicago).toContainText(`${baseURL}${prefix}/oggetti/1.`);
    await box.getByRole("button", { name: /Chicago/ }).click();
    await expect(box.getByRole("status")).toHaveText(copied);
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    expect(clip).toBe((await chicago.innerText()).trim());
    // BibTeX and CSL-JSON are folded away behind a disclosure, which the keyboard opens
    const bibtex = box.locator("pre").first();
    await expect(bibtex).toBeHidden();
    const more = box.locator("summary");
    await expect(more).toHaveText(moreFormats);
    await expectAccessible(page);
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(bibtex).toBeVisible();
    await expect(bibtex).toContainText("@misc{ca_objects-1,");
    // the CSL-JSON parses
    const csl = JSON.parse(await box.locator("pre").nth(1).innerText()) as { title: string; URL: string }[];
    expect(csl[0]).toMatchObject({ title: label, URL: `${baseURL}${prefix}/oggetti/1` });
    await box.getByRole("button", { name: /BibTeX/ }).click();
    await expect(box.getByRole("status")).toHaveText(copiedBibtex);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await bibtex.innerText()).trim());
    await expectAccessible(page);
  });
}

test("without JavaScript the citations are selectable text with no dead buttons", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/en/oggetti/1");
  const box = page.getByRole("region", { name: "Cite this record" });
  await expect(box.locator(".citation__text")).toHaveCount(2);
  await expect(box.getByRole("button")).toHaveCount(0);
  // the disclosure is HTML's own: it opens without JavaScript
  await box.locator("summary").click();
  await expect(box.locator("pre").first()).toBeVisible();
  await context.close();
});
