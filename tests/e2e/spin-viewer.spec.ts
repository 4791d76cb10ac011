import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test } from "./helpers";

/**
 * The 360° viewer (issue 33 §1, decision 105) on the demo's turntable: ca_objects "7", a majolica vase with 24
 * frames (app/features/demo/turntable.ts). Turned by the keys on its slider, by dragging, by the slider's
 * value; it says which frame it shows once it stops; it loads its frames after the page, not before.
 */
const VASE = "/oggetti/7";

/** The page hydrated, and the viewer too: its chunk may arrive after the page's own. */
async function ready(page: Page) {
  await hydrated(page);
  await expect(page.locator(".spin")).toHaveAttribute("data-ready", "true");
}

const LOCALES = [
  { prefix: "", turn: "Ruota l'oggetto", status: "Fotogramma 2 di 24", fullscreen: "Vista a 360° a schermo intero" },
  { prefix: "/en", turn: "Turn the object", status: "Frame 2 of 24", fullscreen: "360° view full screen" },
  { prefix: "/fr", turn: "Faire tourner l'objet", status: "Vue 2 sur 24", fullscreen: "Vue à 360° en plein écran" },
] as const;

for (const l of LOCALES) {
  test(`the vase turns by its slider's keys and says where it stopped, in ${l.prefix || "/it"}`, async ({ page }) => {
    await page.goto(`${l.prefix}${VASE}`);
    const viewer = page.locator(".spin");
    const frame = viewer.locator(".spin__frame");
    await expect(viewer).toHaveAttribute("data-frames", "24");
    await expect(frame).toHaveAttribute("src", /^\/media\//);
    await ready(page);
    const first = await frame.getAttribute("src");
    const slider = page.getByRole("slider", { name: l.turn });
    await expect(slider).toHaveValue("0");
    await expect(page.getByRole("button", { name: l.fullscreen })).toBeVisible();

    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await expect(viewer).toHaveAttribute("data-frame", "2");
    await expect(slider).toHaveValue("1");
    await expect(frame).not.toHaveAttribute("src", first!);
    // Said once the turning stops, politely.
    const status = page.getByTestId("spin-status");
    await expect(status).toHaveAttribute("aria-live", "polite");
    await expect(status).toHaveText(l.status);
    // Left of the first frame is the last: the turn wraps round.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(viewer).toHaveAttribute("data-frame", "24");
    await page.keyboard.press("Home");
    await expect(viewer).toHaveAttribute("data-frame", "1");
    await expect(frame).toHaveAttribute("src", first!);
    await expectAccessible(page);
  });
}

test("dragging across the picture turns the vase, and the slider follows; the slider turns it too", async ({ page }) => {
  await page.goto(VASE);
  await ready(page);
  const viewer = page.locator(".spin");
  const frame = viewer.locator(".spin__frame");
  const first = await frame.getAttribute("src");
  const box = (await viewer.locator(".spin__stage").boundingBox())!;
  const y = box.y + box.height / 2;
  // A quarter of the picture's width is a quarter turn: 6 of 24 frames.
  await page.mouse.move(box.x + box.width * 0.3, y);
  await page.mouse.down();
  for (let k = 1; k <= 5; k++) await page.mouse.move(box.x + box.width * (0.3 + 0.05 * k), y);
  await page.mouse.up();
  await expect(viewer).toHaveAttribute("data-frame", "7");
  await expect(frame).not.toHaveAttribute("src", first!);
  await expect(page.getByRole("slider")).toHaveValue("6");
  await expect(page.getByTestId("spin-status")).toHaveText("Fotogramma 7 di 24");
  // Back the other way, past the first frame: 0.4 of the width is 10 frames (9.6 rounded).
  await page.mouse.move(box.x + box.width * 0.5, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.1, y, { steps: 4 });
  await page.mouse.up();
  await expect(viewer).toHaveAttribute("data-frame", "21");
  // The slider set directly.
  await page.getByRole("slider").fill("12");
  await expect(viewer).toHaveAttribute("data-frame", "13");
  await expect(page.getByTestId("spin-status")).toHaveText("Fotogramma 13 di 24");
  // Full screen and back, by its button.
  await page.getByRole("button", { name: "Vista a 360° a schermo intero" }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? "")).toMatch(/^spin/);
  await expect(viewer).toHaveAttribute("data-frame", "13");
  await page.getByRole("button", { name: "Esci dallo schermo intero" }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
});

test("the page holds one frame; the others load after it, unasked", async ({ page, browser }) => {
  // The sequence's frames, learnt by turning the vase in a browser of its own (its own cache).
  const other = await browser.newContext();
  const probe = await other.newPage();
  await probe.goto(VASE);
  await ready(probe);
  const frames: string[] = [];
  await probe.getByRole("slider").focus();
  for (let i = 1; i <= 24; i++) {
    await expect(probe.locator(".spin")).toHaveAttribute("data-frame", String(i));
    frames.push((await probe.locator(".spin__frame").getAttribute("src"))!);
    await probe.keyboard.press("ArrowRight");
  }
  await other.close();
  expect(new Set(frames).size).toBe(24);

  // The HTML shows the first frame only (the streamed viewer and its poster: the same picture).
  const html = await (await page.request.get(VASE)).text();
  const shown = [...html.matchAll(/<img class="spin__frame" src="([^"]+)"/g)].map((m) => m[1]);
  expect(shown.length).toBeGreaterThanOrEqual(1);
  expect(new Set(shown)).toEqual(new Set([frames[0]]));
  const beforeLoad = new Set<string>();
  const afterLoad = new Set<string>();
  let loaded = false;
  page.on("load", () => {
    loaded = true;
  });
  page.on("request", (req) => (loaded ? afterLoad : beforeLoad).add(new URL(req.url()).pathname));
  await page.goto(VASE);
  await ready(page);
  // Before the page's load event, of the sequence only the frame shown.
  expect(frames.filter((f) => beforeLoad.has(f))).toEqual([frames[0]]);
  // Then the rest, without being turned.
  await expect.poll(() => frames.slice(1).filter((f) => !afterLoad.has(f)), { timeout: 30_000 }).toEqual([]);
  await expect(page.locator(".spin")).toHaveAttribute("data-frame", "1");
});

test("on a phone, a swipe turns the vase; vertical moves are left to the page (touch-action)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(VASE);
  await ready(page);
  const viewer = page.locator(".spin");
  await expect(viewer.locator(".spin__stage")).toHaveCSS("touch-action", "pan-y");
  // Two frames drawn since hydration: the compositor knows the stage's touch-action before the finger comes down
  // (else it may take the swipe for a pan of the page and cancel the pointer).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const box = (await viewer.locator(".spin__stage").boundingBox())!;
  // A touch swipe sends pointer events as a mouse drag does.
  const client = await context.newCDPSession(page);
  const y = box.y + box.height / 2;
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
    client.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
  await touch("touchStart", box.x + box.width * 0.2);
  for (let k = 1; k <= 4; k++) await touch("touchMove", box.x + box.width * (0.2 + 0.1 * k));
  await touch("touchEnd", 0);
  await expect(viewer).not.toHaveAttribute("data-frame", "1");
  await expectAccessible(page);
  await context.close();
});
