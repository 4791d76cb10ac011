import { expect, test } from "../helpers";

// Demo: ca_objects 2 has access 3, 3 has access 2.
// (Restricted records answer 404 to a visitor on their pages in every language and in the API, the same body as
// a missing one: tests/integration/e2e-moved-pages.test.ts.)

test("no restricted record is linked or shown with a lock on public pages", async ({ page }) => {
  for (const url of ["/", "/en", "/oggetti/1", "/collezioni/1"]) {
    await page.goto(url);
    await expect(page.locator(".lock")).toHaveCount(0);
    const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.filter((h) => /^\/(en\/|fr\/)?oggetti\/(2|3)(\/|$)/.test(h ?? ""))).toEqual([]);
  }
});
