import fs from "node:fs";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test, signIn } from "./helpers";

/**
 * Issue 15 §3 (decision 063): build a moodboard from a collection's images and an upload, move, resize and
 * rotate them by mouse and by keyboard, save, reload and find the geometry kept; export a PNG; the
 * unsaved-changes prompts (declining stays on the page; after 30 s the other text); axe in three languages
 * with the side drawer open. One researcher (scripts/e2e-seed.ts) keeps the moodboards.
 */
const USER = { email: "e2e-moodboard@example.org", password: "E2e-password1" };

test.describe.configure({ mode: "serial" });

let editorPath = "";

const geometry = (page: Page) =>
  page.locator(".moodboard-item").evaluateAll((els) =>
    els.map((e) => {
      const s = (e as HTMLElement).style;
      return { left: s.left, top: s.top, width: s.width, height: s.height, transform: s.transform, zIndex: s.zIndex };
    }),
  );
const num = (v: string) => Number.parseFloat(v);

test("build a moodboard by mouse and keyboard, save, reload: the geometry is kept; export; unsaved prompt", async ({ page }) => {
  await signIn(page, USER.email);
  // A collection with two records that have images (the demo archive's).
  const found = await page.request.post("/api/auth/docs/getImages", { data: { source: "catalogue", locale: "it", q: "" } });
  const images = ((await found.json()) as { data: { images: { ref: { table: string; id: string }; title: string }[] } }).data.images.slice(
    0,
    2,
  );
  expect(images).toHaveLength(2);
  const created = await page.request.post("/api/auth/docs/saveDoc", {
    data: { collection: "collections", locale: "it", data: { title: "Per la moodboard", items: images.map((i) => i.ref) } },
  });
  expect(created.status()).toBe(201);
  const coll = ((await created.json()) as { data: { id: string } }).data.id;

  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/collections/${coll}`);
  await page.getByRole("link", { name: "Crea una moodboard" }).click();
  await expect(page).toHaveURL(new RegExp(`/collections/${coll}/moodboards/add$`));
  await hydrated(page);
  const drawer = page.getByRole("complementary", { name: "Pannello della moodboard" });
  await expect(drawer.getByRole("tab", { name: "Modifica" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("La tela è vuota")).toBeVisible();

  // Both images of the collection, from the picker; then the collection has no more to offer.
  for (const img of images) await drawer.getByRole("button", { name: `Aggiungi «${img.title}»` }).click();
  await expect(page.locator(".moodboard-item")).toHaveCount(2);
  await expect(drawer.getByRole("status").first()).toHaveText("Non ci sono altre immagini disponibili nella tua collezione.");
  await expect(page.getByText("Modifiche non ancora salvate.")).toBeVisible();
  await expectAccessible(page);

  // The catalogue, searched: nothing matches.
  await drawer.getByLabel("Archivio").check();
  await drawer.getByLabel("Cerca immagini").fill("zzzqqqxxy");
  await drawer.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(drawer.getByText("Nessuna immagine corrisponde alla ricerca")).toBeVisible();

  // An upload (a PNG), added to the board at once.
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#2266aa" } })
    .png()
    .toBuffer();
  await drawer.getByLabel("Carica immagini").setInputFiles({ name: "blu.png", mimeType: "image/png", buffer: png });
  await expect(page.locator(".moodboard-item")).toHaveCount(3);
  await expect(page.locator(".moodboard-item").nth(2).locator("img")).toHaveAttribute("src", /^\/uploads\/[A-Za-z0-9_-]{32}\.webp$/);

  // Keyboard: the first image moves, grows and turns; each change is announced.
  const first = page.getByRole("button", { name: `${images[0]!.title}: immagine 1 di 3` });
  await first.focus();
  const before = (await geometry(page))[0]!;
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Alt+ArrowRight");
  await expect(page.locator(".moodboard").getByRole("status").last()).toHaveText(`«${images[0]!.title}» ruotata di 15°`);
  const keyed = (await geometry(page))[0]!;
  expect(num(keyed.left)).toBe(num(before.left) + 10);
  expect(num(keyed.top)).toBe(num(before.top) + 5);
  expect(num(keyed.width)).toBe(num(before.width) + 10);
  expect(keyed.transform).toBe("rotate(15deg)");
  // Page Up brings it forward, above the others.
  await page.keyboard.press("PageUp");
  await expect(page.locator(".moodboard").getByRole("status").last()).toHaveText(`«${images[0]!.title}»: livello 2 di 3`);

  // Mouse: drag the upload, resize it by its corner, turn it by its handle.
  const third = page.locator(".moodboard-item").nth(2);
  await third.scrollIntoViewIfNeeded();
  let box = (await third.boundingBox())!;
  const g0 = (await geometry(page))[2]!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  const g1 = (await geometry(page))[2]!;
  expect(num(g1.left) - num(g0.left)).toBeCloseTo(60, 0);
  expect(num(g1.top) - num(g0.top)).toBeCloseTo(40, 0);
  const corner = page.locator(".moveable-control.moveable-se");
  box = (await corner.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 50, box.y + box.height / 2 + 30, { steps: 8 });
  await page.mouse.up();
  const g2 = (await geometry(page))[2]!;
  expect(num(g2.width) - num(g1.width)).toBeCloseTo(50, 0);
  expect(num(g2.height) - num(g1.height)).toBeCloseTo(30, 0);
  const handle = page.locator(".moveable-rotation-control");
  box = (await handle.boundingBox())!;
  const itemBox = (await third.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(itemBox.x + itemBox.width + 120, itemBox.y + itemBox.height / 2, { steps: 10 });
  await page.mouse.up();
  const g3 = (await geometry(page))[2]!;
  expect(Math.abs(Number(/rotate\((-?[\d.]+)deg\)/.exec(g3.transform)?.[1] ?? 0))).toBeGreaterThan(20);

  // Colours: a background and a swatch, on the manage tab.
  await drawer.getByRole("tab", { name: "Gestisci" }).click();
  await drawer.getByLabel("Sfondo").fill("#f0e0d0");
  await drawer.getByRole("button", { name: "Aggiungi un colore" }).click();
  await drawer.getByLabel("Colore 1").fill("#336699");
  await expectAccessible(page);
  // A board not saved yet has nothing to delete (issue 31 §10): neither the manage tab nor the save drawer offer it.
  await expect(drawer.getByRole("button", { name: "Elimina la moodboard" })).toHaveCount(0);

  // Save: the title is required; then the address becomes the board's.
  await page.getByRole("toolbar").getByRole("button", { name: "Salva" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Elimina la moodboard" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Ricordati di inserire il titolo");
  await dialog.getByLabel("Titolo").fill("Tavola blu");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/collections/${coll}/moodboards/[A-Za-z0-9_-]{12}$`));
  await expect(page.getByText("Modifiche non ancora salvate.")).toHaveCount(0);
  editorPath = new URL(page.url()).pathname;
  // (saved, it can be deleted: from the manage tab)
  await drawer.getByRole("tab", { name: "Gestisci" }).click();
  await expect(drawer.getByRole("button", { name: "Elimina la moodboard" })).toBeVisible();
  const saved = await geometry(page);

  // Reload: the same images in the same places, sizes, turns and layers; the same colours.
  await page.reload();
  await hydrated(page);
  await expect(page.locator(".moodboard-item")).toHaveCount(3);
  expect(await geometry(page)).toEqual(saved);
  await expect(page.locator(".moodboard-canvas")).toHaveCSS("background-color", "rgb(240, 224, 208)");
  await expect(page.locator(".moodboard-swatches li")).toHaveCount(1);

  // Export as PNG, drawn from the geometry.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Esporta PNG" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Tavola-blu.png");
  const bytes = fs.readFileSync((await file.path())!);
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 800]);

  // An unsaved change, then a link away: 'Sei sicuro di voler proseguire?'; staying keeps the page and the change.
  await page.getByRole("button", { name: /immagine 2 di 3/ }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText("Modifiche non ancora salvate.")).toBeVisible();
  await page.getByRole("link", { name: "Torna alla collezione" }).click();
  const leave = page.getByRole("dialog", { name: "Modifiche non salvate" });
  await expect(leave).toContainText("Sei sicuro di voler proseguire?");
  await expectAccessible(page);
  await leave.getByRole("button", { name: "Resta sulla pagina" }).click();
  await expect(leave).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(editorPath);
  await expect(page.getByText("Modifiche non ancora salvate.")).toBeVisible();
  // Leaving after all goes to the collection, which lists the board.
  await page.getByRole("link", { name: "Torna alla collezione" }).click();
  await page.getByRole("dialog", { name: "Modifiche non salvate" }).getByRole("button", { name: "Esci senza salvare" }).click();
  await expect(page).toHaveURL(new RegExp(`/collections/${coll}$`));
  await expect(page.getByRole("link", { name: "Apri la moodboard «Tavola blu»" })).toBeVisible();
});

