import type { Locator, Page } from "@playwright/test";
import { allowConsoleErrors, countStatus, expect, expectAccessible, hydrated, test } from "./helpers";

/**
 * The map view (issue 12): round clusters with counts, popups with image, title, date and a close button
 * inside them, markers reachable from the keyboard, "search this area" bound to the address and the
 * results, the bundled basemap without network, and Leaflet's controls under the sticky header.
 */

test.describe.configure({ mode: "parallel" });

/** Hermetic: no request leaves the machine (the default tile server is unreachable, as on an intranet). */
async function offline(page: Page) {
  allowConsoleErrors(page, /tile\.openstreetmap\.org|ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort("internetdisconnected"));
}

async function openMap(page: Page, url: string, name = "Mappa dei risultati") {
  await offline(page);
  await page.goto(url);
  await hydrated(page);
  const map = page.getByRole("region", { name, exact: true });
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  return map;
}

/** Zooms in through clusters (Enter on a focused cluster, as a keyboard user would) until single markers show. */
async function zoomToMarkers(page: Page, map: Locator) {
  const marker = map.locator(".leaflet-marker-icon.map-marker");
  for (let i = 0; i < 12 && !(await marker.first().isVisible()); i++) {
    await map.locator(".leaflet-marker-icon.map-cluster").first().focus();
    await page.keyboard.press("Enter");
    await page.waitForTimeout(500);
  }
  await expect(marker.first()).toBeVisible();
  return marker;
}

test("clusters are round, in the site's colour, and show how many records they hold", async ({ page }) => {
  const map = await openMap(page, "/cerca?view=map");
  const clusters = map.locator(".leaflet-marker-icon.map-cluster");
  await expect(clusters.first()).toBeVisible();
  const n = await clusters.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < Math.min(n, 5); i++) {
    const c = clusters.nth(i);
    const count = Number((await c.locator("[aria-hidden=true]").innerText()).replace(/\D/g, ""));
    expect(count).toBeGreaterThan(1);
    // A button named by its count, reachable from the keyboard.
    await expect(c).toHaveAttribute("role", "button");
    await expect(c).toHaveAttribute("tabindex", "0");
    await expect(c).toHaveAccessibleName(`${count.toLocaleString("it")} record in questa zona: ingrandisci`);
    const style = await c.evaluate((el) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      // The site's colours as the browser resolves them.
      const probe = document.createElement("span");
      document.body.append(probe);
      const colour = (v: string) => ((probe.style.color = `var(${v})`), getComputedStyle(probe).color);
      const palette = [colour("--primary"), colour("--primary-dark")];
      probe.remove();
      return { radius: s.borderTopLeftRadius, bg: s.backgroundColor, w: r.width, h: r.height, palette };
    });
    expect(style.w).toBe(style.h);
    expect(parseFloat(style.radius)).toBeGreaterThanOrEqual(style.w / 2 - 4);
    expect(style.palette).toContain(style.bg);
  }
  // Every located record is on the map: the clusters' counts and the single markers add up to the total.
  const total = Number(await map.getAttribute("data-points"));
  await expect(page.getByText(`${total} record con una posizione sulla mappa`)).toBeVisible();
  await expectAccessible(page);
});

test("a marker's popup shows the image, title and date, links to the record, and closes from inside", async ({ page }) => {
  const map = await openMap(page, "/en/cerca?view=map&media=con_media", "Map of the results");
  const marker = await zoomToMarkers(page, map);
  await marker.first().click();
  const popup = map.locator(".leaflet-popup");
  await expect(popup).toBeVisible();
  await expect(popup.locator("img")).toBeVisible();
  const title = popup.getByRole("link");
  await expect(title).toHaveCount(1);
  await expect(title).toHaveAttribute("href", /^\/en\/(oggetti|entita|occorrenze|luoghi|collezioni)\/\d+/);
  await expect(popup.locator(".map-popup__date")).toHaveText(/\d{3,4}|century/);
  // The close button sits inside the popup's box, named in the page's language.
  const close = popup.getByRole("button", { name: "Close", exact: true });
  const [box, closeBox] = [await popup.locator(".leaflet-popup-content-wrapper").boundingBox(), await close.boundingBox()];
  expect(closeBox!.x).toBeGreaterThanOrEqual(box!.x);
  expect(closeBox!.y).toBeGreaterThanOrEqual(box!.y);
  expect(closeBox!.x + closeBox!.width).toBeLessThanOrEqual(box!.x + box!.width);
  expect(closeBox!.y + closeBox!.height).toBeLessThanOrEqual(box!.y + box!.height);
  await expectAccessible(page);
  await close.click();
  await expect(popup).toHaveCount(0);
  // The title link goes to the record.
  await marker.first().click();
  const text = (await title.innerText()).trim();
  await title.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text);
});

