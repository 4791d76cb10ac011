import { expect, hydrated, test } from "./helpers";

/**
 * Decision 024: on home, search and record pages nothing but the page and its pictures is asked for before
 * the first paint; the scripts, the UI messages and the web fonts follow it, and the page then hydrates.
 */
for (const [name, url] of [
  ["home", "/"],
  ["search", "/en/cerca?q=ritratto"],
  ["record", "/fr/oggetti/1"],
] as const) {
  test(`${name}: scripts, messages and fonts are asked for after the first paint, then the page hydrates`, async ({ page }) => {
    await page.goto(url);
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
      const late = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((r) => /\.(js|json|woff2)(\?|$)/.test(new URL(r.name).pathname))
        .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime }));
      return { fcp, late };
    });
    expect(timing.fcp).not.toBeNull();
    expect(timing.late.some((r) => r.path.includes("entry.client"))).toBe(true);
    expect(timing.late.some((r) => r.path.endsWith(".woff2"))).toBe(true);
    for (const r of timing.late) expect(r.start, `${r.path} asked for before the first paint`).toBeGreaterThanOrEqual(timing.fcp!);
    // The fonts' rules are in force and a font was used.
    await expect(page.locator("style[data-site-fonts]")).toHaveAttribute("media", "all");
    expect(await page.evaluate(() => [...document.fonts].some((f) => f.status === "loaded"))).toBe(true);
  });
}

test("after hydration a link is followed in the page (client navigation), not by loading a new document", async ({ page }) => {
  await page.goto("/en/cerca?q=ritratto");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const first = page.locator(".card__link").first();
  const title = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/en\/oggetti\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
