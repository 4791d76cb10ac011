import { expect, expectAccessible, hydrated, test, signIn } from "./helpers";

// An Amministratore of the e2e base (scripts/e2e-seed.ts); edit-in-place.spec.ts edits the home page with another.
const ADMIN = "e2e-admin@example.org";

/**
 * Memories (issue 34 §1, decision 115) and the home page's stories (§3, decision 116): an administrator writes a
 * memory page in the demo's section, in place, in Italian and English; a visitor reads it in three languages
 * (axe on each); the administrator adds a stories section to the English home page and a visitor sees it.
 */
test("an administrator writes a memory page in a section; visitors read it in three languages", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, ADMIN);
  const run = Date.now().toString(36);
  const slug = `testimonianza-${run}`;
  const it = `La tessitrice ${run}`;
  const en = `The weaver ${run}`;

  // the section's page offers a new memory page; a bad address is refused with a clear message
  await page.goto("/memories/sections/voci-della-filanda");
  await hydrated(page);
  const form = page.getByRole("group", { name: "Nuova pagina di memoria" });
  await form.getByLabel("Indirizzo (slug)").fill("Non valido!");
  await form.getByRole("button", { name: "Crea" }).click();
  await expect(form.getByRole("alert")).toHaveText(/minuscol/);
  await form.getByLabel("Indirizzo (slug)").fill(slug);
  await form.getByRole("button", { name: "Crea" }).click();
  await expect(page).toHaveURL(new RegExp(`/memories/${slug}\\?new=1&section=voci-della-filanda$`));

  // the editor opens in place, in the section it was started from
  const bar = page.getByRole("navigation", { name: "Barra di amministrazione" });
  await expect(bar.getByRole("switch", { name: "Modifica le pagine" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByLabel("Sezione", { exact: true })).toHaveValue("voci-della-filanda");
  await expectAccessible(page);
  await page.getByLabel("Titolo della pagina", { exact: true }).fill(it);
  await page.getByRole("textbox", { name: "Testo della pagina" }).fill("Ho imparato a tessere a quattordici anni.");
  await page.getByLabel("Raccolta (facoltativa)").fill("interviste-1956");
  await page.getByLabel("Descrizione per i motori di ricerca").fill("Il telaio, la sirena e le canzoni.");
  await page.locator(".edit-switch", { hasText: "Pubblicata" }).click();
  await bar.getByRole("button", { name: "Salva" }).click();
  await expect(bar.getByRole("button", { name: "Salvato" })).toBeVisible();

  // English: the Italian text stands in; saving makes the English page's own
  await page.goto(`/en/memories/interviste-1956/${slug}`);
  await hydrated(page);
  const enBar = page.getByRole("navigation", { name: "Administration bar" });
  const toggle = enBar.getByRole("switch", { name: "Edit the pages" });
  if ((await toggle.getAttribute("aria-checked")) !== "true") await toggle.click();
  await expect(page.getByLabel("Page title", { exact: true })).toHaveValue(it);
  await page.getByLabel("Page title", { exact: true }).fill(en);
  await page.getByRole("textbox", { name: "Page text" }).fill("I learnt to weave at fourteen.");
  await enBar.getByRole("button", { name: "Save" }).click();
  await expect(enBar.getByRole("button", { name: "Saved" })).toBeVisible();
  await toggle.click();

  // visitors: the section lists it as an "interviews" card; the page in three languages
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/memories/sections");
  await expect(visitor.getByRole("link", { name: "Voci della filanda" })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByRole("link", { name: "Voci della filanda" }).click();
  const card = visitor.locator(".content-card--interviews", { hasText: it });
  await expect(card).toContainText("Il telaio, la sirena e le canzoni.");
  await expectAccessible(visitor);
  await card.getByRole("link", { name: it }).click();
  await expect(visitor).toHaveURL(new RegExp(`/memories/interviste-1956/${slug}$`));
  for (const [path, title, text] of [
    [`/memories/interviste-1956/${slug}`, it, "Ho imparato a tessere a quattordici anni."],
    [`/en/memories/interviste-1956/${slug}`, en, "I learnt to weave at fourteen."],
    [`/fr/memories/interviste-1956/${slug}`, it, "Pas encore disponible dans votre langue"],
  ] as const) {
    const res = await visitor.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(visitor.locator("article")).toContainText(text);
    await expectAccessible(visitor);
  }
  // the short address sends on to the collection's; unknown ones are 404
  await visitor.goto(`/memories/${slug}`);
  await expect(visitor).toHaveURL(new RegExp(`/memories/interviste-1956/${slug}$`));
  expect((await visitor.goto(`/memories/altra-raccolta/${slug}`))?.status()).toBe(404);
  expect((await visitor.goto("/memories/sections/non-esiste"))?.status()).toBe(404);
  await visitorContext.close();
});

test("an administrator adds a stories section to the home page; visitors see the story", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto("/en");
  await hydrated(page);
  const bar = page.getByRole("navigation", { name: "Administration bar" });
  const toggle = bar.getByRole("switch", { name: "Edit the pages" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Add a stories section" }).click();
  const drawer = page.getByRole("dialog", { name: /^Section \d+$/ });
  const title = `Chosen stories ${Date.now().toString(36)}`;
  await drawer.getByLabel("Section title", { exact: true }).fill(title);
  const choice = drawer.getByLabel("Published story to add");
  await expect(choice).toBeVisible();
  await choice.selectOption({ label: "Dal bozzolo al filato" });
  await drawer.getByRole("button", { name: "Add the story" }).click();
  await expect(drawer.getByRole("listitem").filter({ hasText: "Dal bozzolo al filato" })).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole("button", { name: "Close the panel" }).click();
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(bar.getByRole("button", { name: "Saved" })).toBeVisible();
  await toggle.click();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/en");
  const section = visitor.getByRole("region", { name: title });
  await expect(section.getByRole("link", { name: "Dal bozzolo al filato" })).toHaveAttribute(
    "href",
    /\/en\/public\/stories\/dal-bozzolo-al-filato-demo$/,
  );
  await expectAccessible(visitor);
  // getHomeStories answers the same stories
  const res = await visitor.request.post("/api/auth/firebase/getHomeStories", { data: { locale: "en" } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { slug: string }[] };
  expect(body.data.map((s) => s.slug)).toContain("dal-bozzolo-al-filato-demo");
  await visitorContext.close();
});