test("markers are buttons with names: focus, Enter opens the popup, Escape closes it and returns focus", async ({ page }) => {
  const map = await openMap(page, "/fr/cerca?view=map", "Carte des résultats");
  const marker = await zoomToMarkers(page, map);
  const first = marker.first();
  await expect(first).toHaveAttribute("role", "button");
  const name = (await first.getAttribute("title")) ?? (await first.innerText());
  expect(name.trim().length).toBeGreaterThan(2);
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press("Enter");
  const popup = map.locator(".leaflet-popup");
  await expect(popup).toBeVisible();
  // Focus moves into the popup, onto its title link; the accessible name of the marker is that title.
  const link = popup.getByRole("link");
  await expect(link).toBeFocused();
  await expect(first).toHaveAccessibleName(new RegExp(`^${(await link.innerText()).trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(popup.getByRole("button", { name: "Fermer", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);
  await expect(first).toBeFocused();
});

test("search this area puts the map's view into the address and narrows the results", async ({ page }) => {
  const map = await openMap(page, "/cerca?view=map");
  const before = Number((await countStatus(page).innerText()).replace(/\D/g, ""));
  const pointsBefore = Number(await map.getAttribute("data-points"));
  const searchArea = page.getByRole("button", { name: "Cerca in quest'area", exact: true });
  await expect(searchArea).toHaveCount(0);
  // Zoom in twice with Leaflet's own control: the view now covers part of the points.
  await map.getByRole("button", { name: "Ingrandisci", exact: true }).click();
  await page.waitForTimeout(400);
  await map.getByRole("button", { name: "Ingrandisci", exact: true }).click();
  await expect(searchArea).toBeVisible();
  await searchArea.click();
  await expect(page).toHaveURL(/[?&]bbox=-?\d+(\.\d+)?%2C-?\d+(\.\d+)?%2C-?\d+(\.\d+)?%2C-?\d+(\.\d+)?/);
  await expect(page).toHaveURL(/view=map/);
  const url = new URL(page.url());
  const [west, south, east, north] = url.searchParams.get("bbox")!.split(",").map(Number);
  expect(west).toBeLessThan(east!);
  expect(south).toBeLessThan(north!);
  await expect(countStatus(page)).not.toHaveText(new RegExp(`^${before.toLocaleString("it")} `));
  const after = Number((await countStatus(page).innerText()).replace(/\D/g, ""));
  expect(after).toBeLessThan(before);
  expect(after).toBeGreaterThan(0);
  const regionAfter = page.getByRole("region", { name: "Mappa dei risultati", exact: true });
  const pointsAfter = Number(await regionAfter.getAttribute("data-points"));
  expect(pointsAfter).toBeLessThan(pointsBefore);
  // The area is a filter like the others: a chip removes it, and the list view keeps it.
  const chip = page
    .getByRole("navigation", { name: "Filtri attivi" })
    .getByRole("link", { name: "Rimuovi il filtro Area della mappa", exact: true });
  await expect(chip).toBeVisible();
  await page.getByRole("navigation", { name: "Vista" }).getByRole("link", { name: "Griglia" }).click();
  await expect(page).toHaveURL(/bbox=/);
  await expect(countStatus(page)).toHaveText(new RegExp(`^${after.toLocaleString("it")} `));
  await page
    .getByRole("navigation", { name: "Filtri attivi" })
    .getByRole("link", { name: "Rimuovi il filtro Area della mappa", exact: true })
    .click();
  await expect(page).not.toHaveURL(/bbox=/);
  await expect(countStatus(page)).toHaveText(new RegExp(`^${before.toLocaleString("it")} `));
  // A malformed area is refused with a message naming it, changing nothing.
  const bad = await page.request.get("/api/public/search?bbox=10,50,11,40");
  expect(bad.status()).toBe(400);
});

test("a search made while the basemap is still loading draws it on the new map, and nothing on the old one", async ({ page }) => {
  await offline(page);
  // The world's outlines answer only once the visitor has searched the area (a slow connection).
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/assets/countries-*.json", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/cerca?view=map");
  await page.waitForFunction(() => (window as unknown as { __tecaHydrated?: boolean }).__tecaHydrated === true);
  const map = page.getByRole("region", { name: "Mappa dei risultati", exact: true });
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  await map.getByRole("button", { name: "Ingrandisci", exact: true }).click();
  await page.getByRole("button", { name: "Cerca in quest'area", exact: true }).click();
  await expect(page).toHaveURL(/[?&]bbox=/);
  await expect(
    page.getByRole("navigation", { name: "Filtri attivi" }).getByRole("link", { name: "Rimuovi il filtro Area della mappa", exact: true }),
  ).toBeVisible();
  release();
  // (the old map's drawing, once its outlines arrive, must not touch the map that replaced it: no page error)
  await expect(map.locator("path.map-land").first()).toBeAttached();
  await expect(map).toHaveAttribute("data-basemap-drawn", /110m|50m/);
});

test("without network the bundled basemap draws land and borders, with its attribution", async ({ page }) => {
  const map = await openMap(page, "/en/cerca?view=map", "Map of the results");
  await expect(map).toHaveAttribute("data-basemap", "offline");
  await expect(map.locator("path.map-land").first()).toBeAttached();
  const land = await map.locator("path.map-land").evaluateAll((els) => els.reduce((n, el) => n + (el.getAttribute("d")?.length ?? 0), 0));
  expect(land).toBeGreaterThan(1000);
  await expect(map.locator(".leaflet-tile-pane img")).toHaveCount(0);
  const attribution = map.locator(".leaflet-control-attribution");
  await expect(attribution).toBeVisible();
  await expect(attribution).toContainText("Natural Earth");
  await expect(attribution.getByRole("link", { name: "Leaflet" })).toBeVisible();
  await expect(
    page.getByText("The tile server cannot be reached: the map shows the outlines of land and borders bundled with Teca."),
  ).toBeVisible();
  // Land is drawn under the markers (the sea is the map's background, land a lighter fill).
  const fill = await map
    .locator("path.map-land")
    .first()
    .evaluate((el) => getComputedStyle(el).fill);
  expect(fill).not.toBe("none");
  await expectAccessible(page);
});

test("Leaflet's controls stay under the sticky header and the menu", async ({ page }) => {
  const map = await openMap(page, "/cerca?view=map");
  const zoom = map.locator(".leaflet-control-zoom");
  const header = page.locator(".site-header");
  const headerBox = (await header.boundingBox())!;
  // Scroll so that the zoom control passes under the header.
  const zoomTop = await zoom.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.evaluate((y) => window.scrollTo(0, y), zoomTop - headerBox.height / 2);
  await page.waitForTimeout(200);
  const z = (await zoom.boundingBox())!;
  const h = (await header.boundingBox())!;
  expect(z.y).toBeLessThan(h.y + h.height);
  const hit = await page.evaluate(
    ([x, y]) => {
      const el = document.elementFromPoint(x!, y!);
      return { inHeader: Boolean(el?.closest(".site-header")), inMap: Boolean(el?.closest(".leaflet-container")) };
    },
    [z.x + z.width / 2, Math.max(z.y + 2, h.y + h.height / 2)],
  );
  expect(hit).toEqual({ inHeader: true, inMap: false });
});

test("on a phone the open menu covers the map's controls", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const map = await openMap(page, "/cerca?view=map");
  await map.scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: /Menu/i }).first().click();
  const zoomIn = map.getByRole("button", { name: "Ingrandisci", exact: true });
  const b = (await zoomIn.boundingBox())!;
  const hitsMap = await page.evaluate(
    ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest(".leaflet-container")),
    [b.x + b.width / 2, b.y + b.height / 2],
  );
  expect(hitsMap).toBe(false);
});
