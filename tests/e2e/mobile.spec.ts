import type { Page } from "@playwright/test";
import { allowConsoleErrors, expect, expectAccessible, hydrated, test } from "./helpers";

/**
 * Phones and tablets (issue 12): nothing wider than the screen at 320, 375, 390 and 768 px in every
 * locale, a one-row header of at most 64 px, the table view as stacked
 * cards, touch targets of at least 44 px.
 */

test.describe.configure({ mode: "parallel" });

/**
 * The pages of the issue's list (and of `npm run screenshots`): home; search as list, grid, table, map (whole
 * and an area) and on a decade of the timeline; a narrowed search; a record, an entity and a collection; a
 * search that finds nothing; the error page.
 */
const PAGES = [
  "/",
  "/cerca?q=ritratto",
  "/cerca?view=auimasonry",
  "/cerca?view=auitable",
  "/cerca?view=map",
  "/cerca?view=map&bbox=8.6,45.3,9.6,45.8",
  "/cerca?from=1900&to=1909",
  "/cerca?q=ritratto&filtro=type:101&from=1700&to=1750",
  "/oggetti/1",
  "/entita/3",
  "/collezioni/1",
  "/cerca?q=ritrato&from=1700&to=1750&media=senza_media",
  "/pagina-che-non-esiste",
];

/** Elements sticking out of the viewport, or text overflowing its box (scrollWidth > clientWidth on a clipping box). */
async function overflowing(page: Page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > vw) out.push(`document ${document.documentElement.scrollWidth} > ${vw}`);
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      // The hero image is cropped by design (its box clips it); the map draws its own tiles.
      if (el.closest(".visually-hidden, .leaflet-container, .hero__media, [hidden]")) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      // Inside a box that scrolls sideways on purpose (the timeline), sticking out is the point.
      let scroller = el.parentElement;
      while (scroller && !["auto", "scroll"].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (scroller && scroller !== document.documentElement && scroller !== document.body) continue;
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} «${(el.textContent ?? "").trim().slice(0, 30)}»`;
      if (r.right > vw + 1 || r.left < -1) out.push(`${name} spans ${Math.round(r.left)}–${Math.round(r.right)} of ${vw}`);
      const style = getComputedStyle(el);
      if (style.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1 && style.overflowX !== "auto" && style.overflowX !== "scroll")
        out.push(`${name} clips its text (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return out.slice(0, 10);
  });
}

for (const width of [320, 375, 390, 768]) {
  for (const prefix of ["", "/en", "/fr"]) {
    test(`nothing wider than a ${width} px screen, header at most 64 px${prefix ? ` (${prefix})` : " (it)"}`, async ({ page }) => {
      test.setTimeout(180_000); // thirteen pages, each loaded and hydrated
      // The map view's tile server is unreachable here (as on an intranet): the bundled basemap is drawn.
      allowConsoleErrors(page, /tile\.openstreetmap\.org|ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
      await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort("internetdisconnected"));
      await page.setViewportSize({ width, height: 740 });
      for (const path of PAGES) {
        const url = prefix + (path === "/" ? "" : path) || "/";
        await page.goto(url);
        await hydrated(page);
        // Polled: a layout still settling (fonts swapping in, lazy images sizing a masonry column) gets a moment.
        await expect.poll(() => overflowing(page), { message: `${url} at ${width} px` }).toEqual([]);
        const header = await page.locator(".site-header").boundingBox();
        expect(header!.height, `header of ${url}`).toBeLessThanOrEqual(64);
      }
    });
  }
}

test("the header stays on top while scrolling, one row of at most 64 px, its tabs and language in the menu", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/fr/cerca?q=ritratto");
  await hydrated(page);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const box = await page.locator(".site-header").boundingBox();
  expect(box!.y).toBe(0);
  expect(box!.height).toBeLessThanOrEqual(64);
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: "Explorer", exact: true })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "English", exact: true })).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Thème sombre" })).toBeVisible();
  await expectAccessible(page);
});

test("below 640 px the table view is a list of stacked cards", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/en/cerca?view=auitable");
  await hydrated(page);
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  const rows = table.locator("tbody tr");
  const first = await rows.nth(0).boundingBox();
  const second = await rows.nth(1).boundingBox();
  expect(first!.width).toBeGreaterThan(300);
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  await expect(rows.nth(0).locator("td").first()).toHaveCSS("display", "block");
  // Each cell still says which column it is.
  await expect(table.getByRole("rowheader").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});

test("touch targets on a phone are at least 44 px high", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/cerca?q=ritratto");
  await hydrated(page);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("header button, header a, .search button, .search select, .search input:not([type=hidden]), .view-switch a, .chips a, .pagination a")]
      .filter((el) => el.offsetParent !== null && !el.closest(".visually-hidden, .skip-link"))
      .map((el) => ({ name: `${el.tagName} ${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 20)}`, h: el.getBoundingClientRect().height }))
      .filter((x) => x.h < 44),
  );
  expect(small).toEqual([]);
});
