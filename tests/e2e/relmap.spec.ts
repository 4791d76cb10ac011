import { expect, expectAccessible, hydrated, signIn, test } from "./helpers";

/**
 * Issue 33 §5 (decisions 110, 111): a record's relational map — open it from the record page, open a node one step
 * further, move a node by keyboard, save the map, find it in the workspace's "Maps" tab, publish it and open the
 * public address signed out; unpublished it is a 404. axe on the map page in it/en/fr. One researcher
 * (scripts/e2e-seed.ts) saves it.
 */
const USER = "e2e-relmap@example.org";

test.describe.configure({ mode: "serial" });

test("open a record's map, move a node by keyboard, save, find it in the Maps tab, publish, read it signed out", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, USER);
  // Start from no saved map (the spec may run again on the same server).
  const mine = (await (await page.request.post("/api/auth/docs/getMappe", { data: { locale: "it" } })).json()) as {
    data: { id: string }[];
  };
  for (const m of mine.data)
    expect((await page.request.post("/api/auth/docs/removeDoc", { data: { collection: "mappe", name: m.id } })).status()).toBe(200);

  // Giulio Valdameri (the demo's ca_entities 1) has works, family, events
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/entita/1");
  await page.getByRole("link", { name: "Vedi come mappa" }).click();
  await expect(page).toHaveURL(/\/mappa\/entita\/1$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Mappa delle relazioni: Giulio Valdameri" })).toBeVisible();
  const list = page.getByRole("region", { name: "Relazioni in elenco" });
  await expect(list.getByRole("heading", { name: /autore di/ })).toBeVisible();

  // open a related record one step further (a link: the server draws the map again)
  const first = list.getByRole("listitem").first();
  const firstName = (await first.getByRole("link").first().textContent())!.trim();
  await first.getByRole("link", { name: `Mostra le relazioni di ${firstName}` }).click();
  await expect(page).toHaveURL(/\?open=/);
  await expect(list.getByRole("link", { name: `Nascondi le relazioni di ${firstName}` })).toBeVisible();

  // move the centre by keyboard: Tab reaches it, the arrows move it, the move is announced
  const drawing = page.locator(".relmap__svg");
  const centre = drawing.locator('a[data-key="ca_entities:1"]');
  const before = await centre.locator("xpath=..").getAttribute("transform");
  await centre.focus();
  await expect(centre).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(page.getByText("Giulio Valdameri spostato")).toBeAttached();
  const after = await centre.locator("xpath=..").getAttribute("transform");
  expect(after).not.toBe(before);
  expect(after).toBe("translate(610 490)");

  // save it
  await page.getByLabel("Nome della mappa").fill("Valdameri e le sue opere");
  await page.getByRole("button", { name: "Salva nelle mie collezioni" }).click();
  await expect(page).toHaveURL(/\/mappa\/[A-Za-z0-9_-]{12}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Valdameri e le sue opere" })).toBeVisible();
  // the arrangement and the opened node were kept
  await expect(page.locator('.relmap__svg a[data-key="ca_entities:1"]').locator("xpath=..")).toHaveAttribute(
    "transform",
    "translate(610 490)",
  );
  await expect(
    page.getByRole("region", { name: "Relazioni in elenco" }).getByRole("link", { name: `Nascondi le relazioni di ${firstName}` }),
  ).toBeVisible();
  const mapUrl = page.url();

  // in the workspace's Maps tab
  await page.goto("/collections?tab=mappe");
  await page.getByRole("link", { name: "Valdameri e le sue opere" }).click();
  await expect(page).toHaveURL(mapUrl);
  await hydrated(page);

  // publish it, then read it signed out
  await page.getByRole("button", { name: "Pubblica", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mappa pubblicata" })).toBeVisible();
  const publicHref = await page.getByRole("link", { name: "Indirizzo pubblico" }).getAttribute("href");
  expect(publicHref).toMatch(/^\/public\/maps\/valdameri-e-le-sue-opere-[a-z0-9]{8}$/);
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  const res = await anon.goto(publicHref!);
  expect(res?.status()).toBe(200);
  await expect(anon.getByRole("heading", { level: 1, name: "Valdameri e le sue opere" })).toBeVisible();
  await expect(anon.locator('.relmap__svg a[data-key="ca_entities:1"]').locator("xpath=..")).toHaveAttribute(
    "transform",
    "translate(610 490)",
  );
  await expect(anon.getByRole("button", { name: /Salva/ })).toHaveCount(0);

  // unpublished: the public address is a 404; another visitor cannot open the private map either
  await page.getByRole("button", { name: "Ritira la pubblicazione" }).click();
  await expect(page.getByRole("status").filter({ hasText: "La mappa non è più pubblica." })).toBeVisible();
  expect((await anon.goto(publicHref!))?.status()).toBe(404);
  expect((await anon.goto(new URL(mapUrl).pathname))?.status()).toBe(404);
  await visitor.close();
});

for (const lang of ["it", "en", "fr"] as const) {
  test(`the map page is accessible (${lang})`, async ({ page }) => {
    const prefix = lang === "it" ? "" : `/${lang}`;
    await page.goto(`${prefix}/mappa/entita/1?open=ca_entities:2`);
    await hydrated(page);
    await expect(page.locator(".relmap__svg")).toBeVisible();
    await expectAccessible(page);
  });
}
