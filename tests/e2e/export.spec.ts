import AxeBuilder from "@axe-core/playwright";
import { expect, expectAccessible, hydrated, test } from "./helpers";

/** Export of a search's results (issue 14 §4): the download menu on the search page. */

test.describe.configure({ mode: "parallel" });

const parseCsvHeader = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .split("\r\n")[0]!
    .split(",");

for (const [locale, prefix, button, csv] of [
  ["it", "", "Scarica", "CSV (fogli di calcolo)"],
  ["en", "/en", "Download", "CSV (spreadsheets)"],
  ["fr", "/fr", "Télécharger", "CSV (tableurs)"],
] as const) {
  test(`downloads the results of a search as CSV from the search page, in ${locale}`, async ({ page }) => {
    await page.goto(`${prefix}/cerca?q=milano&sort=az`);
    await hydrated(page);
    const count = Number((await page.locator(".search__count").innerText()).replace(/\D+/g, " ").trim().split(" ")[0]);
    expect(count).toBeGreaterThan(0);
    await expectAccessible(page);
    await page.getByText(button, { exact: true }).click();
    const link = page.getByRole("link", { name: csv });
    await expect(link).toBeVisible();
    // the open menu itself (it covers part of the page below it, as a menu does)
    const open = await new AxeBuilder({ page })
      .include(".export-menu")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(open.violations.map((v) => v.id)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^teca-search-\d{4}-\d{2}-\d{2}-milano\.csv$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(parseCsvHeader(text).slice(0, 4)).toEqual(["id", "table", "type", "label"]);
    // one line per result, the first as on the page (records ordered A–Z)
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(Math.min(count, 10_000) + 1);
    const firstTitle = (await page.locator(".card-grid .card__title, .card-grid h2").first().innerText()).trim();
    expect(lines[1]).toContain(firstTitle.replace(/"/g, '""').slice(0, 20));
    // the record links are in the page's language
    if (prefix) expect(lines[1]).toContain(`${prefix}/`);
  });
}

test("the menu works without JavaScript: a plain link to the export", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/en/cerca?q=milano");
  await page.getByText("Download", { exact: true }).click();
  const href = await page.getByRole("link", { name: "JSON" }).getAttribute("href");
  expect(href).toMatch(/^\/api\/public\/export\?format=json&locale=en&q=milano/);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toMatch(/attachment; filename="teca-search-.*-milano\.json"/);
  const rows = (await res.json()) as { label: string; url: string }[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows[0]!.url).toContain("/en/");
  await context.close();
});

test("the menu closes with Escape and gives the focus back", async ({ page }) => {
  await page.goto("/cerca?q=milano");
  await hydrated(page);
  const summary = page.locator(".export-menu summary");
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "JSON" })).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "JSON" })).toBeHidden();
  await expect(summary).toBeFocused();
});