test("after 30 s unsaved, leaving asks with the project text (three languages); axe with the drawer open", async ({ page }) => {
  expect(editorPath).not.toBe("");
  await signIn(page, USER.email);
  await page.setViewportSize({ width: 1440, height: 1000 });
  for (const [prefix, text, title] of [
    ["/en", "The project has not been saved yet. By exiting you will lose the last changes.", "Project not saved"],
    ["/fr", "Le projet n'a pas encore été enregistré. En quittant, vous perdrez les dernières modifications.", "Projet non enregistré"],
  ] as const) {
    await page.clock.install();
    await page.goto(`${prefix}${editorPath}`);
    await hydrated(page);
    await expect(page.locator(".editor-drawer")).toBeVisible();
    await expectAccessible(page);
    await page.locator(".moodboard-item").first().focus();
    await page.keyboard.press("ArrowLeft");
    await page.clock.fastForward(31_000);
    await page.locator(".workspace__back a").click();
    const leave = page.getByRole("dialog", { name: title });
    await expect(leave).toContainText(text);
    await leave.locator(".button--primary").click();
    await expect(leave).toBeHidden();
    expect(new URL(page.url()).pathname).toBe(`${prefix}${editorPath}`);
  }
});

test("another user's moodboard is not found; the editor fits a phone", async ({ page, browser }) => {
  expect(editorPath).not.toBe("");
  const other = await browser.newContext();
  const res = await other.request.post("/api/public/login", { data: { email: "e2e-workspace@example.org", password: "E2e-password1" } });
  expect(res.status()).toBe(200);
  expect((await other.request.get(editorPath)).status()).toBe(404);
  await other.close();
  await signIn(page, USER.email);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(editorPath);
  await hydrated(page);
  await expect(page.locator(".moodboard-item")).toHaveCount(3);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
