import sharp from "sharp";
import { allowConsoleErrors, expect, expectAccessible, hydrated, test, signIn } from "./helpers";

/**
 * Issue 15 §1 and §5 (decision 067): /collections has a tab per kind of work (`?tab=`), links that work by
 * keyboard; the moodboards, stories and uploads tabs list the user's own with links to open them; an upload
 * is deleted after 'Confermi la cancellazione?', one still in use is refused naming where. axe in three
 * languages on the new tabs. One researcher (scripts/e2e-seed.ts) keeps this test's work.
 */
const USER = { email: "e2e-tabs@example.org", password: "E2e-password1" };

test.describe.configure({ mode: "serial" });

test("the tabs' empty states, before anything is made, and the sign-in page for visitors", async ({ page }) => {
  const visitor = await page.request.get("/collections?tab=uploads", { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  await signIn(page, USER.email);
  await page.goto("/en/collections?tab=stories");
  await expect(page.getByText("You have not written a story yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to your collections" })).toBeVisible();
  await page.goto("/fr/collections?tab=uploads");
  await expect(page.getByText("Vous n'avez encore téléversé aucune image.", { exact: false })).toBeVisible();
  await expectAccessible(page);
});

test("the workspace's tabs list moodboards, stories and uploads; an upload in use is refused, a free one deleted", async ({
  page,
  baseURL,
}) => {
  await signIn(page, USER.email);
  // Work to list: a collection, two uploads, a moodboard and a story showing the first one.
  const coll = (
    (await (
      await page.request.post("/api/auth/docs/saveDoc", {
        data: { collection: "collections", locale: "it", data: { title: "Schede per le schede" } },
      })
    ).json()) as { data: { id: string } }
  ).data.id;
  const png = (colour: string) =>
    sharp({ create: { width: 90, height: 60, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const uploaded = async (name: string, colour: string) => {
    const res = await page.request.post("/api/auth/docs/uploadFile", {
      // (a multipart post is a form post: the server checks where it comes from)
      headers: { Origin: baseURL! },
      multipart: { file: { name, mimeType: "image/png", buffer: await png(colour) }, locale: "it" },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { url: string }).url;
  };
  const inUse = await uploaded("usata.png", "#aa3300");
  await uploaded("libera.png", "#0033aa");
  const item = { id: "i1", url: inUse, title: "Usata", x: 10, y: 10, width: 200, height: 150, rotate: 0, zIndex: 0 };
  const board = await page.request.post("/api/auth/docs/saveDoc", {
    data: { collection: "moodboards", locale: "it", data: { title: "Tavola rossa", coll, items: [item] } },
  });
  expect(board.status()).toBe(201);
  const story = await page.request.post("/api/auth/docs/saveDoc", {
    data: {
      collection: "stories",
      locale: "it",
      data: { coll, title: "Racconto rosso", blocks: [{ id: "b1", type: "image", url: inUse }] },
    },
  });
  expect(story.status()).toBe(201);

  // The tabs are links: by keyboard from the first to the moodboards.
  await page.goto("/collections");
  await hydrated(page);
  const tabs = page.getByRole("navigation", { name: "Il tuo lavoro" });
  await expect(tabs.getByRole("link", { name: "Collezioni" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Moodboard" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/collections\?tab=moodboards$/);
  await expect(tabs.getByRole("link", { name: "Moodboard" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Apri la moodboard «Tavola rossa»" })).toHaveAttribute(
    "href",
    new RegExp(`/collections/${coll}/moodboards/`),
  );
  await tabs.getByRole("link", { name: "Storie" }).click();
  await expect(page.getByRole("link", { name: "Racconto rosso" })).toHaveAttribute("href", new RegExp(`/collections/${coll}/stories/`));

  // Uploads: the one in use says where; deleting it is refused with the places named.
  await tabs.getByRole("link", { name: "Caricamenti" }).click();
  await expect(page).toHaveURL(/\?tab=uploads$/);
  await expect(page.getByText("File: 2 su")).toBeVisible();
  const used = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "usata.png" }) });
  await expect(used.getByRole("link", { name: "moodboard «Tavola rossa»" })).toBeVisible();
  // (the refusal is a 409, which the browser logs)
  allowConsoleErrors(page, /status of 409 \(Conflict\) .*\/collections\.data\?tab=uploads/);
  await used.getByLabel("Elimina «usata.png»").click();
  await expect(used.getByText("Confermi la cancellazione?")).toBeVisible();
  await used.getByRole("button", { name: "Sì, elimina «usata.png»" }).click();
  await expect(used.getByRole("alert")).toHaveText(
    "Quest'immagine è ancora usata in moodboard «Tavola rossa», storia «Racconto rosso»: toglila da lì prima di eliminarla.",
  );
  await expect(page.getByRole("heading", { name: "usata.png" })).toBeVisible();

  // The free one goes: the tile leaves, the quota has room again.
  const free = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "libera.png" }) });
  await expect(free.getByText("Non usata in moodboard o storie.")).toBeVisible();
  await free.getByLabel("Elimina «libera.png»").click();
  await free.getByRole("button", { name: "Sì, elimina «libera.png»" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Immagine eliminata" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "libera.png" })).toHaveCount(0);
  await expect(page.getByText("File: 1 su")).toBeVisible();

  // axe on the new tabs, in three languages (the uploads tab with a disclosure open).
  for (const prefix of ["", "/en", "/fr"]) {
    for (const tab of ["moodboards", "stories", "uploads"]) {
      await page.goto(`${prefix}/collections?tab=${tab}`);
      if (tab === "uploads") await page.locator(".upload-tile__delete summary").first().click();
      await expectAccessible(page);
    }
  }
});
