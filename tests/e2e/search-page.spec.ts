import { countStatus, expect, expectAccessible, hydrated, resultCount, test } from "./helpers";

/**
 * The search page's finish (issue 12): the suggestion list closes when it
 * should, an empty result offers ways out, the page describes itself to
 * search engines, and the relevance dots are gone.
 */

test.describe.configure({ mode: "parallel" });

test("the title suggestions close on submit, on Escape and on a click outside, and stay closed", async ({ page }) => {
  await page.goto("/cerca");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Cerca", exact: true });
  const list = page.getByRole("listbox");
  await box.fill("ritr");
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");

  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue("ritr");
  await box.press("ArrowDown");
  await expect(list).toBeVisible();

  await page.mouse.click(5, 700);
  await expect(list).toBeHidden();

  // Typing then submitting at once: the answer to the pending request must not reopen the list.
  await box.fill("ritra");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/cerca\?q=ritra$/);
  await expect(countStatus(page)).toContainText("ritra");
  await page.waitForTimeout(700);
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expectAccessible(page);
});

test("the home page's search box offers the same title suggestions, by keyboard as on the search page (issue 31)", async ({ page }) => {
  await page.goto("/fr");
  await hydrated(page);
  const box = page.locator(".hero__search").getByRole("combobox", { name: "Rechercher", exact: true });
  const list = page.getByRole("listbox", { name: "Titres suggérés" });
  await box.fill("ritr");
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await box.press("Escape");
  await expect(list).toBeHidden();
  await box.press("ArrowDown");
  await expect(list).toBeVisible();
  await box.press("ArrowDown");
  const first = list.getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  const title = (await first.innerText()).trim();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/fr\/cerca\?q=/);
  expect(new URL(page.url()).searchParams.get("q")).toBe(title);
  await hydrated(page);
  await expect(page.getByRole("combobox", { name: "Rechercher", exact: true })).toHaveValue(title);
});

test("an empty result keeps the words and offers each filter as a one-click removal, with what it finds", async ({ page }) => {
  const res = await page.goto("/cerca?q=ritratto&filtro=type:101&from=1700&to=1750");
  expect(res?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: "Nessun risultato per «ritratto»" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Cerca", exact: true })).toHaveValue("ritratto");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  const way = page.getByRole("link", { name: /^Senza il filtro «1700 – 1750» \d+ risultati$/ });
  await expect(way).toBeVisible();
  const promised = Number(/(\d+) risultati$/.exec((await way.innerText()).trim())![1]);
  await expect(page.getByRole("link", { name: "Sfoglia tutto l'archivio", exact: true })).toBeVisible();
  await expectAccessible(page);
  await way.click();
  await expect(page).toHaveURL(/\/cerca\?q=ritratto&filtro=type%3A101$/);
  // (the address changes before the new results are drawn)
  await expect.poll(() => resultCount(page)).toBe(promised);
});

test("a misspelt search with nothing found offers the correction and the filters to remove, in French", async ({ page }) => {
  await page.goto("/fr/cerca?q=ritrato&media=senza_media&from=1700&to=1750");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 2, name: /^Aucun résultat pour «\s+ritrato\s+»$/ })).toBeVisible();
  const empty = page.locator(".empty-state");
  await expect(empty.getByRole("link", { name: "ritratto", exact: true })).toBeVisible();
  await expect(empty.getByRole("link", { name: /^Sans le filtre «\s+1700 – 1750\s+» \d+ résultats?$/ })).toBeVisible();
  await expect(page.getByText("Vérifiez l'orthographe des mots.")).toBeVisible();
  await expectAccessible(page);
  await empty.getByRole("link", { name: "ritratto", exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/cerca\?q=ritratto&from=1700&to=1750&media=senza_media$/);
});

// (The search page's title, description and canonical address; no relevance dots: tests/integration/e2e-moved-pages.test.ts.)
