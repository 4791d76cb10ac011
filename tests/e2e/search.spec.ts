import type { Page, Response } from "@playwright/test";
import { allowConsoleErrors, countStatus, expect, expectAccessible, holdScripts, hydrated, resultCount, test } from "./helpers";

/**
 * The search page (/cerca) as a visitor uses it: search box, facets, filter
 * tree, dates, sorts, views, pagination, map, timeline, and what a visitor
 * must never see (restricted records, injected markup).
 */

const LOCALES = [
  {
    prefix: "",
    lang: "it",
    word: "milano",
    label: "Cerca",
    submit: "Cerca",
    status: (q: string) => new RegExp(`^\\d+ risultati per «${q}»$`),
    remove: "Rimuovi il filtro",
    filters: "Filtri attivi",
  },
  {
    prefix: "/en",
    lang: "en",
    word: "milan",
    label: "Search",
    submit: "Search",
    status: (q: string) => new RegExp(`^[\\d,]+ results for “${q}”$`),
    remove: "Remove the filter",
    filters: "Active filters",
  },
  {
    prefix: "/fr",
    lang: "fr",
    word: "milan",
    label: "Rechercher",
    submit: "Rechercher",
    status: (q: string) => new RegExp(`^[\\d\\s]+ résultats pour\\s«\\s${q}\\s»$`),
    remove: "Retirer le filtre",
    filters: "Filtres actifs",
  },
] as const;

const PAGE_SIZE = 30;

// Every test starts from its own page and context: they can share the two workers.
test.describe.configure({ mode: "parallel" });

/**
 * Titles of the two demo objects visitors must never see (scripts/demo/generate.ts:
 * ca_objects 2 has access 3, ca_objects 3 has access 2), in it/en/fr.
 */
