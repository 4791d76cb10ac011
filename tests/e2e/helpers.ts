import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type BrowserContext, type Cookie, expect, type Page, test as base } from "@playwright/test";

/** Console errors a page may legitimately log (blocked third-party embeds, no network here). */
const ALLOWED_CONSOLE = [/youtube|vimeo|ytimg|googlevideo/i];

/** Console errors one page is allowed to log, registered by the test itself (see allowConsoleErrors). */
const pageAllowances = new WeakMap<Page, RegExp[]>();

/**
 * Lets one page log console errors matching these patterns, e.g. the failed
 * load of a page that is expected to answer 400, or an unreachable tile server.
 * Register before the navigation that logs them.
 */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]) {
  pageAllowances.set(page, [...(pageAllowances.get(page) ?? []), ...patterns]);
}

/** Every test fails on a console error it did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const where = msg.location()?.url ?? "";
        const text = `${msg.text()} ${where}`;
        // 404 pages are expected to log their own failed document load.
        if (/status of 404/.test(text)) return;
        if ((pageAllowances.get(page) ?? []).some((re) => re.test(text))) return;
        if (!ALLOWED_CONSOLE.some((re) => re.test(text))) errors.push(text);
      });
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Runs axe-core with the WCAG 2.2 AA rules and fails on any violation.
 *
 * Colour contrast (axe's slowest rule: half of a run) is checked on the Italian pages, the catalogue's default
 * language, and not again on the same page in English or French: colours and backgrounds come from the same
 * stylesheet in every language, while what a language changes (names, labels, `lang`, headings, ARIA) is
 * checked in each (issue 30 §5: locale loops where the locale changes behaviour). Only violations are
 * collected: axe then skips building a selector for every node that passes.
 */
export async function expectAccessible(page: Page) {
  const otherLanguage = /^\/(en|fr|de)(\/|$)/.test(new URL(page.url()).pathname);
  // (options first: AxeBuilder#options replaces what withTags and disableRules set)
  let axe = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .exclude("iframe");
  if (otherLanguage) axe = axe.disableRules(["color-contrast"]);
  const results = await axe.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Waits until React has hydrated the page (interactive controls work). */
export async function hydrated(page: Page) {
  // (React Router's route modules are there before hydration, which waits for the page's messages: the
  // root's first effect says when React has hydrated, app/root.tsx)
  await page.waitForFunction(() => (window as unknown as { __tecaHydrated?: boolean }).__tecaHydrated === true);
  // (the page's own resources loaded; not "networkidle", which waits half a second of silence after them)
  await page.waitForLoadState("load");
}

/**
 * Holds the page's scripts back, as on a slow connection, until the returned function is called: what a
 * visitor does before hydration can then be tested.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The search page's result count (the search bar's live status, not the network one). */
export const countStatus = (page: Page) => page.locator(".search__bar").getByRole("status");

/** The number the search page's result count starts with. */
export async function resultCount(page: Page): Promise<number> {
  const text = (await countStatus(page).innerText()).trim();
  const m = /^[\d\s.,\u00a0\u202f]+/.exec(text);
  expect(m, `a number in the result count "${text}"`).not.toBeNull();
  return Number(m![0].replace(/\D/g, ""));
}

/** The password every account of the e2e server has (scripts/e2e-seed.ts). */
export const E2E_PASSWORD = "E2e-password1";

/** The cookies a sign-in set, per account, kept for this worker's later tests (see signIn). */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs the page's browser context in (its cookie is then sent by page and request). Once per account and
 * worker through the login API (a password check costs a moment); later tests of the worker get the same
 * session's cookies, checked with one profile request, and sign in again if it has ended (signed out, expired).
 * A test about signing in, or that ends its sessions (a password change), signs in on its own.
 */
export async function signIn(
  page: Page | { context(): BrowserContext; request: APIRequestContext },
  email: string,
  password = E2E_PASSWORD,
) {
  const key = `${email.toLowerCase()}\n${password}`;
  const known = sessions.get(key);
  if (known) {
    await page.context().addCookies(known);
    if ((await page.request.get("/api/auth/profile")).status() === 200) return;
    sessions.delete(key);
    for (const c of known) await page.context().clearCookies({ name: c.name });
  }
  const res = await page.request.post("/api/public/login", { data: { email, password } });
  expect(res.status()).toBe(200);
  // the session's own cookies (the form token included), not what the test had set before (its language…)
  const names = new Set(
    res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value.split("=")[0]!.trim())
      .filter((name) => /session|csrf/.test(name)),
  );
  sessions.set(
    key,
    (await page.context().cookies()).filter((c) => names.has(c.name)),
  );
}
