import { expect, expectAccessible, hydrated, test } from "./helpers";

const LOCALES = [
  { prefix: "", lang: "it", archive: "Archivio", home: "Home" },
  { prefix: "/en", lang: "en", archive: "Archive", home: "Home" },
  { prefix: "/fr", lang: "fr", archive: "Archives", home: "Accueil" },
] as const;

for (const l of LOCALES) {
  test(`home → record page in ${l.lang}`, async ({ page }) => {
    const res = await page.goto(`${l.prefix}/`);
    expect(res?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", l.lang);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: /./ }).getByRole("link", { name: l.archive })).toBeVisible();
    const cards = page.locator(".home-section--records .card__link");
    expect(await cards.count()).toBeGreaterThan(3);
    await expectAccessible(page);

    const first = cards.first();
    const title = (await first.innerText()).trim();
    await hydrated(page);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*${l.prefix}/(oggetti|entita|occorrenze|luoghi|collezioni|media|data)/`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator("html")).toHaveAttribute("lang", l.lang);
    await expect(page.getByRole("navigation", { name: /./ }).getByRole("link", { name: l.home }).first()).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${l.prefix}/`));
    await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveCount(1);
    await expectAccessible(page);
  });
}

test("a full record page: tombstone, metadata, gallery, relations, hierarchy", async ({ page }) => {
  await page.goto("/en/oggetti/1");
  await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole("heading", { level: 2, name: "Physical description" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Related records" })).toBeVisible();
  await expect(page.locator(".gallery__thumb")).not.toHaveCount(0);
  await expect(page.locator(".metadata time").first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$|^\d{4}/);
  // The valuation is an internal field: not on the public page.
  await expect(page.locator('[data-code="stima"]')).toHaveCount(0);
  await expectAccessible(page);
});

test("a fonds shows its hierarchy and its children link back to it", async ({ page }) => {
  await page.goto("/en/collezioni/1");
  await expect(page.getByRole("heading", { level: 2, name: "Hierarchy" })).toBeVisible();
  const child = page.locator(".record__section .card__link").first();
  const fondsTitle = await page.getByRole("heading", { level: 1 }).innerText();
  await child.click();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: fondsTitle })).toBeVisible();
  await expectAccessible(page);
});

test("the language switch keeps the page and remembers the choice for a year", async ({ page, context }) => {
  await page.goto("/oggetti/1");
  const itTitle = await page.getByRole("heading", { level: 1 }).innerText();
  await page.getByRole("navigation", { name: "Lingua" }).getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/oggetti\/1/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const enTitle = await page.getByRole("heading", { level: 1 }).innerText();
  expect(enTitle).not.toBe(itTitle);
  const cookie = (await context.cookies()).find((c) => c.name === "teca_locale");
  expect(cookie?.value).toBe("en");
  const days = (cookie!.expires - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);
  await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Français" }).click();
  await expect(page).toHaveURL(/\/fr\/oggetti\/1/);
  await expect(page.getByRole("navigation", { name: "Langue" })).toBeVisible();
});

test("an Italian-only record falls back to Italian and says so", async ({ page }) => {
  await page.goto("/fr/oggetti/4");
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1).toHaveAttribute("lang", "it");
  await expect(page.getByText("Cette notice n'est pas encore traduite")).toBeVisible();
  await expectAccessible(page);
});

test("unknown routes show the 404 page with a way home", async ({ page }) => {
  for (const [url, title, message, home] of [
    ["/en/no/such/page/here", "Error 404", "This page could not be found", "Back to home"],
    ["/pagina/inesistente/davvero/qui", "Errore 404", "Questa pagina non è stata trovata", "Torna alla home"],
    ["/fr/oggetti/999999", "Erreur 404", "Cette page est introuvable", "Retour à l'accueil"],
  ] as const) {
    const res = await page.goto(url);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(message)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: home }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/(en|fr)?$/);
    await expect(page.locator("[data-error-page]")).toHaveCount(0);
  }
});

test("the gallery opens full screen and Escape closes it, returning focus", async ({ page }) => {
  await page.goto("/oggetti/1");
  await hydrated(page);
  const opener = page.locator(".gallery__open");
  await opener.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the menu drawer opens and closes with Escape", async ({ page }) => {
  await page.goto("/en");
  await hydrated(page);
  await page.getByRole("button", { name: "Menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
});

test("keyboard focus is visible", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Vai al contenuto" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.style).not.toBe("none");
    expect(outline.width).toBeGreaterThanOrEqual(2);
  }
});

test("dark mode toggles the palette and stays accessible", async ({ page }) => {
  await page.goto("/oggetti/1");
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "Tema scuro" });
  const before = await page.locator("html").getAttribute("data-theme");
  await toggle.click();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", before ?? "light");
  await expect(toggle).toHaveAttribute("aria-pressed", before === "dark" ? "false" : "true");
  await expectAccessible(page);
});

test("print mode hides header, footer and scroll-to-top", async ({ page }) => {
  await page.goto("/oggetti/1?print=1");
  await expect(page.locator(".site-header")).toHaveCount(0);
  await expect(page.locator(".site-footer")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a broken image falls back to the placeholder", async ({ page }) => {
  await page.route(/\/media\/.*-medium\.webp$/, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/oggetti/1");
  await hydrated(page);
  await expect(page.locator(".gallery__open img")).toHaveAttribute("src", /placeholder/);
});

test("a page carries its stylesheet and fetches only its own language's messages; a navigation into another language waits for that one", async ({
  page,
}) => {
  const catalogues: string[] = [];
  page.on("request", (r) => {
    const m = /\/assets\/(it|en|fr)-[\w-]+\.json$/.exec(r.url());
    if (m) catalogues.push(m[1]!);
  });
  await page.goto("/fr/oggetti/1");
  // The stylesheet is written into the page (decision 024): no stylesheet request delays the first paint.
  await expect(page.locator("style[data-site-css]")).toHaveCount(1);
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/site-"]')).toHaveCount(0);
  await hydrated(page);
  expect([...new Set(catalogues)]).toEqual(["fr"]);
  // A router navigation (as a <Link> into another language does) renders the new language whole, the
  // Italian messages having been fetched first.
  await page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(
      "/cerca?q=ritratto",
    ),
  );
  await expect(page).toHaveURL(/^[^?]*\/cerca\?q=ritratto/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("navigation", { name: "Lingua" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navigazione principale" }).getByRole("link", { name: "Esplora" })).toBeVisible();
  await expect(page).toHaveTitle(/^ritratto · Cerca nell'archivio/);
  expect([...new Set(catalogues)]).toEqual(["fr", "it"]);
  await expectAccessible(page);
});
