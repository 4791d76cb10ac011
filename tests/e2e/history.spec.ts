import { expect, hydrated, test } from "./helpers";

/**
 * The browser's history (issue 12): loading and hydrating a page adds no entry of its own, so that one
 * press of Back returns to the page the visitor came from — the search page, whose sort form, filter
 * panel and search field run effects on hydration, and the pages reached from it.
 */

test.describe.configure({ mode: "parallel" });

for (const [locale, prefix] of [
  ["it", ""],
  ["en", "/en"],
  ["fr", "/fr"],
] as const) {
  test(`one Back from the search page, loaded from the home page, returns home (${locale})`, async ({ page, baseURL }) => {
    const home = `${baseURL}${prefix}${prefix ? "" : "/"}`;
    await page.goto(home);
    await hydrated(page);
    const before = await page.evaluate(() => history.length);
    await page.goto(`${prefix}/cerca?q=ritratto`);
    // Before hydration, then after: the document load added exactly one entry, hydration none.
    const loaded = await page.evaluate(() => history.length);
    expect(loaded).toBe(before + 1);
    await hydrated(page);
    await expect(page.locator(".card").first()).toBeVisible();
    expect(await page.evaluate(() => history.length)).toBe(loaded);
    await page.goBack();
    await expect(page).toHaveURL(home);
    await hydrated(page);
    await expect(page.locator(".hero")).toBeVisible();
  });
}

test("one Back after a search made from the home page's form returns home", async ({ page, baseURL }) => {
  await page.goto("/en");
  await hydrated(page);
  const before = await page.evaluate(() => history.length);
  const field = page.locator("#home-search");
  await field.fill("ritratto");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/en\/cerca\?q=ritratto/);
  await hydrated(page);
  await expect(page.locator(".card").first()).toBeVisible();
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await page.goBack();
  await expect(page).toHaveURL(`${baseURL}/en`);
});

test("Back and Forward between the search page and a record take one press each", async ({ page, baseURL }) => {
  await page.goto("/cerca?q=ritratto");
  await hydrated(page);
  const search = page.url();
  const start = await page.evaluate(() => history.length);
  await page.locator(".card__link").first().click();
  await expect(page).toHaveURL(/\/oggetti\/\d+/);
  await hydrated(page);
  const record = page.url();
  expect(await page.evaluate(() => history.length)).toBe(start + 1);
  await page.goBack();
  await expect(page).toHaveURL(search);
  await page.goForward();
  await expect(page).toHaveURL(record);
  expect(record.startsWith(`${baseURL}/oggetti/`)).toBe(true);
});
