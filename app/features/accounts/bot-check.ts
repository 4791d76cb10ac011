/** What a page needs to draw the bot check (decision 047): the root loader and the login and reset pages pass it on. */
export type BotCheckClient = { mode: "off" } | { mode: "altcha"; challengeUrl: string } | { mode: "recaptcha"; siteKey: string };

/** GET: a new ALTCHA challenge for the widget. */
export const ALTCHA_CHALLENGE_PATH = "/api/public/altcha";

/** Why a request's bot check failed, as the message keys say it (three languages). */
export const BOT_CHECK_MESSAGES = {
  missing: "botcheck.required",
  invalid: "botcheck.failed",
  expired: "botcheck.failed",
  replayed: "botcheck.failed",
  unavailable: "botcheck.unavailable",
} as const;

/** What the header's sign-in popup needs to offer what /login offers: the SSO button's label and the bot check. */
export type LoginOptions = { sso: string | null; botCheck: BotCheckClient };
