import type { APIRequestContext, Page } from "@playwright/test";
import { allowConsoleErrors, expect, expectAccessible, hydrated, test } from "./helpers";

/**
 * Issue 15 §4 "Beyond the anchors" (decision 061): the owner shares a collection with a user of the site and
 * by a secret link, the link opens signed out in a fresh browser, is revoked and then 404s; the reader sees
 * it marked as shared and read-only; the /collections tabs; axe in three languages. Users:
 * scripts/e2e-seed.ts.
 */
const OWNER = { email: "e2e-share@example.org", password: "E2e-password1" };
const READER = { email: "e2e-share-reader@example.org", password: "E2e-password1" };

async function signIn(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post("/api/public/login", { data: who });
  expect(res.status()).toBe(200);
}

async function freshCollection(page: Page): Promise<string> {
  const list = await page.request.post("/api/auth/docs/getCollections", { data: { locale: "it" } });
  for (const c of ((await list.json()) as { data: { id: string; role: string }[] }).data.filter((c) => c.role === "owner"))
    expect((await page.request.post("/api/auth/docs/removeDoc", { data: { collection: "collections", name: c.id } })).status()).toBe(200);
  const found = (await (await page.request.get("/api/public/search?sort=az&table=ca_objects")).json()) as {
    data: { id: string; table: string }[];
  };
  const items = found.data.slice(0, 3).map((r) => ({ table: r.table ?? "ca_objects", id: r.id }));
  const made = await page.request.post("/api/auth/docs/saveDoc", {
    data: { collection: "collections", locale: "it", data: { title: "Da condividere", items } },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { data: { id: string } }).data.id;
}

test.describe.configure({ mode: "serial" });

test("share with a user and by link; the link opens signed out, is revoked, then 404s", async ({ page, browser }) => {
  test.setTimeout(120_000); // three browsers and a dozen pages: 51 s on a loaded CI machine
  await signIn(page.request, OWNER);
  const id = await freshCollection(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/collections/${id}`);
  await hydrated(page);
  const panel = page.getByRole("region", { name: "Condivisione" });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Non è condivisa con nessuno.")).toBeVisible();

  // a bad address is refused in place (a 400), nothing shared
  allowConsoleErrors(page, /status of 400 .*\/collections\/[A-Za-z0-9_-]{12}\.data/);
  await panel.getByLabel("Indirizzo e-mail").fill("nope@");
  await panel.getByLabel("Indirizzo e-mail").evaluate((el: HTMLInputElement) => (el.type = "text"));
  await panel.getByRole("button", { name: "Condividi" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Scrivi un indirizzo e-mail valido.");
  // with a user of the site, as a reader
  await panel.getByLabel("Indirizzo e-mail").fill(READER.email);
  await panel.getByLabel("Può").selectOption("reader");
  await panel.getByRole("button", { name: "Condividi" }).click();
  await expect(page.locator(".workspace__status")).toHaveText(`Condivisa con ${READER.email}`);
  await expect(panel.getByRole("list", { name: "Persone con cui è condivisa" })).toContainText(READER.email);

  // a secret link for a week, shown once
  await panel.getByLabel("Scade dopo").selectOption("7");
  await panel.getByRole("button", { name: "Crea un collegamento" }).click();
  const linkBox = panel.getByLabel(/^Collegamento \(scade il/);
  await expect(linkBox).toBeVisible();
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);

  // signed out, in a fresh browser: read-only, public records only
  const visitor = await browser.newContext();
  const vpage = await visitor.newPage();
  await vpage.goto(link);
  await expect(vpage.getByRole("heading", { level: 1, name: "Da condividere" })).toBeVisible();
  await expect(vpage.getByText("Collezione condivisa")).toBeVisible();
  await expect(vpage.locator(".collection-items .card")).not.toHaveCount(0);
  await expect(vpage.getByRole("button", { name: /Rimuovi|Rinomina|Condividi/ })).toHaveCount(0);
  await expectAccessible(vpage);

  // the reader sees it among theirs, marked as shared, with no tools
  const reader = await browser.newContext();
  const rpage = await reader.newPage();
  await signIn(rpage.request, READER);
  await rpage.goto("/collections");
  const tile = rpage.locator(".collection-tile", { hasText: "Da condividere" });
  await expect(tile).toContainText("Condivisa da Sara Prova");
  await tile.getByRole("link", { name: "Da condividere" }).click();
  await expect(rpage.getByText("Condivisa da Sara Prova · sola lettura")).toBeVisible();
  await expect(rpage.getByRole("link", { name: "Modifica", exact: true })).toHaveCount(0);
  await expect(rpage.getByRole("region", { name: "Condivisione" })).toHaveCount(0);
  await expectAccessible(rpage);

  // revoked at once: the link is the 404 of a link never made
  await panel.getByRole("button", { name: /^Revoca il collegamento che scade il/ }).click();
  await expect(page.locator(".workspace__status")).toHaveText("Collegamento revocato: non si apre più.");
  await expect(panel.getByText("Nessun collegamento attivo.")).toBeVisible();
  expect((await visitor.request.get(link)).status()).toBe(404);
  await vpage.reload();
  await expect(vpage.getByRole("heading", { level: 1, name: "Da condividere" })).toHaveCount(0);

  // unshared at once too
  await panel.getByRole("button", { name: `Revoca la condivisione con ${READER.email}` }).click();
  await expect(page.locator(".workspace__status")).toHaveText(`${READER.email} non vede più questa collezione`);
  expect((await rpage.request.get(`/collections/${id}`)).status()).toBe(404);
  await visitor.close();
  await reader.close();
});

// One test per language: each runs axe three times, and the three languages in one test overran its minute on a
// loaded CI machine (the ninth axe run timed out).
for (const [prefix, collections, searches, work] of [
  ["", "Collezioni", "Ricerche salvate", "Il tuo lavoro"],
  ["/en", "Collections", "Saved searches", "Your work"],
  ["/fr", "Collections", "Recherches enregistrées", "Votre travail"],
] as const) {
  test(`the collections page's tabs keep their state in the URL; axe (${prefix || "/it"})`, async ({ page }) => {
    await signIn(page.request, OWNER);
    await page.goto(`${prefix}/collections`);
    await hydrated(page);
    const tabs = page.getByRole("navigation", { name: work });
    await expect(tabs.getByRole("link", { name: collections })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
    await tabs.getByRole("link", { name: searches }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/collections\\?tab=searches$`));
    await expect(tabs.getByRole("link", { name: searches })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
    // the owner's collection page with its sharing section
    const list = await page.request.post("/api/auth/docs/getCollections", { data: { locale: "it" } });
    const id = ((await list.json()) as { data: { id: string }[] }).data[0]!.id;
    await page.goto(`${prefix}/collections/${id}`);
    await hydrated(page);
    await expectAccessible(page);
  });
}
