import type { Page } from "@playwright/test";
import { E2E_PASSWORD, expect, expectAccessible, hydrated, test } from "./helpers";

/**
 * Issue 34 §4 widgets: the content carousel of the demo's home page (decision 118: advances every 7 s, wraps,
 * a manual move restarts the wait, pauses on hover, on focus, on its button and for reduced motion; arrow keys,
 * previous/next) with a fake clock; the footer's logout link (decision 117).
 */
const L = {
  it: {
    prefix: "",
    section: "In evidenza",
    slide: (n: number) => `${n} di 8`,
    next: "Successiva",
    prev: "Precedente",
    pause: "Ferma lo scorrimento automatico",
    play: "Avvia lo scorrimento automatico",
    logout: "Esci",
    login: "Accedi",
  },
  en: {
    prefix: "/en",
    section: "Highlights",
    slide: (n: number) => `${n} of 8`,
    next: "Next",
    prev: "Previous",
    pause: "Stop automatic rotation",
    play: "Start automatic rotation",
    logout: "Sign out",
    login: "Sign in",
  },
  fr: {
    prefix: "/fr",
    section: "À la une",
    slide: (n: number) => `${n} sur 8`,
    next: "Suivante",
    prev: "Précédente",
    pause: "Arrêter le défilement automatique",
    play: "Lancer le défilement automatique",
    logout: "Se déconnecter",
    login: "Se connecter",
  },
} as const;

const carousel = (page: Page, l: (typeof L)[keyof typeof L]) => page.getByRole("group", { name: l.section });
const selected = (page: Page) => page.locator(".carousel__slide--selected");

/** Moves the pointer and the focus off the carousel (both pause it). */
async function leave(page: Page) {
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test("the home carousel turns every 7 s, wraps, restarts on a manual move and pauses on hover and focus", async ({ page }) => {
  const l = L.it;
  await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  const c = carousel(page, l);
  await expect(c).toHaveAttribute("aria-roledescription", "carosello");
  await expect(c.getByRole("button", { name: l.pause })).toBeVisible();
  // An installed clock runs at the wall's pace until paused: on a loaded machine the seconds spent loading and
  // hydrating could turn the carousel before the first look. From here it moves only by runFor; the carousel is
  // brought back to its first slide by hand, and pointer and focus leaving start a whole wait.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const at = Number(/^\d+/.exec((await selected(page).getAttribute("aria-label")) ?? "")?.[0] ?? 1);
  if (at === 1) await c.getByRole("button", { name: l.next }).click();
  for (let i = 0; i < Math.max(at - 1, 1); i++) await c.getByRole("button", { name: l.prev }).click();
  await leave(page);
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(1));
  await page.clock.runFor(6900);
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(1));
  await page.clock.runFor(200);
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(2));

  // next by the button; once pointer and focus leave, a whole wait again
  await c.getByRole("button", { name: l.next }).click();
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(3));
  await page.clock.runFor(20_000); // the pointer is over it and the focus in it: it waits
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(3));
  await leave(page);
  await page.clock.runFor(6900);
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(3));
  await page.clock.runFor(200);
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(4));

  // arrow keys from within; previous from the first wraps to the last
  await c.getByRole("button", { name: l.prev }).focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(1));
  await page.keyboard.press("ArrowLeft");
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(8));
  await page.keyboard.press("ArrowRight");
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(1));

  // the pause button stops it for good; its changes are then announced
  await c.getByRole("button", { name: l.pause }).click();
  await expect(c.getByRole("button", { name: l.play })).toBeVisible();
  await expect(page.locator(".carousel__container")).toHaveAttribute("aria-live", "polite");
  await leave(page);
  await page.clock.runFor(30_000);
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(1));
  await c.getByRole("button", { name: l.play }).click();
  await leave(page);
  await page.clock.runFor(7100);
  await expect(selected(page)).toHaveAttribute("aria-label", l.slide(2));
});

test("with reduced motion the carousel does not turn by itself", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await page.goto("/en");
  await hydrated(page);
  const c = carousel(page, L.en);
  await expect(c.getByRole("button", { name: L.en.play })).toBeVisible();
  await leave(page);
  await page.clock.runFor(30_000);
  await expect(selected(page)).toHaveAttribute("aria-label", L.en.slide(1));
  await c.getByRole("button", { name: L.en.next }).click();
  await expect(selected(page)).toHaveAttribute("aria-label", L.en.slide(2));
});

for (const [lang, l] of Object.entries(L)) {
  test(`the footer's logout link signs out (${lang}); the home with its carousel is accessible`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${l.prefix}/`);
    await expect(page.locator(".site-footer").getByRole("link", { name: l.logout })).toHaveCount(0);
    const res = await page.request.post("/api/public/login", { data: { email: "e2e-ricercatore@example.org", password: E2E_PASSWORD } });
    expect(res.status()).toBe(200);
    await page.goto(`${l.prefix}/`);
    await hydrated(page);
    await expect(carousel(page, l)).toBeVisible();
    await expectAccessible(page);
    const link = page.locator(".site-footer").getByRole("link", { name: l.logout });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/?$`));
    await expect(page.locator(".site-footer").getByRole("link", { name: l.logout })).toHaveCount(0);
    expect((await page.request.get("/api/auth/profile")).status()).not.toBe(200);
  });
}
