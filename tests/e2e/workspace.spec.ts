import type { Locator, Page } from "@playwright/test";
import { allowConsoleErrors, expect, expectAccessible, hydrated, test, signIn } from "./helpers";

/**
 * Issue 15: pin from the search page into a new collection, open it, reorder by its buttons, by dragging
 * with the mouse and by the keyboard (dnd-kit), remove with the confirmation, publish and open the public
 * page signed out; story blocks dragged; the pin without JavaScript; the drawer's carousel by mouse and
 * keyboard; axe in three languages. One researcher (scripts/e2e-seed.ts) keeps the collections.
 */
const USER = { email: "e2e-workspace@example.org", password: "E2e-password1" };

/** Starts from no collection (the spec may run again on the same server). */
async function removeAll(page: Page) {
  const list = await page.request.post("/api/auth/docs/getCollections", { data: { locale: "it" } });
  for (const c of ((await list.json()) as { data: { id: string }[] }).data) {
    const r = await page.request.post("/api/auth/docs/removeDoc", { data: { collection: "collections", name: c.id } });
    expect(r.status()).toBe(200);
  }
}

const titles = (page: Page) => page.locator(".collection-items .card__title").allInnerTexts();

/** Presses the mouse on `from`, moves it (in steps, as a hand would) onto `to` and lets go. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** dnd-kit's announcements to screen readers. */
const announced = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * Picks up the item whose handle has the focus (space), as announced; then lets two frames pass: dnd-kit
 * measures the items and listens to the arrows from just after the pick-up (a person is never that quick).
 */