const HIDDEN_TITLES = [
  "Lettera riservata di Giulio Valdameri a Ernesto Colombo sulla cessione delle quote della società",
  "Confidential letter from Giulio Valdameri to Ernesto Colombo about the sale of shares in the company",
  "Lettre confidentielle de Giulio Valdameri à Ernesto Colombo au sujet de la cession des parts de la société",
  "Registro delle paghe dello stabilimento di Sesto San Giovanni, 1921",
  "Payroll of the Sesto San Giovanni works, 1921",
  "Registre des salaires de l'usine de Sesto San Giovanni, 1921",
];
const HIDDEN_LINK = /\/oggetti\/(2|3)(?:[/?#]|$)/;

/** The results region: cards in grid and masonry, row headers in the table. */
const results = (page: Page, label = "Cerca") => page.getByRole("region", { name: label, exact: true });
const resultLinks = (page: Page, label = "Cerca") => results(page, label).locator(".card__link, .results-table th[scope=row] a");

async function firstTitle(page: Page, label = "Cerca") {
  return (await resultLinks(page, label).first().innerText()).trim();
}

const chips = (page: Page, name = "Filtri attivi") => page.getByRole("navigation", { name, exact: true });

/** No link on the page leads to a restricted record. */
async function expectNoHiddenRecords(page: Page, response?: Response | null) {
  const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(
    hrefs.filter((h) => HIDDEN_LINK.test(h)),
    `links to restricted records on ${page.url()}`,
  ).toEqual([]);
  expect(await page.locator("body").innerText()).not.toMatch(
    new RegExp(HIDDEN_TITLES.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")),
  );
  if (response) {
    // The server-rendered HTML, loader data included, does not carry them either.
    const html = await response.text();
    expect(html).not.toMatch(/["'(]\/(?:en\/|fr\/)?oggetti\/(2|3)[/"'?]/);
    for (const t of HIDDEN_TITLES) {
      expect(html, `${page.url()} carries "${t}"`).not.toContain(t);
      expect(html, `${page.url()} carries "${t}"`).not.toContain(t.replace(/'/g, "&#x27;"));
    }
  }
}

/** A 400 page logs its failed load; nothing else may be logged. */
function allow400(page: Page) {
  allowConsoleErrors(page, /status of 400 \(Bad Request\).*\/cerca/);
}

for (const l of LOCALES) {
  test(`searching by a word in ${l.lang}`, async ({ page }) => {
    const res = await page.goto(`${l.prefix}/cerca`);
    expect(res?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", l.lang);
    await hydrated(page);
    const form = page.getByRole("search");
    // A search input (searchbox, or combobox when it offers suggestions) labelled "Cerca".
    const box = form.getByLabel(l.label, { exact: true });
    await expect(box).toHaveAttribute("type", "search");
    await box.fill(l.word);
    await form.getByRole("button", { name: l.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*${l.prefix}/cerca\\?q=${l.word}$`));
    await expect(countStatus(page)).toHaveText(l.status(l.word));
    const n = await resultCount(page);
    expect(n).toBeGreaterThan(0);
    await expect(resultLinks(page, l.label)).toHaveCount(Math.min(n, PAGE_SIZE));
    await expect(box).toHaveValue(l.word);
    await expect(page.locator("html")).toHaveAttribute("lang", l.lang);
    await expect(chips(page, l.filters).getByRole("link", { name: new RegExp(`^${l.remove} .${l.word}.$`) })).toBeVisible();
    await expectNoHiddenRecords(page);
    await expectAccessible(page);
  });
}

test("a type facet narrows the results and its chip removes it", async ({ page }) => {
  await page.goto("/cerca?q=milano");
  await hydrated(page);
  const all = await resultCount(page);
  const facet = page.getByRole("region", { name: "Tipologia", exact: true }).getByRole("link").first();
  const facetCount = Number(await facet.locator(".facet-count").innerText());
  const typeName = (await facet.innerText()).replace(/\d+\s*$/, "").trim();
  expect(facetCount).toBeGreaterThan(0);
  expect(facetCount).toBeLessThan(all);

  await facet.click();
  await expect(page).toHaveURL(/\/cerca\?q=milano&filtro=type%3A\d+$/);
  await expect(countStatus(page)).toHaveText(`${facetCount} risultati per «milano»`);
  await expect(
    page.getByRole("region", { name: "Tipologia", exact: true }).getByRole("link", { name: new RegExp(`^${typeName} `) }),
  ).toHaveAttribute("aria-current", "true");
  const types = (await results(page).locator(".card__type").allTextContents()).map((t) => t.trim());
  expect(types.length).toBe(Math.min(facetCount, PAGE_SIZE));
  expect(new Set(types)).toEqual(new Set([typeName]));
  const chip = chips(page).getByRole("link", { name: `Rimuovi il filtro ${typeName}`, exact: true });
  await expect(chip).toBeVisible();

  await chip.click();
  await expect(page).toHaveURL(/\/cerca\?q=milano$/);
  await expect.poll(() => resultCount(page)).toBe(all);
  await expect(chips(page).getByRole("link", { name: `Rimuovi il filtro ${typeName}`, exact: true })).toHaveCount(0);
});

test("the media filter keeps only records with images", async ({ page }) => {
  await page.goto("/cerca?q=milano");
  await hydrated(page);
  const all = await resultCount(page);
  const only = page.getByRole("region", { name: "Immagini", exact: true }).getByRole("link", { name: /^Solo con immagini/ });
  const expected = Number(await only.locator(".facet-count").innerText());
  expect(expected).toBeLessThan(all);
  await only.click();
  await expect(page).toHaveURL(/\/cerca\?q=milano&media=con_media$/);
  await expect.poll(() => resultCount(page)).toBe(expected);
  await expect(
    page.getByRole("region", { name: "Immagini", exact: true }).getByRole("link", { name: /^Solo con immagini/ }),
  ).toHaveAttribute("aria-current", "true");
  await expect(chips(page).getByRole("link", { name: "Rimuovi il filtro Solo con immagini", exact: true })).toBeVisible();
  const srcs = await results(page)
    .locator(".card__media img")
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? ""));
  expect(srcs.length).toBe(Math.min(expected, PAGE_SIZE));
  expect(srcs.filter((s) => /placeholder/.test(s))).toEqual([]);
});

test("a date range narrows the results; an invalid or reversed range is answered on the form, the search kept", async ({ page }) => {
  await page.goto("/cerca?q=ritratto");
  await hydrated(page);
  const all = await resultCount(page);
  const period = page.getByRole("region", { name: "Periodo", exact: true });
  await period.getByLabel("Dal", { exact: true }).fill("1900");
  await period.getByLabel("Al", { exact: true }).fill("1950");
  await period.getByRole("button", { name: "Applica" }).click();
  await expect(page).toHaveURL(/\/cerca\?q=ritratto&from=1900&to=1950$/);
  await expect(chips(page).getByRole("link", { name: "Rimuovi il filtro 1900 – 1950", exact: true })).toBeVisible();
  const ranged = await resultCount(page);
  expect(ranged).toBeGreaterThan(0);
  expect(ranged).toBeLessThan(all);
  await expect(period.getByLabel("Dal", { exact: true })).toHaveValue("1900");
  await expect(period.getByLabel("Al", { exact: true })).toHaveValue("1950");

  // 31 February is not a date: the words stay, the results are those without dates, the form says why.
  await period.getByLabel("Dal", { exact: true }).fill("31/02/1900");
  await period.getByRole("button", { name: "Applica" }).click();
  await expect(page).toHaveURL(/\/cerca\?q=ritratto&from=31%2F02%2F1900&to=1950$/);
  await expect(period.getByRole("alert")).toHaveText("Le date (o la data) inserite non sono valide");
  await expect(period.getByLabel("Dal", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(period.getByLabel("Dal", { exact: true })).toHaveValue("31/02/1900");
  await expect(page.getByRole("combobox", { name: "Cerca", exact: true })).toHaveValue("ritratto");
  expect(await resultCount(page)).toBe(all);
  const res = await page.reload();
  expect(res?.status()).toBe(200);
  await expect(period.getByRole("alert")).toHaveText("Le date (o la data) inserite non sono valide");
  await expectAccessible(page);

  // A reversed range in English, on a narrow screen: the panel opens to show the message.
  await page.setViewportSize({ width: 375, height: 800 });
  const en = await page.goto("/en/cerca?q=ritratto&from=1950&to=1900");
  expect(en?.status()).toBe(200);
  const enPeriod = page.getByRole("region", { name: "Period", exact: true });
  await expect(enPeriod.getByRole("alert")).toHaveText("The start date (1950) comes after the end date (1900).");
  await expect(enPeriod.getByLabel("From", { exact: true })).toHaveValue("1950");
  expect(await resultCount(page)).toBeGreaterThan(0);
  await expectAccessible(page);
});

test("the filter tree expands a node and filters by a child", async ({ page }) => {
  await page.goto("/cerca");
  await hydrated(page);
  const all = await resultCount(page);
  const subjects = page.getByRole("region", { name: "Soggetti", exact: true });
  const toggle = subjects.getByRole("link", { name: "Espandi Soggetti", exact: true });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(subjects.locator(".tag-tree__children")).toHaveCount(0);

  await toggle.click();
  await expect(page).toHaveURL(/\/cerca\?open=soggetti$/);
  const collapse = subjects.getByRole("link", { name: "Comprimi Soggetti", exact: true });
  await expect(collapse).toHaveAttribute("aria-expanded", "true");
  const group = subjects.locator(".tag-tree__children");
  await expect(group).toHaveCount(1);
  const child = group.locator(".tag-tree__row > a:not(.tag-tree__toggle)").first();
  await expect(child).toBeVisible();
  const childCount = Number(await child.locator(".facet-count").innerText());
  const childName = (await child.innerText()).replace(/\d+\s*$/, "").trim();
  expect(childCount).toBeGreaterThan(0);
  expect(childCount).toBeLessThan(all);

  await child.click();
  await expect(page).toHaveURL(/\/cerca\?filtro=[\w.:~-]+&open=soggetti$/);
  await expect.poll(() => resultCount(page)).toBe(childCount);
  await expect(chips(page).getByRole("link", { name: `Rimuovi il filtro ${childName}`, exact: true })).toBeVisible();
  await expect(subjects.getByRole("link", { name: "Comprimi Soggetti", exact: true })).toHaveAttribute("aria-expanded", "true");
  await expect(subjects.locator(".tag-tree__children").locator(".tag-tree__row > a[aria-current=true]")).toHaveText(
    new RegExp(`^${childName}`),
  );
  await expectAccessible(page);
});

test("sorting by title A–Z and Z–A changes the URL and the order", async ({ page }) => {
  await page.goto("/cerca");
  await hydrated(page);
  const sort = page.getByLabel("Ordina per", { exact: true });
  await expect(sort).toHaveValue("az");
  const initial = await firstTitle(page);
  await sort.selectOption("za");
  await expect(page).toHaveURL(/\/cerca\?sort=za$/);
  await expect(sort).toHaveValue("za");
  // The URL changes a moment before the new results are rendered.
  await expect(resultLinks(page).first()).not.toHaveText(initial);
  const za = await firstTitle(page);
  await sort.selectOption("az");
  await expect(page).toHaveURL(/\/cerca\?sort=az$/);
  await expect(resultLinks(page).first()).not.toHaveText(za);
  const az = await firstTitle(page);
  expect(az.localeCompare(za, "it", { sensitivity: "base" })).toBeLessThan(0);
  const titles = await resultLinks(page).allInnerTexts();
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, "it", { sensitivity: "base" })));
});

test("switching between grid, masonry and table views", async ({ page }) => {
  await page.goto("/cerca?q=milano");
  await hydrated(page);
  const n = Math.min(await resultCount(page), PAGE_SIZE);
  const views = page.getByRole("navigation", { name: "Vista", exact: true });
  await expect(views.getByRole("link", { name: "Griglia", exact: true })).toHaveAttribute("aria-current", "true");

  await views.getByRole("link", { name: "Mosaico", exact: true }).click();
  await expect(page).toHaveURL(/\/cerca\?q=milano&view=auimasonry$/);
  await expect(views.getByRole("link", { name: "Mosaico", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(results(page).locator("ul.masonry .card__link")).toHaveCount(n);
  await expectAccessible(page);

  await views.getByRole("link", { name: "Tabella", exact: true }).click();
  await expect(page).toHaveURL(/\/cerca\?q=milano&view=auitable$/);
  const table = results(page).getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Titolo", "Tipologia", "Data", "Numero"]);
  await expect(table.getByRole("rowheader").getByRole("link")).toHaveCount(n);
  await expect(results(page).locator(".card")).toHaveCount(0);
  await expectAccessible(page);

  await views.getByRole("link", { name: "Griglia", exact: true }).click();
  await expect(page).toHaveURL(/\/cerca\?q=milano$/);
  await expect(results(page).getByRole("table")).toHaveCount(0);
  await expect(results(page).locator("ul.card-grid .card__link")).toHaveCount(n);
  await expectAccessible(page);
});

test("the next page, a record, and back to the same page", async ({ page }) => {
  await page.goto("/cerca");
  await hydrated(page);
  const pages = page.getByRole("navigation", { name: "Pagine dei risultati", exact: true });
  const total = Math.ceil((await resultCount(page)) / PAGE_SIZE);
  await expect(pages).toContainText(`Pagina 1 di ${total}`);
  await expect(pages.getByRole("link", { name: "Precedente" })).toHaveCount(0);
  const first0 = await firstTitle(page);

  await pages.getByRole("link", { name: "Successiva", exact: true }).click();
  await expect(page).toHaveURL(/\/cerca\?page=2$/);
  await expect(pages).toContainText(`Pagina 2 di ${total}`);
  await expect(resultLinks(page).first()).not.toHaveText(first0);
  await expect(pages.getByRole("link", { name: "Precedente", exact: true })).toBeVisible();
  const url1 = page.url();
  const first1 = await firstTitle(page);
  await expectNoHiddenRecords(page);

  await resultLinks(page).first().click();
  await expect(page).not.toHaveURL(/\/cerca/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first1);
  await page.goBack();
  await expect(page).toHaveURL(url1);
  await expect(resultLinks(page).first()).toHaveText(first1);
  await expect(pages).toContainText(`Pagina 2 di ${total}`);
});

// (page=1 and page=0 are the first page, a page past the end the last one: tests/integration/e2e-moved-pages.test.ts.)

test("the map view draws the results on the bundled basemap when tiles are unreachable", async ({ page }) => {
  // Hermetic: the tile server is unreachable even where the machine is online.
  allowConsoleErrors(page, /tile\.openstreetmap\.org/);
  await page.route(/^https?:\/\/([a-z]\.)?tile\.openstreetmap\.org\//, (route) => route.abort("internetdisconnected"));
  await page.goto("/cerca?q=milano&view=map");
  await hydrated(page);
  const map = page.getByRole("region", { name: "Mappa dei risultati", exact: true });
  await expect(map).toBeVisible();
  const points = Number(await map.getAttribute("data-points"));
  expect(points).toBeGreaterThan(0);
  await expect(page.getByText(`${points} record con una posizione sulla mappa`)).toBeVisible();
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect(
    page.getByText("Il server delle mappe non è raggiungibile: la mappa mostra i contorni di terre e confini inclusi in Teca."),
  ).toBeVisible();
  await expect(map).toHaveAttribute("data-basemap", "offline");
  await expect(map.locator(".leaflet-tile-pane img")).toHaveCount(0);
  await expectNoHiddenRecords(page);

  // Clusters zoom in (or spread out) until single markers show; a marker opens a card.
  const marker = map.locator(".leaflet-marker-icon.map-marker");
  for (let i = 0; i < 12 && !(await marker.first().isVisible()); i++) {
    await map.locator(".leaflet-marker-icon.marker-cluster").first().click();
    await page.waitForTimeout(400);
  }
  await marker.first().click();
  const popup = map.locator(".leaflet-popup");
  await expect(popup).toBeVisible();
  const card = popup.getByRole("link");
  await expect(card).toHaveAttribute("href", /^\/(oggetti|entita|occorrenze|luoghi|collezioni)\/\d+/);
  const href = (await card.getAttribute("href"))!;
  expect(href).not.toMatch(HIDDEN_LINK);
  const title = (await card.innerText()).trim();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, "\\?")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("the map view without a query places every located record", async ({ page }) => {
  allowConsoleErrors(page, /tile\.openstreetmap\.org/);
  await page.route(/^https?:\/\/([a-z]\.)?tile\.openstreetmap\.org\//, (route) => route.abort("internetdisconnected"));
  const res = await page.goto("/en/cerca?view=map");
  await hydrated(page);
  const map = page.getByRole("region", { name: "Map of the results", exact: true });
  const points = Number(await map.getAttribute("data-points"));
  expect(points).toBeGreaterThan(0);
  await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect(
    page.getByText("The tile server cannot be reached: the map shows the outlines of land and borders bundled with Teca."),
  ).toBeVisible();
  await expectNoHiddenRecords(page, res);
  await expectAccessible(page);
});

test("a timeline bar filters by its decade", async ({ page }) => {
  await page.goto("/cerca");
  await hydrated(page);
  const timeline = page.getByRole("navigation", { name: "Linea del tempo", exact: true });
  const bar = timeline.getByRole("link", { name: /^Anni 1900: \d+ record$/ });
  const decadeCount = Number(/: (\d+)/.exec((await bar.innerText()).trim())![1]);
  await bar.click();
  await expect(page).toHaveURL(/\/cerca\?from=1900&to=1909$/);
  await expect(chips(page).getByRole("link", { name: "Rimuovi il filtro 1900 – 1909", exact: true })).toBeVisible();
  const period = page.getByRole("region", { name: "Periodo", exact: true });
  await expect(period.getByLabel("Dal", { exact: true })).toHaveValue("1900");
  await expect(period.getByLabel("Al", { exact: true })).toHaveValue("1909");
  // Records spanning the decade are found too, so at least the bar's count.
  expect(await resultCount(page)).toBeGreaterThanOrEqual(decadeCount);
});

test("the filter panel is drawn by the server as it stays, and remembers being hidden", async ({ page }) => {
  // Wide screen, no choice made: the panel is in the server's HTML, beside the results.
  const html = await (await page.request.get("/cerca")).text();
  expect(html).toContain('class="search__layout search__layout--auto"');
  await page.goto("/cerca");
  const panel = page.getByRole("complementary", { name: "Filtri", exact: true });
  await expect(panel).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const box = await panel.boundingBox();
  await hydrated(page);
  expect(await panel.boundingBox()).toEqual(box);
  const toggle = page.getByRole("button", { name: "Filtri", exact: true });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await toggle.click();
  await expect(panel).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  expect((await page.context().cookies()).find((c) => c.name === "teca_filters")?.value).toBe("0");

  // The choice comes back from the server: hidden before any script runs.
  const hiddenHtml = await (await page.request.get("/cerca")).text();
  expect(hiddenHtml).toMatch(/<aside id="search-filters"[^>]*hidden/);
  await page.reload();
  await hydrated(page);
  await expect(page.locator("#search-filters")).toBeHidden();
  await toggle.click();
  await expect(panel).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "teca_filters")?.value).toBe("1");
  await page.reload();
  await hydrated(page);
  await expect(panel).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
});

test("on a phone the filters start folded away, without moving anything after loading", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/fr/cerca?q=ritratto");
  const panel = page.locator("#search-filters");
  await expect(panel).toBeHidden();
  const first = page.locator(".card").first();
  // (measured once the web fonts are in: what is tested is that hydration moves nothing)
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const before = await first.boundingBox();
  await hydrated(page);
  expect(await first.boundingBox()).toEqual(before);
  const toggle = page.getByRole("button", { name: "Filtres", exact: true });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(page.getByRole("complementary", { name: "Filtres", exact: true })).toBeVisible();
  await expectAccessible(page);
});

test("restricted records never appear in a visitor's results", async ({ page }) => {
  test.setTimeout(150_000);
  const urls = [
    "/cerca?q=Lettera riservata Giulio Valdameri",
    "/cerca?q=cessione delle quote della società&view=auitable",
    "/cerca?q=Registro delle paghe dello stabilimento di Sesto San Giovanni",
    "/en/cerca?q=Confidential letter from Giulio Valdameri",
    "/en/cerca?q=Payroll of the Sesto San Giovanni works&view=map",
    "/fr/cerca?q=Lettre confidentielle&view=auitable",
    "/fr/cerca?q=Registre des salaires de l'usine de Sesto San Giovanni",
    "/cerca?q=Valdameri&mode=or&from=1929&to=1929&view=auitable",
    "/cerca?from=1921&to=1921&view=auitable",
    "/cerca?from=1921&to=1921&view=auitable&page=2",
    "/cerca?from=1929&to=1929&view=auitable",
    "/cerca?from=1929&to=1929&view=auitable&page=2",
    "/cerca?view=map",
  ];
  allowConsoleErrors(page, /tile\.openstreetmap\.org/);
  await page.route(/^https?:\/\/([a-z]\.)?tile\.openstreetmap\.org\//, (route) => route.abort("internetdisconnected"));
  for (const url of urls) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    await expectNoHiddenRecords(page, res);
  }
  // The same search as JSON, which the page's client cache also uses.
  for (const [q, locale] of [
    ["Lettera riservata Giulio Valdameri", "it"],
    ["Payroll of the Sesto San Giovanni works", "en"],
    ["Lettre confidentielle", "fr"],
  ]) {
    const res = await page.request.get(`/api/public/search?locale=${locale}&q=${encodeURIComponent(q)}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: { table: string; id: string }[] };
    expect(body.data.filter((r) => r.table === "ca_objects" && (r.id === "2" || r.id === "3"))).toEqual([]);
    const text = JSON.stringify(body);
    for (const t of HIDDEN_TITLES) expect(text).not.toContain(t);
  }
});

test("markup typed into the search box is shown as text, never run", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto("/cerca");
  await hydrated(page);
  const form = page.getByRole("search");
  await form.getByLabel("Cerca", { exact: true }).fill("<b>milano</b><script>alert(1)</script><img src=x onerror=alert(2)>");
  await form.getByRole("button", { name: "Cerca", exact: true }).click();
  await expect(page).toHaveURL(/\/cerca\?q=%3Cb%3Emilano/);
  await expect(countStatus(page)).toContainText("«<b>milano</b>");
  await expect(countStatus(page).locator("b, img, script")).toHaveCount(0);
  await expect(chips(page).getByRole("link", { name: /^Rimuovi il filtro «<b>milano<\/b>/ })).toBeVisible();
  await expect(page.locator('img[src="x"], b:text-is("milano")')).toHaveCount(0);
  expect(await page.locator("script").evaluateAll((ss) => ss.filter((s) => /^\s*alert\(\d\)\s*$/.test(s.textContent ?? "")).length)).toBe(
    0,
  );
  await expect(page).toHaveTitle(/<b>milano<\/b>/);

  // The same address loaded directly (server-rendered) behaves the same.
  await page.reload();
  await hydrated(page);
  await expect(countStatus(page)).toContainText("«<b>milano</b>");
  await expect(page.locator('img[src="x"], b:text-is("milano")')).toHaveCount(0);
  await page.goto(`/cerca?q=${encodeURIComponent("<script>alert(1)</script>")}`);
  await hydrated(page);
  await expect(page.locator("script").filter({ hasText: /^alert\(1\)$/ })).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test("unknown or invalid parameters answer 400 with a message", async ({ page }) => {
  allow400(page);
  for (const [url, message] of [
    ["/cerca?sort=evil", "Parametro non valido: sort: one of ss, on, no, az, za, taz, tza, wm, nm"],
    ["/cerca?evil=1", 'Parametro non valido: unknown parameter "evil"'],
    ["/cerca?page=-1", "Parametro non valido: page: a whole number from 1"],
    ["/en/cerca?view=evil", "Invalid parameter: view: one of auigrid, auimasonry, auitable, map"],
    ["/fr/cerca?q=a&q=b", "Paramètre non valide : q: expected a single value"],
  ] as const) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(message);
    await expect(page.getByRole("search").locator('input[type="search"]')).toBeVisible();
  }
  await expectAccessible(page);
  await page.getByRole("link", { name: "Tout effacer", exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/cerca$/);
  await expect(countStatus(page)).toHaveText(/^[\d\s]+ résultats$/);
});

for (const l of [
  { prefix: "", tab: "Esplora", nav: "Navigazione principale", message: "Una selezione casuale dall'archivio" },
  { prefix: "/en", tab: "Explore", nav: "Main navigation", message: "A random selection from the archive" },
] as const) {
  test(`the ${l.tab} tab opens a random selection`, async ({ page }) => {
    await page.goto(`${l.prefix}/`);
    await hydrated(page);
    const tab = page.getByRole("navigation", { name: l.nav, exact: true }).getByRole("link", { name: l.tab, exact: true });
    await tab.click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*${l.prefix}/cerca\\?showshuffle=1$`));
    await expect(countStatus(page)).toHaveText(l.message);
    await expect(tab).toHaveAttribute("aria-current", "page");
    expect(await resultLinks(page, l.prefix ? "Search" : "Cerca").count()).toBeGreaterThan(0);
    await expect(page.getByRole("navigation", { name: /Pagine dei risultati|Result pages/ })).toHaveCount(0);
    await expectNoHiddenRecords(page);
  });
}

test("words typed into the search box before the scripts have run stay there once they have", async ({ page }) => {
  // the page's scripts held back while the visitor types, as on a slow connection
  const release = await holdScripts(page);
  await page.goto("/en/cerca?q=vaso", { waitUntil: "domcontentloaded" });
  const box = page.getByRole("search").getByLabel("Search", { exact: true });
  await expect(box).toHaveValue("vaso");
  await box.fill("milano");
  release();
  await hydrated(page);
  await expect(box).toHaveValue("milano");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/en\/cerca\?q=milano$/);
  // a new search shows its own words
  await expect(box).toHaveValue("milano");
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/cerca\?q=vaso$/);
  await expect(box).toHaveValue("vaso");
});
