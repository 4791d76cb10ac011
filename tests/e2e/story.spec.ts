import { allowConsoleErrors, expect, expectAccessible, hydrated, test, signIn } from "./helpers";

/**
 * Issue 15 stories (decision 064): write a story in a collection — a heading, rich text, an image from the
 * picker with caption and credit, an embedded record —, save it through the save drawer, reorder by keyboard,
 * publish it and read it signed out (share tags, content), unpublish and get a 404; axe on the editor and the
 * public page in three languages. One researcher (scripts/e2e-seed.ts) writes it.
 */
const USER = { email: "e2e-story@example.org", password: "E2e-password1" };

test.describe.configure({ mode: "serial" });

test("write, save, publish, read signed out, unpublish", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The bundled basemap may log a failed tile request when no tile server answers.
  allowConsoleErrors(page, /tile|openstreetmap/i);
  // The editor kit logs no warnings (issue 31: "linkifyjs: already initialized" once a second text block mounted).
  const warnings: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "warning" && /linkify|tiptap/i.test(msg.text())) warnings.push(msg.text());
  });
  await signIn(page, USER.email);
  // Start from no collection (the spec may run again on the same server; stories go with their collection).
  const own = await page.request.post("/api/auth/docs/getCollections", { data: { locale: "it" } });
  for (const c of ((await own.json()) as { data: { id: string }[] }).data)
    expect((await page.request.post("/api/auth/docs/removeDoc", { data: { collection: "collections", name: c.id } })).status()).toBe(200);
  // A collection of two records with images.
  const found = (await (await page.request.get("/api/public/search?media=con_media&locale=it&sort=az")).json()) as {
    data: { id: string; table: string; preferred_label: string; url: { medium: string | null } }[];
  };
  const recs = found.data.filter((r) => r.url.medium).slice(0, 2);
  expect(recs.length).toBe(2);
  const made = await page.request.post("/api/auth/docs/saveDoc", {
    data: {
      collection: "collections",
      locale: "it",
      data: { title: "Per la storia", items: recs.map((r) => ({ table: r.table, id: r.id })) },
    },
  });
  expect(made.status()).toBe(201);
  const coll = ((await made.json()) as { data: { id: string } }).data.id;

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/collections/${coll}`);
  await page.getByRole("link", { name: "Scrivi una storia" }).click();
  await expect(page).toHaveURL(new RegExp(`/collections/${coll}/stories/add$`));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Nuova storia" })).toBeVisible();
  await expectAccessible(page);

  // A heading.
  await page.getByRole("button", { name: "Aggiungi un blocco: Titoletto" }).click();
  await page.getByLabel("Testo del titoletto").fill("Due oggetti, un viaggio");
  const unsaved = page.getByRole("status").filter({ hasText: "Modifiche non ancora salvate." });
  await expect(unsaved).toBeVisible();
  // A neutral notice, not an alarm (issue 31): not written in the error colour.
  const [colour, errorColour] = await unsaved.evaluate((el) => {
    const probe = document.createElement("span");
    probe.style.color = "var(--error)";
    el.append(probe);
    const both = [getComputedStyle(el).color, getComputedStyle(probe).color];
    probe.remove();
    return both;
  });
  expect(colour).not.toBe(errorColour);
  // Rich text, with bold from the toolbar.
  await page.getByRole("button", { name: "Aggiungi un blocco: Testo" }).click();
  const text = page.getByRole("textbox", { name: "Testo del blocco" });
  await text.click();
  await page.keyboard.type("Una storia ");
  await page.getByRole("button", { name: "Grassetto" }).click();
  await page.keyboard.type("da ricordare");
  await expect(text.locator("strong")).toHaveText("da ricordare");
  // A second text block mounts its editor after the first has linkified its text, then goes again.
  await page.getByRole("button", { name: "Aggiungi un blocco: Testo" }).click();
  await expect(page.getByRole("textbox", { name: "Testo del blocco" })).toHaveCount(2);
  await page.getByRole("button", { name: "Elimina il blocco 3" }).click();
  await expect(page.getByRole("textbox", { name: "Testo del blocco" })).toHaveCount(1);
  expect(warnings).toEqual([]);
  // An image from the picker (the user's collections), with caption and credit.
  await page.getByRole("button", { name: "Aggiungi un blocco: Immagine" }).click();
  const panel = page.getByRole("complementary", { name: "Immagini e pubblicazione" });
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: `Aggiungi «${recs[0]!.preferred_label}»` }).click();
  await expect(page.getByText("Blocco 3 di 3: Immagine")).toBeVisible();
  await page.getByLabel("Didascalia").fill("Il primo oggetto");
  await page.getByLabel("Crediti").fill("Foto dell'archivio");
  // An embedded record.
  await page.getByRole("button", { name: "Aggiungi un blocco: Scheda" }).click();
  await page.getByLabel("Scheda da mostrare").selectOption(`${recs[1]!.table}/${recs[1]!.id}`);
  await expect(page.locator(".story-block--record .card__title")).toHaveText(recs[1]!.preferred_label);
  // The card looks as in the public story: its image spans the card (issue 31 §6: a 128×96 thumbnail in a corner).
  const cardBox = (await page.locator(".story-block--record .card").boundingBox())!;
  const imageBox = (await page.locator(".story-block--record .card__media img").boundingBox())!;
  expect(imageBox.width).toBeGreaterThan(cardBox.width - 4);
  expect(cardBox.width).toBeGreaterThan(250);
  await expectAccessible(page);

  // The save drawer: the title is required, then it saves and the story gets its own address.
  await page.getByRole("button", { name: "Salva", exact: true }).first().click();
  const drawer = page.getByRole("dialog", { name: "Salva la storia" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: "Salva" }).click();
  await expect(drawer.getByRole("alert")).toHaveText("Ricordati di inserire il titolo");
  await drawer.getByLabel("Titolo").fill("Il viaggio degli oggetti");
  await drawer.getByRole("button", { name: "Salva" }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/collections/${coll}/stories/[A-Za-z0-9_-]{12}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Il viaggio degli oggetti" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Modifiche non ancora salvate." })).toHaveCount(0);
  const editorPath = new URL(page.url()).pathname;

  // Reorder by keyboard: the record card moves above the image; focus stays on the button pressed.
  await page.getByRole("button", { name: "Sposta prima il blocco 4" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Blocco 3 di 4: Scheda")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sposta prima il blocco 3" })).toBeFocused();
  // Leaving with unsaved changes asks first; declining stays with the edits.
  await page.getByRole("link", { name: "← Torna alla collezione «Per la storia»" }).click();
  const leave = page.getByRole("dialog", { name: "Modifiche non salvate" });
  await expect(leave).toContainText("Sei sicuro di voler proseguire?");
  await leave.getByRole("button", { name: "Resta sulla pagina" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${editorPath}$`));
  await expect(page.getByText("Blocco 3 di 4: Scheda")).toBeVisible();
  await page.getByRole("button", { name: "Salva", exact: true }).first().click();
  await drawer.getByRole("button", { name: "Salva" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator(".story-editor__status")).toHaveText("Storia salvata");

  // Publish from the drawer's manage tab.
  await page.getByRole("button", { name: "Immagini e pubblicazione" }).click();
  await panel.getByRole("tab", { name: "Gestisci" }).click();
  await panel.getByRole("button", { name: "Pubblica" }).click();
  const publicLink = panel.getByRole("link", { name: "Apri la pagina pubblica" });
  await expect(publicLink).toBeVisible();
  // The message says what the server confirmed (issue 31 §1: it said "Pubblicazione ritirata" here).
  await expect(page.locator(".story-editor__status")).toHaveText("Storia pubblicata");
  const publicPath = (await publicLink.getAttribute("href"))!;
  expect(publicPath).toMatch(/^\/public\/stories\/il-viaggio-degli-oggetti-[a-z0-9]{8}$/);
  for (const prefix of ["/en", "/fr"]) {
    await page.goto(`${prefix}${editorPath}`);
    await hydrated(page);
    await expect(page.locator(".story-block")).toHaveCount(4);
    await expectAccessible(page);
  }

  // Signed out: the public page, for reading and sharing.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  allowConsoleErrors(reader, /tile|openstreetmap/i);
  const res = await reader.goto(publicPath);
  expect(res?.status()).toBe(200);
  await expect(reader.getByRole("heading", { level: 1, name: "Il viaggio degli oggetti" })).toBeVisible();
  await expect(reader.getByRole("heading", { level: 2, name: "Due oggetti, un viaggio" })).toBeVisible();
  await expect(reader.locator(".story-body__text strong")).toHaveText("da ricordare");
  await expect(reader.locator(".story-body__figure figcaption")).toContainText("Il primo oggetto");
  await expect(reader.locator(".story-body__figure figcaption")).toContainText("Foto dell'archivio");
  await expect(reader.locator(".story-body__record .card__title")).toHaveText(recs[1]!.preferred_label);
  // The record now comes before the image.
  const order = await reader.locator(".story-body > *").evaluateAll((els) => els.map((e) => e.className));
  expect(order.findIndex((c) => c.includes("record"))).toBeLessThan(order.findIndex((c) => c.includes("figure")));
  await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute("content", "Il viaggio degli oggetti");
  await expect(reader.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(reader.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http.+/);
  await expect(reader.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(reader.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`/en${publicPath}$`));
  await hydrated(reader);
  await expectAccessible(reader);
  for (const prefix of ["/en", "/fr"]) {
    await reader.goto(`${prefix}${publicPath}`);
    await hydrated(reader);
    await expectAccessible(reader);
  }
  await reader.goto("/public/stories");
  await expect(reader.getByRole("link", { name: "Il viaggio degli oggetti" })).toBeVisible();

  // Unpublishing: the public page is a 404 at once.
  await page.goto(editorPath);
  await hydrated(page);
  await page.getByRole("button", { name: "Immagini e pubblicazione" }).click();
  await panel.getByRole("tab", { name: "Gestisci" }).click();
  await panel.getByRole("button", { name: "Ritira la pubblicazione" }).click();
  await expect(panel.getByRole("button", { name: "Pubblica", exact: true })).toBeVisible();
  await expect(page.locator(".story-editor__status")).toHaveText("Pubblicazione ritirata");
  const gone = await reader.goto(publicPath);
  expect(gone?.status()).toBe(404);
  await visitor.close();

  // "Elimina la storia" opens the save drawer asking at once; declining keeps it.
  await panel.getByRole("button", { name: "Elimina la storia" }).click();
  const deleteDrawer = page.getByRole("dialog").filter({ hasText: "Confermi la cancellazione?" });
  await expect(deleteDrawer).toBeVisible();
  await deleteDrawer.getByRole("button", { name: "No, tieni" }).click();
  await expect(page.getByText("Confermi la cancellazione?")).toHaveCount(0);
});
