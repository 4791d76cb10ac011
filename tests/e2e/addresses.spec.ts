import { expect, expectAccessible, test } from "./helpers";

/** Addresses (issue 12): one canonical record address per language, old forms redirect; the cookie policy exists. */

test("a record's other addresses redirect permanently to its link in the page's language", async ({ page, request }) => {
  for (const [from, to] of [
    ["/oggetti/1", "/oggetti/1/fotografia-dello-stabilimento-di-sesto-san-giovanni"],
    ["/fr/oggetti/1/fotografia-dello-stabilimento-di-sesto-san-giovanni", "/fr/oggetti/1/photographie-de-l-usine-de-sesto-san-giovanni"],
    ["/en/oggetti/1/fotografia-dello-stabil", "/en/oggetti/1/photograph-of-the-sesto-san-giovanni-works"],
  ] as const) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(new URL(res.headers().location!, "http://x").pathname, from).toBe(to);
  }
  await page.goto("/fr/oggetti/1");
  await expect(page).toHaveURL(/\/fr\/oggetti\/1\/photographie-de-l-usine-de-sesto-san-giovanni$/);
});

test("slugs are cut between words", async ({ page }) => {
  await page.goto("/cerca?q=lettera&view=auitable");
  const hrefs = await page.locator(".results-table th a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const h of hrefs) {
    const slug = h.split("/")[3] ?? "";
    expect(slug.length, h).toBeLessThanOrEqual(60);
  }
});

for (const [prefix, title] of [
  ["", "Informativa sui cookie"],
  ["/en", "Cookie policy"],
  ["/fr", "Politique relative aux cookies"],
] as const) {
  test(`the footer's cookie policy exists${prefix ? ` in ${prefix}` : " in Italian"}`, async ({ page }) => {
    await page.goto(prefix || "/");
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: /cookie/i })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/public/cookie-policy$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("table").getByText("teca_locale")).toBeVisible();
    await expectAccessible(page);
  });
}
