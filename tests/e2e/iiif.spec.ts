import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test } from "./helpers";

/**
 * IIIF in the browser (issue 14 §1, decision 053): deep zoom on a record's images reading the IIIF tiles,
 * by mouse, buttons and keyboard; the manifest link; the page-turner of an album.
 */

test.describe.configure({ mode: "parallel" });

type Manifest = { items: { homepage?: unknown; items: { items: { body: { service?: { id: string }[] } }[] }[] }[] };

/** A public object whose first two images are distinct images published as IIIF tiles (found through the IIIF collection). */
async function objectWithImages(request: APIRequestContext): Promise<string> {
  const page = await (await request.get("/iiif/collection/search?table=ca_objects&q=fotografia&page=1")).json();
  for (const item of page.items as { id: string }[]) {
    const m = (await (await request.get(new URL(item.id).pathname)).json()) as Manifest;
    const services = m.items.filter((c) => !c.homepage).map((c) => c.items[0]!.items[0]!.body.service?.[0]?.id);
    if (services.length >= 2 && services[0] && services[1] && services[0] !== services[1])
      return new URL(item.id).pathname.split("/").pop()!;
  }
  throw new Error("no object with two public images in the demo");
}

/** An album whose pages are its children's images. */
async function album(request: APIRequestContext): Promise<string> {
  const res = await (await request.get("/api/public/search?q=album%20fotografico&table=ca_objects")).json();
  for (const r of res.data as { id: string }[]) {
    const m = await request.get(`/iiif/manifest/oggetti/${r.id}`);
    if (m.ok() && ((await m.json()) as Manifest).items.length >= 3) return r.id;
  }
  throw new Error("no album with pages in the demo");
}

const zoomOf = async (page: Page) => Number(await page.locator(".deepzoom").getAttribute("data-zoom"));

