import { expect, expectAccessible, test } from "./helpers";

/** Addresses (issue 12): one canonical record address per language, old forms redirect; the cookie policy exists. */

// (A record's other addresses redirect permanently to its link in the page's language; slugs are cut between
// words: tests/integration/e2e-moved-pages.test.ts.)

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
