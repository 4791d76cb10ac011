import sharp from "sharp";
import type { Locator } from "@playwright/test";
import { expect, expectAccessible, hydrated, test } from "./helpers";

/**
 * The panorama and 3D viewers on the demo's examples (issue 33 §2–§4, decision 106): the drawing office's
 * panorama (assets 5) and the vase's model (assets 6). Chromium runs headless without a GPU: WebGL 2 is
 * SwiftShader's, in software.
 */
const PANORAMA = "/media/5";
const MODEL = "/media/6";
const REGION = { it: ["Panorama", "Modello 3D"], en: ["Panorama", "3D model"], fr: ["Panorama", "Modèle 3D"] };

/** How much a picture of the element varies: a blank or one-colour canvas is close to 0. */
async function variance(el: Locator) {
  const { channels } = await sharp(await el.screenshot()).stats();
  return Math.max(...channels.slice(0, 3).map((c) => c.stdev));
}
const yaw = (el: Locator) => el.getAttribute("data-yaw").then(Number);

test("the panorama loads only where one is shown, turns with the arrow keys and zooms with + and −", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await page.goto("/oggetti/1");
  await hydrated(page);
  expect(scripts.filter((u) => /panorama-lib|model-lib/.test(u))).toEqual([]);

  await page.goto(PANORAMA);
  await hydrated(page);
  const frame = page.locator(".panorama");
  await expect(frame).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  expect(scripts.some((u) => u.includes("panorama-lib"))).toBe(true);
  const region = page.getByRole("region", { name: "Panorama: Vista a 360°" });
  await expect(region).toHaveAccessibleDescription(/frecce per girarti/);
  expect(await yaw(frame)).toBe(0);
  const before = await region.screenshot();

  await region.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect.poll(() => yaw(frame)).toBe(30);
  await expect(page.getByText("Direzione 30°, inclinazione 0°")).toBeAttached();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => yaw(frame)).toBe(20);
  await page.keyboard.press("ArrowUp");
  await expect(frame).toHaveAttribute("data-pitch", "10.0");
  // The picture on screen moved with the view.
  await expect.poll(async () => (await region.screenshot()).equals(before)).toBe(false);

  const zoom = Number(await frame.getAttribute("data-zoom"));
  await page.keyboard.press("+");
  await expect.poll(async () => Number(await frame.getAttribute("data-zoom"))).toBeGreaterThan(zoom);
  await page.keyboard.press("0");
  await expect.poll(() => yaw(frame)).toBe(0);
  await expect(frame).toHaveAttribute("data-zoom", String(zoom));

  // The toolbar does the same by pointer.
  await page.getByRole("button", { name: "Ingrandisci" }).click();
  await expect.poll(async () => Number(await frame.getAttribute("data-zoom"))).toBeGreaterThan(zoom);
  await page.getByRole("button", { name: "Torna alla vista iniziale" }).click();
  await expect(frame).toHaveAttribute("data-zoom", String(zoom));

  // Dragging looks around too.
  const box = (await region.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(() => yaw(frame)).not.toBe(0);
});

test("the model is a poster until asked for; then a canvas that draws the vase, turns by keys and zooms", async ({ page }) => {
  const models: string[] = [];
  page.on("request", (r) => /\.glb$|model-lib/.test(r.url()) && models.push(r.url()));
  await page.goto(MODEL);
  await hydrated(page);
  await expect(page.getByRole("img", { name: "Modello 3D: immagine del modello 3D" })).toBeVisible();
  expect(models).toEqual([]);

  await page.getByRole("button", { name: "Guarda in 3D" }).click();
  const frame = page.locator(".model3d");
  await expect(frame).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  expect(models.some((u) => u.endsWith(".glb"))).toBe(true);
  const region = page.getByRole("region", { name: "Modello 3D: Modello 3D" });
  await expect(region).toBeFocused();
  const canvas = region.locator("canvas");
  await expect.poll(() => variance(canvas)).toBeGreaterThan(15);

  const azimuth = () => frame.getAttribute("data-azimuth").then(Number);
  const start = await azimuth();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(azimuth).not.toBe(start);
  await page.keyboard.press("-");
  await expect.poll(async () => Number(await frame.getAttribute("data-distance"))).toBeGreaterThan(1);
  await page.getByRole("button", { name: "Torna alla vista iniziale" }).click();
  await expect.poll(azimuth).toBe(start);
  await expect(frame).toHaveAttribute("data-distance", "1.000");
});

for (const [prefix, locale] of [
  ["", "it"],
  ["/en", "en"],
  ["/fr", "fr"],
] as const) {
  test(`the panorama and the model pass axe, in ${locale}`, async ({ page }) => {
    await page.goto(`${prefix}${PANORAMA}`);
    await hydrated(page);
    await expect(page.locator(".panorama")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
    await expect(page.getByRole("region", { name: new RegExp(`^${REGION[locale][0]}`) })).toBeVisible();
    await expectAccessible(page);

    await page.goto(`${prefix}${MODEL}`);
    await hydrated(page);
    await expectAccessible(page);
    await page.locator(".model3d__open").click();
    await expect(page.locator(".model3d")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
    await expect(page.getByRole("region", { name: new RegExp(`^${REGION[locale][1]}`) })).toBeFocused();
    await expectAccessible(page);
  });
}

test("without WebGL the panorama is its flat picture and the model stays a poster, each with a note", async ({ page }) => {
  // As a browser with WebGL turned off: no context of any kind.
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
      return /webgl/.test(kind) ? null : getContext.call(this, kind as "2d", ...(rest as []));
    } as typeof getContext;
  });
  const scripts: string[] = [];
  page.on("request", (r) => /panorama-lib|model-lib|\.glb$/.test(r.url()) && scripts.push(r.url()));
  await page.goto(`/en${PANORAMA}`);
  await hydrated(page);
  await expect(page.getByText("This browser cannot show the panorama in 360°")).toBeVisible();
  await expect(page.getByRole("img", { name: "360° view" })).toBeVisible();
  await page.goto(`/en${MODEL}`);
  await hydrated(page);
  await page.getByRole("button", { name: "View in 3D" }).click();
  await expect(page.getByRole("alert")).toHaveText("This browser cannot show 3D models (WebGL is not available).");
  await expect(page.getByRole("img", { name: "3D model: picture of the 3D model" })).toBeVisible();
  expect(scripts).toEqual([]);
});