test("deep zoom on a record image: buttons, wheel, keyboard, rotation, next image, full screen; axe clean", async ({ page, request }) => {
  const id = await objectWithImages(request);
  await page.goto(`/oggetti/${id}`);
  await hydrated(page);
  const firstInfo = page.waitForResponse((r) => /\/iiif\/3\/[0-9a-f]{32}\/info\.json$/.test(r.url()) && r.status() === 200);
  // Tiles come from the IIIF service.
  const firstTile = page.waitForResponse(
    (r) => /\/iiif\/3\/[0-9a-f]{32}\/(?:full|[\d,]+)\/[\d,]+\/0\/default\.jpg$/.test(r.url()) && r.status() === 200,
  );
  await page.getByRole("button", { name: /a schermo intero$/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const info = await firstInfo;
  await expect(page.locator(".deepzoom")).toHaveAttribute("data-state", "ready");
  expect((await firstTile).headers()["content-type"]).toBe("image/jpeg");
  const home = await zoomOf(page);
  expect(home).toBeGreaterThan(0);

  await dialog.getByRole("button", { name: "Ingrandisci" }).click();
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(home * 1.3);

  await dialog.getByRole("button", { name: "Adatta alla finestra" }).click();
  await expect.poll(() => zoomOf(page)).toBeCloseTo(home, 2);

  const stage = page.locator(".deepzoom__stage");
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -600);
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(home * 1.1);

  await dialog.getByRole("button", { name: "Adatta alla finestra" }).click();
  await expect.poll(() => zoomOf(page)).toBeCloseTo(home, 2);
  // Keyboard on the image: + zooms in, 0 fits it again, R rotates.
  await page.locator(".openseadragon-canvas").focus();
  await page.keyboard.press("Equal");
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(home * 1.05);
  await page.keyboard.press("Digit0");
  await expect.poll(() => zoomOf(page)).toBeCloseTo(home, 2);
  await page.keyboard.press("KeyR");
  await expect(page.locator(".deepzoom")).toHaveAttribute("data-rotation", "90");
  await dialog.getByRole("button", { name: "Ruota di 90°" }).click();
  await expect(page.locator(".deepzoom")).toHaveAttribute("data-rotation", "180");

  // Full screen puts the viewer (its buttons included) on the whole screen, and back.
  await dialog.getByRole("button", { name: "Schermo intero", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Esci dallo schermo intero" })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement?.classList.contains("deepzoom"))).toBe(true);
  await dialog.getByRole("button", { name: "Esci dallo schermo intero" }).click();
  await expect(dialog.getByRole("button", { name: "Schermo intero", exact: true })).toBeVisible();

  await expectAccessible(page);

  // The next image opens its own tiles.
  const nextInfo = page.waitForResponse((r) => /\/iiif\/3\/[0-9a-f]{32}\/info\.json$/.test(r.url()) && r.url() !== info.url());
  await dialog.getByRole("button", { name: "Media successivo" }).click();
  await nextInfo;
  await expect(dialog.getByText(/^Media 2 di \d+$/)).toBeVisible();
  await expect(page.locator(".deepzoom")).toHaveAttribute("data-state", "ready");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("OpenSeadragon is loaded only when the viewer opens", async ({ page, request }) => {
  const id = await objectWithImages(request);
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await page.goto(`/oggetti/${id}`);
  await hydrated(page);
  expect(scripts.some((u) => /openseadragon/i.test(u))).toBe(false);
  await page.getByRole("button", { name: /a schermo intero$/ }).click();
  await expect(page.locator(".deepzoom")).toHaveAttribute("data-state", "ready");
  expect(scripts.some((u) => /openseadragon/i.test(u))).toBe(true);
});

test("the record page links its IIIF manifest in the form viewers accept by drag and drop", async ({ page, request }) => {
  const id = await objectWithImages(request);
  await page.goto(`/en/oggetti/${id}`);
  const link = page.getByRole("link", { name: "IIIF manifest" });
  const href = (await link.getAttribute("href"))!;
  const url = new URL(href, page.url());
  expect(url.pathname).toBe(`/iiif/manifest/oggetti/${id}`);
  expect(url.searchParams.get("manifest")).toBe(new URL(`/iiif/manifest/oggetti/${id}`, page.url()).href);
  const res = await request.get(href);
  expect(res.headers()["access-control-allow-origin"]).toBe("*");
  expect((await res.json()).type).toBe("Manifest");
});

for (const [locale, prefix, counter, next] of [
  ["it", "", "Pagina {i} di {n}", "Pagina successiva"],
  ["en", "/en", "Page {i} of {n}", "Next page"],
  ["fr", "/fr", "Page {i} sur {n}", "Page suivante"],
] as const) {
  test(`the page-turner turns an album's pages with the arrows and the thumbnails, in ${locale}; axe clean`, async ({ page, request }) => {
    const id = await album(request);
    const n = ((await (await request.get(`/iiif/manifest/oggetti/${id}`)).json()) as Manifest).items.length;
    const status = (i: number) => counter.replace("{i}", String(i)).replace("{n}", String(n));
    await page.goto(`${prefix}/sfogliatore/${id}`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: status(1) })).toBeVisible();
    await expect(page.locator(".deepzoom")).toHaveAttribute("data-state", "ready");
    // It opens at its top: title, way back and tools in view (issue 31 §5: it opened 300–480 px down).
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectAccessible(page);

    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("status").filter({ hasText: status(2) })).toBeVisible();
    await expect(page).toHaveURL(/[?&]p=2$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("status").filter({ hasText: status(1) })).toBeVisible();
    await page.keyboard.press("End");
    await expect(page.getByRole("status").filter({ hasText: status(n) })).toBeVisible();
    await expect(page.getByRole("button", { name: next })).toBeDisabled();
    await page.keyboard.press("Home");
    await expect(page.getByRole("status").filter({ hasText: status(1) })).toBeVisible();

    const thumbs = page.locator(".page-turner__thumb");
    await expect(thumbs).toHaveCount(n);
    await thumbs.nth(2).click();
    await expect(page.getByRole("status").filter({ hasText: status(3) })).toBeVisible();
    await expect(thumbs.nth(2)).toHaveAttribute("aria-current", "page");
    await expect(page.locator(".deepzoom")).toHaveAttribute("data-state", "ready");
    // The browser's back button goes back a page.
    await page.goBack();
    await expect(page.getByRole("status").filter({ hasText: status(1) })).toBeVisible();
  });
}
