import { expect, test } from "../helpers";

/** A visitor never reaches restricted records (demo: ca_objects 2 has access 3, 3 has access 2). */
test("restricted records are invisible to a visitor, on pages and in the API", async ({ page, request }) => {
  for (const id of ["2", "3"]) {
    for (const prefix of ["", "/en", "/fr"]) {
      const res = await page.goto(`${prefix}/oggetti/${id}`);
      expect(res?.status()).toBe(404);
      await expect(page.locator("[data-error-page='404']")).toBeVisible();
    }
    const api = await request.get(`/api/public/records/ca_objects/${id}`);
    expect(api.status()).toBe(404);
    const missing = await request.get(`/api/public/records/ca_objects/does-not-exist`);
    expect(await api.text()).toBe(await missing.text());
  }
});

test("no restricted record is linked or shown with a lock on public pages", async ({ page }) => {
  for (const url of ["/", "/en", "/oggetti/1", "/collezioni/1"]) {
    await page.goto(url);
    await expect(page.locator(".lock")).toHaveCount(0);
    const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.filter((h) => /^\/(en\/|fr\/)?oggetti\/(2|3)(\/|$)/.test(h ?? ""))).toEqual([]);
  }
});
