import { expect, expectAccessible, hydrated, test } from "./helpers";

/**
 * The analytics pages on the demo (issue 34 §2, decision 108; the demo turns both on and links the footprint in
 * its footer): a visitor follows the footer's link, reads the figures as tables, opens the decades' table by
 * keyboard and goes on to a decade's search; the layout's links and its close button; axe in three languages.
 */
test("a visitor reaches the footprint from the footer, opens the decades by keyboard, goes on to a decade's search and back home", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Il catalogo in cifre" }).click();
  await expect(page).toHaveURL(/\/analytics\/footprint$/);
  await expect(page.getByRole("heading", { level: 1, name: "Impronta" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Pagine di analisi" });
  await expect(nav.getByRole("link", { name: "Impronta" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("img", { name: /^Mappa di \d+ luoghi/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Nei luoghi" }).getByRole("row")).not.toHaveCount(1);
  await expect(page.getByRole("table", { name: "Per tipologia" }).getByRole("rowheader").first()).toBeVisible();

  const decades = page.getByText("Tabella dei decenni");
  await decades.focus();
  await page.keyboard.press("Enter");
  const table = page.getByRole("table", { name: "Nel tempo" });
  await expect(table).toBeVisible();
  const first = table.getByRole("rowheader").first().getByRole("link");
  const label = (await first.textContent()) ?? "";
  const [from, to] = label.split("–");
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/cerca\\?from=${from}&to=${to}$`));

  await page.goBack();
  await hydrated(page);
  await nav.getByRole("link", { name: "Accuratezza" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Accuratezza" })).toBeVisible();
  const objects = page.getByRole("table", { name: "Completezza delle schede: Oggetti" });
  await expect(objects.getByRole("rowheader", { name: /^Immagine/ })).toBeVisible();
  await page.getByRole("link", { name: "Chiudi e torna alla pagina iniziale" }).click();
  await expect(page).toHaveURL(/\/$/);
});

for (const [prefix, footprint, accuracy] of [
  ["", "Impronta", "Accuratezza"],
  ["/en", "Footprint", "Accuracy"],
  ["/fr", "Empreinte", "Exactitude"],
] as const) {
  test(`the analytics pages pass axe (${prefix || "/it"}), wide and narrow`, async ({ page }) => {
    for (const [path, heading] of [
      [`${prefix}/analytics/footprint`, footprint],
      [`${prefix}/analytics/accuracy`, accuracy],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
      await page.setViewportSize({ width: 375, height: 800 });
      // nothing wider than the phone's screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);
    }
  });
}
