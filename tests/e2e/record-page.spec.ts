import { expect, expectAccessible, hydrated, signIn, test } from "./helpers";

/**
 * The record page (issue 12): metadata grouped by meaning with the data
 * model's labels and nothing twice, internal fields kept from visitors,
 * related records in paged strips, one date format per locale.
 */

test.describe.configure({ mode: "parallel" });

const GROUPS = {
  it: ["Descrizione", "Descrizione fisica", "Soggetto", "Provenienza", "Fonte e diritti"],
  en: ["Description", "Physical description", "Subject", "Provenance", "Source and rights"],
  fr: ["Description", "Description matérielle", "Sujet", "Provenance", "Source et droits"],
} as const;

for (const [locale, prefix] of [
  ["it", ""],
  ["en", "/en"],
  ["fr", "/fr"],
] as const) {
  test(`metadata in groups, each field once, no valuation, in ${locale}`, async ({ page }) => {
    await page.goto(`${prefix}/oggetti/1`);
    const headings = await page.locator(".record__body h2").allInnerTexts();
    for (const g of GROUPS[locale]) expect(headings, `group ${g}`).toContain(g);
    // Every field code appears once on the page (tombstone included).
    const codes = await page.locator("[data-code]").evaluateAll((els) => els.map((e) => e.getAttribute("data-code")));
    expect(codes.length).toBeGreaterThan(3);
    expect(new Set(codes).size).toBe(codes.length);
    // The valuation is internal: neither shown nor sent.
    expect(codes).not.toContain("stima");
    const html = await page.content();
    expect(html).not.toContain("41830000");
    expect(html).not.toMatch(/"stima"/);
    // Subjects are subjects: the technique and the state of conservation are not repeated as tags.
    const subject = page.locator(".record__group--subject");
    await expect(subject.getByRole("link", { name: "Stampa alla gelatina ai sali d'argento" })).toHaveCount(0);
    await expect(subject.locator(".tag").first()).toBeVisible();
    await expectAccessible(page);
  });
}

// (The JSON record leaves internal fields out too: tests/integration/e2e-moved-pages.test.ts.)

test("a subject tag searches the archive by that subject", async ({ page }) => {
  await page.goto("/oggetti/1");
  await hydrated(page);
  const tag = page.locator(".record__group--subject .tag").first();
  const name = (await tag.innerText()).trim();
  await tag.click();
  await expect(page).toHaveURL(/\/cerca\?filtro=/);
  await expect(
    page.getByRole("navigation", { name: "Filtri attivi" }).getByRole("link", { name: `Rimuovi il filtro ${name}` }),
  ).toBeVisible();
});

test("related records come in paged strips that load the next records on demand", async ({ page }) => {
  await page.goto("/en/entita/3");
  await hydrated(page);
  const strip = page.getByRole("region", { name: /^author of$/i });
  await expect(strip.locator(".card")).toHaveCount(6);
  await expect(strip.getByText(/^1–6 of \d+$/)).toBeVisible();
  const total = Number(/of (\d+)/.exec(await strip.locator(".strip__range").innerText())![1]);
  expect(total).toBeGreaterThan(12);
  const previous = strip.getByRole("button", { name: /^Previous: author of$/i });
  const next = strip.getByRole("button", { name: /^Next: author of$/i });
  await expect(previous).toBeDisabled();
  const firstTitles = await strip.locator(".card__title").allInnerTexts();
  await next.click();
  await expect(strip.getByText(/^7–12 of \d+$/)).toBeVisible();
  // The third page is beyond what the page brought: it is fetched.
  const fetched = page.waitForResponse((r) => r.url().includes("/related?") && r.status() === 200);
  await next.click();
  await fetched;
  await expect(strip.getByText(/^13–18 of \d+$/)).toBeVisible();
  await expect(strip.locator(".card")).toHaveCount(6);
  const thirdTitles = await strip.locator(".card__title").allInnerTexts();
  expect(thirdTitles.some((x) => firstTitles.includes(x))).toBe(false);
  await previous.click();
  await previous.click();
  await expect(strip.getByText(/^1–6 of \d+$/)).toBeVisible();
  expect(await strip.locator(".card__title").allInnerTexts()).toEqual(firstTitles);
  // The page stays short: no strip shows more than six cards.
  const tallest = await page.locator(".strip__list").evaluateAll((ls) => Math.max(...ls.map((l) => l.children.length)));
  expect(tallest).toBeLessThanOrEqual(6);
  await expectAccessible(page);
});

test("dates are written one way per locale, never ISO or zero-padded", async ({ page }) => {
  for (const [prefix, expected] of [
    ["", "28 aprile 1906"],
    ["/en", "28 April 1906"],
    ["/fr", "28 avril 1906"],
  ] as const) {
    await page.goto(`${prefix}/oggetti/1`);
    await expect(page.locator(".tombstone")).toContainText(expected);
    // (the citation's machine-readable forms, BibTeX and CSL-JSON, write dates as their formats say: ISO)
    const text = await page.locator("main").evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      copy.querySelectorAll(".citation__code, script, style, template").forEach((el) => {
        el.remove();
      });
      return copy.textContent ?? "";
    });
    expect(text, prefix).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(text, prefix).not.toMatch(
      /\b0\d (gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|January|February|March|April|May|June|July|August|September|October|November|December|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)\b/,
    );
  }
});

test("a researcher's download menu offers only the low size with a watermark, and gives a JPEG (decision 098)", async ({ page }) => {
  // a visitor: no menu
  await page.goto("/oggetti/1");
  await expect(page.locator(".gallery__stage")).toBeVisible();
  await expect(page.locator(".downloads")).toHaveCount(0);
  await signIn(page, "e2e-ricercatore@example.org");
  await page.goto("/oggetti/1");
  await hydrated(page);
  const menu = page.locator(".downloads__summary");
  await expect(menu).toHaveText("Scarica");
  await menu.focus();
  await page.keyboard.press("Enter");
  const links = page.locator(".downloads__link");
  await expect(links).toHaveCount(1);
  await expect(links.first()).toContainText("Bassa risoluzione");
  await expect(links.first()).toContainText(/\d+ × \d+ px · con filigrana/);
  const href = (await links.first().getAttribute("href"))!;
  expect(href).toMatch(/^\/scarica\/\d+\/low$/);
  await expectAccessible(page);
  // the link, from the keyboard: a file download, a JPEG
  const download = page.waitForEvent("download");
  await links.first().focus();
  await page.keyboard.press("Enter");
  expect((await download).suggestedFilename()).toMatch(/\.jpg$/);
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/jpeg");
  expect([...(await res.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  // the high size, guessed, is not there for a researcher
  expect((await page.request.get(href.replace(/low$/, "high"))).status()).toBe(404);
});
