import fs from "node:fs";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { expect, expectAccessible, hydrated, signIn, test } from "./helpers";

/**
 * Issue 33 §6 (decision 104) in Chromium: a record's sheet printed to PDF is one A4 page; labels tile as their
 * size says; a printed label's QR code, read from the screen's pixels, is the record's stable address; the
 * record page's QR dialog by keyboard (open, download a PNG that decodes, copy, close, the focus back on its
 * button); the print links of a search selection and of a collection; axe in three languages.
 */

test.describe.configure({ mode: "parallel" });

const USER = "e2e-print@example.org";

/** The pages of a PDF Chromium printed (its page objects; the page tree is /Type /Pages). */
const pdfPages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;

/** The QR code in a PNG (a screenshot, a download), decoded. */
async function decodePng(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/** The first objects the catalogue shows a visitor. */
async function objectIds(page: Page, n: number): Promise<string[]> {
  const res = await page.request.get(`/api/public/search?locale=it&table=ca_objects&sort=az`);
  expect(res.status()).toBe(200);
  const ids = ((await res.json()) as { data: { id: string }[] }).data.map((c) => c.id);
  expect(ids.length).toBeGreaterThanOrEqual(n);
  return ids.slice(0, n);
}

test("a record's sheet prints on one A4 page; sheet and label on two", async ({ page }) => {
  await page.goto("/print/template/oggetti:1");
  await expect(page.locator(".print-sheet h2")).not.toBeEmpty();
  await expect(page.locator(".site-header")).toHaveCount(0);
  expect(pdfPages(await page.pdf({ format: "A4" }))).toBe(1);
  await page.goto("/print/template/qr/oggetti:1");
  await expect(page.locator(".print-label")).toHaveCount(1);
  expect(pdfPages(await page.pdf({ format: "A4" }))).toBe(2);
});

test("labels tile as their size says: 12 medium labels on two pages, small ones on one", async ({ page }) => {
  const ids = (await objectIds(page, 12)).map((id) => `oggetti:${id}`).join(",");
  await page.goto(`/print/qr?ids=${ids}&size=m`);
  await expect(page.locator(".print-label")).toHaveCount(12);
  await expect(page.getByText("12 etichette su 2 fogli A4")).toBeVisible();
  expect(pdfPages(await page.pdf({ format: "A4" }))).toBe(2);
  // the size by the page's own form, by keyboard
  await page.getByLabel("Formato delle etichette").selectOption("s");
  await page.getByRole("button", { name: "Applica" }).press("Enter");
  await expect(page).toHaveURL(/size=s/);
  await expect(page.locator(".print-label--s")).toHaveCount(12);
  expect(pdfPages(await page.pdf({ format: "A4" }))).toBe(1);
});

for (const [locale, prefix] of [
  ["it", ""],
  ["en", "/en"],
  ["fr", "/fr"],
] as const) {
  test(`a printed label's QR code reads as the record's address, in ${locale}`, async ({ page, baseURL }) => {
    await page.goto(`${prefix}/print/qr/oggetti:1`);
    await hydrated(page);
    const qr = page.locator(".print-label__qr").first();
    await expect(qr).toBeVisible();
    expect(await decodePng(await qr.screenshot())).toBe(`${baseURL}${prefix}/oggetti/1`);
    await expectAccessible(page);
  });
}

const DIALOG = {
  it: { open: "Codice QR", title: "Codice QR della scheda", download: "Scarica PNG", copy: "Copia immagine", close: "Chiudi" },
  en: { open: "QR code", title: "The record's QR code", download: "Download PNG", copy: "Copy image", close: "Close" },
  fr: { open: "Code QR", title: "Code QR de la notice", download: "Télécharger en PNG", copy: "Copier l'image", close: "Fermer" },
} as const;

for (const [locale, prefix] of [
  ["it", ""],
  ["en", "/en"],
  ["fr", "/fr"],
] as const) {
  test(`the record page's QR dialog by keyboard: open, download a PNG, close, in ${locale}`, async ({ page, baseURL }) => {
    const words = DIALOG[locale];
    await page.goto(`${prefix}/oggetti/1`);
    await hydrated(page);
    const open = page.getByRole("button", { name: words.open, exact: true });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: words.title });
    await expect(dialog).toBeVisible();
    const canvas = dialog.locator("canvas");
    await expect(canvas).toBeVisible();
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([300, 300]);
    const download = dialog.getByRole("link", { name: words.download });
    await expect(download).toBeVisible();
    await expectAccessible(page);
    await download.focus();
    const [file] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(file.suggestedFilename()).toBe("qr-oggetti-1.png");
    const png = fs.readFileSync(await file.path());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(await sharp(png).metadata()).toMatchObject({ width: 300, height: 300, format: "png" });
    expect(await decodePng(png)).toBe(`${baseURL}${prefix}/oggetti/1`);
    // Escape closes it; the focus is back on its button
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    // and its Close button does the same
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: words.close, exact: true }).last().press("Enter");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
}

test("the QR dialog copies the image to the clipboard, and says so", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto("/oggetti/1");
  await hydrated(page);
  await page.getByRole("button", { name: "Codice QR", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Codice QR della scheda" });
  await dialog.getByRole("button", { name: "Copia immagine" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Immagine del codice QR copiata negli appunti");
  const types = await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((i) => [...i.types]));
  expect(types).toContain("image/png");
});

test("print labels and sheets of a search selection and of a collection", async ({ page }) => {
  await signIn(page, USER);
  await page.goto("/cerca?sort=az&table=ca_objects");
  await hydrated(page);
  const bar = page.getByRole("region", { name: "Selezione delle schede" });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("link", { name: /Stampa le etichette/ })).toHaveCount(0);
  const ids = await objectIds(page, 2);
  const names = (await page.locator(".search .card .card__title").allInnerTexts()).slice(0, 2);
  for (const name of names) await page.getByRole("checkbox", { name: `Seleziona «${name}»` }).check();
  const labels = bar.getByRole("link", { name: /Stampa le etichette/ });
  await expect(labels).toHaveAttribute("href", `/print/qr?ids=${ids.map((id) => `oggetti:${id}`).join(",")}`);
  await expect(bar.getByRole("link", { name: /Stampa le schede/ })).toHaveAttribute("target", "_blank");
  await expectAccessible(page);
  await page.goto((await labels.getAttribute("href"))!);
  await expect(page.locator(".print-label")).toHaveCount(2);

  // a collection of three: its labels
  const res = await page.request.post("/api/auth/docs/saveDoc", {
    data: { collection: "collections", locale: "it", data: { title: "Scaffale 3", items: ids.map((id) => ({ table: "ca_objects", id })) } },
  });
  expect(res.status()).toBe(201);
  const collection = ((await res.json()) as { data: { id: string } }).data.id;
  try {
    await page.goto(`/collections/${collection}`);
    const link = page.getByRole("link", { name: /Stampa le etichette/ });
    await expect(link).toHaveAttribute("href", `/print/qr?ids=${ids.map((id) => `oggetti:${id}`).join(",")}`);
    await page.goto((await link.getAttribute("href"))!);
    await expect(page.locator(".print-label")).toHaveCount(2);
  } finally {
    await page.request.post("/api/auth/docs/removeDoc", { data: { collection: "collections", name: collection, locale: "it" } });
  }
});