async function pickUp(page: Page, announcement: string) {
  await page.keyboard.press("Space");
  await expect(announced(page)).toHaveText(announcement);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

test.describe.configure({ mode: "serial" });

let collectionPath = "";
let publicPath = "";

test("pin from the search page into a new collection, reorder by buttons, by mouse drag and by keyboard drag, remove, publish", async ({
  page,
}) => {
  test.setTimeout(120_000); // a long journey: 33 s alone, over a minute on a loaded CI machine
  await signIn(page, USER.email);
  await removeAll(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/cerca?sort=az");
  await hydrated(page);
  const cards = page.locator(".search .card");
  await expect(cards.first()).toBeVisible();
  const names = (await cards.locator(".card__title").allInnerTexts()).slice(0, 3);
  expect(names.length).toBe(3);

  // No collection yet: the pin opens the new-collection drawer with the record.
  await cards
    .nth(0)
    .getByRole("button", { name: `Aggiungi «${names[0]}» a una nuova collezione` })
    .click();
  const drawer = page.getByRole("dialog", { name: `Nuova collezione con «${names[0]}»` });
  await expect(drawer).toBeVisible();
  await expectAccessible(page);
  // an empty title is refused with the spec's text, and nothing is created
  await drawer.getByRole("button", { name: "Salva" }).click();
  await expect(drawer.getByRole("alert")).toHaveText("Ricordati di inserire il titolo");
  await drawer.getByLabel("Titolo").fill("Ventagli da vedere");
  await drawer.getByRole("button", { name: "Salva" }).click();
  await expect(drawer).toBeHidden();
  const first = cards.nth(0).getByRole("button", { name: `Metti «${names[0]}» in Ventagli da vedere` });
  await expect(first).toHaveAttribute("aria-pressed", "true");

  // The next pins go into the current collection.
  for (const i of [1, 2]) {
    const pin = cards.nth(i).getByRole("button", { name: `Metti «${names[i]}» in Ventagli da vedere` });
    await expect(pin).toHaveAttribute("aria-pressed", "false");
    await pin.click();
    await expect(pin).toHaveAttribute("aria-pressed", "true");
    await expect(cards.nth(i).getByRole("status")).toHaveText("Aggiunta a Ventagli da vedere");
  }
  // and the toggle takes one out again, then back in
  const third = cards.nth(2).getByRole("button", { name: `Metti «${names[2]}» in Ventagli da vedere` });
  await third.click();
  await expect(third).toHaveAttribute("aria-pressed", "false");
  await expect(cards.nth(2).getByRole("status")).toHaveText("Tolta da Ventagli da vedere");
  await third.click();
  await expect(third).toHaveAttribute("aria-pressed", "true");
  await expect(cards.nth(2).getByRole("status")).toHaveText("Aggiunta a Ventagli da vedere");

  // filtro=pin|Pin lists the current collection's records
  await page.goto("/cerca?filtro=pin%7CPin");
  await hydrated(page);
  await expect(page.locator(".search .card")).toHaveCount(3);
  await expect(page.getByRole("link", { name: /Rimuovi il filtro.*Schede della collezione attuale/ })).toBeVisible();

  await page.goto("/collections");
  await hydrated(page);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Ventagli da vedere" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ventagli da vedere" })).toBeVisible();
  await hydrated(page);
  collectionPath = new URL(page.url()).pathname;
  await expect(page.getByRole("link", { name: "Mostra nella ricerca" })).toHaveAttribute("href", "/cerca?filtro=pin%7CPin");
  // New items go on top: the last pinned first.
  await expect.poll(() => titles(page)).toEqual([names[2], names[1], names[0]]);
  await expectAccessible(page);

  // Reorder by keyboard: the move button keeps the focus and the change is announced.
  const down = page.getByRole("button", { name: `Sposta «${names[2]}» dopo` });
  await down.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "posizione 2 di 3" })).toBeVisible();
  await expect.poll(() => titles(page)).toEqual([names[1], names[2], names[0]]);
  await expect(page.getByRole("button", { name: `Sposta «${names[2]}» dopo` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "posizione 3 di 3" })).toBeVisible();
  await expect.poll(() => titles(page)).toEqual([names[1], names[0], names[2]]);
  // at the end the focus moves to the other direction's button
  await expect(page.getByRole("button", { name: `Sposta «${names[2]}» prima` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => titles(page)).toEqual([names[1], names[2], names[0]]);

  // Drag with the mouse: the last card by its handle onto the first; the move is saved.
  const handle = (name: string) => page.getByRole("button", { name: `Trascina «${name}»` });
  await page.locator(".collection-items").scrollIntoViewIfNeeded();
  await drag(page, handle(names[0]!), page.locator(".collection-items > li").first());
  await expect(page.getByRole("status").filter({ hasText: `«${names[0]}» ora è in posizione 1 di 3` })).toBeVisible();
  await expect.poll(() => titles(page)).toEqual([names[0], names[1], names[2]]);
  // By keyboard: space picks it up, the arrows move it, space drops it; each step is announced.
  await handle(names[0]!).focus();
  await pickUp(page, `Hai preso «${names[0]}», in posizione 1 di 3.`);
  await page.keyboard.press("ArrowRight");
  await expect(announced(page)).toHaveText(`«${names[0]}»: posizione 2 di 3.`);
  await page.keyboard.press("ArrowRight");
  await expect(announced(page)).toHaveText(`«${names[0]}»: posizione 3 di 3.`);
  await page.keyboard.press("Space");
  await expect(announced(page)).toHaveText(`Spostamento fatto: «${names[0]}» in posizione 3 di 3.`);
  await expect(page.getByRole("status").filter({ hasText: `«${names[0]}» ora è in posizione 3 di 3` })).toBeVisible();
  await expect.poll(() => titles(page)).toEqual([names[1], names[2], names[0]]);
  await expect(handle(names[0]!)).toBeFocused();
  // A refused save puts the order back and says so.
  allowConsoleErrors(page, /status of 409/);
  await page.route("**/api/auth/docs/saveDoc", (route) =>
    route.fulfill({ status: 409, json: { error: { code: 409, message: "Riprova più tardi." } } }),
  );
  await pickUp(page, `Hai preso «${names[0]}», in posizione 3 di 3.`);
  await page.keyboard.press("ArrowLeft");
  await expect(announced(page)).toHaveText(`«${names[0]}»: posizione 2 di 3.`);
  await page.keyboard.press("Space");
  await expect(page.getByRole("alert")).toHaveText("Il nuovo ordine non è stato salvato ed è tornato com'era. Riprova più tardi.");
  await expect.poll(() => titles(page)).toEqual([names[1], names[2], names[0]]);
  await page.unroute("**/api/auth/docs/saveDoc");
  // The saved order is the one read again.
  await page.reload();
  await hydrated(page);
  await expect.poll(() => titles(page)).toEqual([names[1], names[2], names[0]]);

  // Remove, after 'Sei sicuro?'
  await page.getByRole("link", { name: `Rimuovi «${names[1]}»` }).click();
  await expect(page.getByText(`Sei sicuro? «${names[1]}» sarà tolta dalla collezione.`)).toBeVisible();
  await page.getByRole("button", { name: "Sì, rimuovi" }).click();
  await expect(page.locator(".collection-items .card")).toHaveCount(2);
  await expect.poll(() => titles(page)).toEqual([names[2], names[0]]);

  // One way to rename and delete: "Modifica" and its drawer (issue 31 §10: an inline title form and a second
  // "Elimina la collezione" beside it).
  await expect(page.getByRole("link", { name: "Modifica", exact: true })).toHaveCount(1);
  await expect(page.getByLabel("Titolo")).toHaveCount(0);
  await expect(page.getByText("Elimina la collezione")).toHaveCount(0);
  await page.getByRole("link", { name: "Modifica", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Modifica «Ventagli da vedere»" });
  await expect(edit.getByRole("button", { name: "Elimina la collezione" })).toHaveCount(1);
  await edit.getByRole("button", { name: "Annulla" }).click();
  await expect(edit).toBeHidden();

  // Publish: the state is shown once, by the page (the message is said to screen readers)
  await page.getByRole("button", { name: "Pubblica" }).click();
  const link = page.getByRole("link", { name: "Apri la pagina pubblica" });
  await expect(link).toBeVisible();
  await expect(page.locator(".workspace__meta").first()).toHaveText("2 schede · Pubblicata");
  await expect(page.getByRole("status").filter({ hasText: /^Pubblicata$/ })).toHaveClass(/visually-hidden/);
  publicPath = (await link.getAttribute("href"))!;
  expect(publicPath).toMatch(/^\/public\/collections\/ventagli-da-vedere-[a-z0-9]{8}$/);
});

test("the public page signed out, in three languages, and its Open Graph tags", async ({ browser }) => {
  expect(publicPath, "the published collection of the test before").not.toBe("");
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const [prefix, kicker] of [
    ["", "Collezione"],
    ["/en", "Collection"],
    ["/fr", "Collection"],
  ] as const) {
    await page.goto(prefix + publicPath);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Ventagli da vedere" })).toBeVisible();
    await expect(page.getByText(kicker, { exact: true })).toBeVisible();
    await expect(page.locator(".collection-items .card")).toHaveCount(2);
    await expect(page.locator(".pin__button")).toHaveCount(0);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Ventagli da vedere");
    await expectAccessible(page);
  }
  await context.close();
});

test("the collection pages in English and French are accessible; unpublishing makes the public page 404", async ({ page, browser }) => {
  expect(collectionPath, "the collection of the first test").not.toBe("");
  await signIn(page, USER.email);
  for (const prefix of ["/en", "/fr"]) {
    const title = prefix === "/en" ? "My collections" : "Mes collections";
    await page.goto(`${prefix}/collections`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectAccessible(page);
    await page.goto(prefix + collectionPath);
    await hydrated(page);
    await expect(page.locator(".sortable-handle")).toHaveCount(2);
    await expectAccessible(page);
    // and the open drawer
    await page.locator(".site-header").getByRole("button", { name: "Collections" }).click();
    await expect(page.getByRole("dialog", { name: title }).getByRole("region", { name: title })).toBeVisible();
    await expectAccessible(page);
  }
  // The header's collections drawer, by keyboard: the carousel lists the collection and opens it.
  await page.goto("/");
  await hydrated(page);
  await page.locator(".site-header").getByRole("button", { name: "Collezioni" }).focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Le mie collezioni" });
  await expect(drawer).toBeVisible();
  const carousel = drawer.getByRole("region", { name: "Le mie collezioni" });
  await expect(carousel).toHaveAttribute("aria-roledescription", "carosello");
  await expect(carousel.getByRole("group", { name: "1 di 1" }).getByRole("link")).toHaveCount(1);
  // one collection: nothing to scroll to
  await expect(drawer.getByRole("button", { name: "Collezioni precedenti" })).toBeDisabled();
  await expect(drawer.getByRole("button", { name: "Collezioni successive" })).toBeDisabled();
  await expectAccessible(page);
  await carousel.getByRole("link", { name: /Ventagli da vedere/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${collectionPath}$`));
  await expect(drawer).toBeHidden();
  await hydrated(page);
  await page.getByRole("button", { name: "Ritira la pubblicazione" }).click();
  await expect(page.getByRole("button", { name: "Pubblica" })).toBeVisible();
  const visitor = await browser.newContext();
  // (the button turns as soon as the call leaves: the page says 404 once the server has answered it)
  await expect.poll(async () => (await visitor.request.get(publicPath)).status()).toBe(404);
  await visitor.close();
});

test("story blocks move by dragging, with the mouse and by keyboard", async ({ page }) => {
  expect(collectionPath, "the collection of the first test").not.toBe("");
  await signIn(page, USER.email);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${collectionPath}/stories/add`);
  await hydrated(page);
  for (const type of ["Titoletto", "Citazione", "Testo"]) await page.getByRole("button", { name: `Aggiungi un blocco: ${type}` }).click();
  const legends = () => page.locator(".story-block__legend").allInnerTexts();
  await drag(page, page.getByRole("button", { name: "Trascina il blocco 1" }), page.locator(".story-editor__blocks > li").nth(2));
  await expect.poll(legends).toEqual(["Blocco 1 di 3: Citazione", "Blocco 2 di 3: Testo", "Blocco 3 di 3: Titoletto"]);
  await expect(page.getByRole("status").filter({ hasText: "Blocco ora in posizione 3 di 3" })).toBeVisible();
  await page.getByRole("button", { name: "Trascina il blocco 3" }).focus();
  await pickUp(page, "Hai preso il blocco 3 (Titoletto), in posizione 3 di 3.");
  await page.keyboard.press("ArrowUp");
  await expect(announced(page)).toHaveText("il blocco 3 (Titoletto): posizione 2 di 3.");
  await page.keyboard.press("Space");
  await expect.poll(legends).toEqual(["Blocco 1 di 3: Citazione", "Blocco 2 di 3: Titoletto", "Blocco 3 di 3: Testo"]);
  await expect(page.getByRole("button", { name: "Trascina il blocco 2" })).toBeFocused();
});

test("without JavaScript the pin is a form post that works", async ({ browser }) => {
  expect(collectionPath, "the collection of the first test").not.toBe("");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, USER.email, USER.password);
  await page.goto("/cerca?sort=az");
  const card = page.locator(".search .card").nth(5);
  const name = await card.locator(".card__title").innerText();
  const pin = card.getByRole("button", { name: `Metti «${name}» in Ventagli da vedere` });
  await expect(pin).toHaveAttribute("aria-pressed", "false");
  await pin.click();
  await expect(page).toHaveURL(/\/cerca\?sort=az$/);
  await expect(
    page
      .locator(".search .card")
      .nth(5)
      .getByRole("button", { name: `Metti «${name}» in Ventagli da vedere` }),
  ).toHaveAttribute("aria-pressed", "true");
  await page.goto(collectionPath);
  await expect(page.locator(".collection-items .card__title").first()).toHaveText(name);
  // "Modifica" without JavaScript: the drawer's fields on the page, Delete asking first (issue 31 §10)
  await page.getByRole("link", { name: "Modifica", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${collectionPath}\\?edit=1$`));
  const panel = page.getByRole("region", { name: "Modifica «Ventagli da vedere»" });
  await expect(panel.getByLabel("Titolo")).toHaveValue("Ventagli da vedere");
  await panel.getByRole("link", { name: "Elimina la collezione" }).click();
  await expect(panel.getByText("Confermi la cancellazione?")).toBeVisible();
  await panel.getByRole("link", { name: "No, tieni" }).click();
  await expect(panel.getByText("Confermi la cancellazione?")).toHaveCount(0);
  await panel.getByRole("button", { name: "Salva" }).click();
  await expect(page.locator(".workspace__status")).toHaveText("Salvato");
  await expect(page.getByText("Elimina la collezione")).toHaveCount(1);
  await context.close();
});

test("the collections drawer's carousel moves by its buttons, by dragging and by the arrow keys, disabled at the ends", async ({
  page,
}) => {
  await signIn(page, USER.email);
  for (let i = 1; i <= 8; i++) {
    const r = await page.request.post("/api/auth/docs/saveDoc", { data: { collection: "collections", data: { title: `Raccolta ${i}` } } });
    expect(r.status()).toBe(201);
  }
  // 9 collections at 6.5 columns (spec §2): 2.5 columns, about 540 px, to scroll.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/cerca");
  await hydrated(page);
  await page.locator(".site-header").getByRole("button", { name: "Collezioni" }).click();
  const drawer = page.getByRole("dialog", { name: "Le mie collezioni" });
  const carousel = drawer.getByRole("region", { name: "Le mie collezioni" });
  const previous = carousel.getByRole("button", { name: "Collezioni precedenti" });
  const next = carousel.getByRole("button", { name: "Collezioni successive" });
  /** How far the carousel has moved, in pixels (embla moves its track). */
  const offset = () =>
    carousel.locator(".collections-carousel__track").evaluate((el) => -new DOMMatrix(getComputedStyle(el).transform).m41 || 0);
  await expect(carousel.getByRole("group")).toHaveCount(9);
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  await expectAccessible(page);
  // one click: about 400 px (in whole columns); the second reaches the end
  await next.click();
  await expect(previous).toBeEnabled();
  await expect.poll(offset).toBeGreaterThan(350);
  expect(await offset()).toBeLessThan(480);
  await next.click();
  await expect(next).toBeDisabled();
  await previous.click();
  await previous.click();
  await expect(previous).toBeDisabled();
  await expect.poll(offset).toBe(0);
  // dragged with the mouse (a swipe by touch) it moves too, without opening the collection under the pointer
  const first = carousel.getByRole("link").first();
  const box = (await first.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 300, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(previous).toBeEnabled();
  await expect.poll(offset).toBeGreaterThan(100);
  await expect(page).toHaveURL(/\/cerca$/);
  await previous.click();
  await expect(previous).toBeDisabled();
  // The arrow keys move the focus from one collection to the next, and the carousel follows it.
  await first.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
  await expect(carousel.getByRole("group", { name: "7 di 9" }).getByRole("link")).toBeFocused();
  await expect(previous).toBeEnabled();
  await expect.poll(offset).toBeGreaterThan(100);
  for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowLeft");
  await expect(first).toBeFocused();
  await expect(previous).toBeDisabled();
  await expect.poll(offset).toBe(0);
  // The collection dropdown chooses where the pins go; 'Nuova...' opens the new-collection form.
  await drawer.getByLabel("Collezione attuale").selectOption({ label: "Raccolta 3" });
  await expect(drawer.getByRole("status").filter({ hasText: "Le schede andranno in Raccolta 3" })).toHaveCount(1);
  await expect(drawer.getByLabel("Collezione attuale")).toHaveValue(/.{12}/);
  await expect(drawer.getByLabel("Collezione attuale").locator("option:checked")).toHaveText("Raccolta 3");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(
    page
      .locator(".search .card")
      .first()
      .getByRole("button", { name: /in Raccolta 3$/ }),
  ).toBeVisible();
  await page.locator(".site-header").getByRole("button", { name: "Collezioni" }).click();
  await drawer.getByLabel("Collezione attuale").selectOption({ label: "Nuova..." });
  await expect(page).toHaveURL(/\/collections\?new=1$/);
  await expect(page.getByRole("heading", { level: 2, name: "Nuova collezione" })).toBeVisible();
});

// (Visitors sent to sign in from the collection pages, in each language: the access matrix,
// tests/integration/access-matrix.test.ts, asks every route of every language tree as a visitor.)
