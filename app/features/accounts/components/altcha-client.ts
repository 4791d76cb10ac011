// The ALTCHA widget for the browser only (decision 047). `altcha/external` has no inline workers (the default
// bundle makes them from blob: URLs, which the CSP refuses); the PBKDF2 worker is its own file served from
// /assets, allowed by script-src 'self'. Its stylesheet is a file too.
import "altcha/external";
import "altcha/altcha.css";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";

globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());

/** The widget's texts from the site's own messages, under the page's language. */
export function setAltchaStrings(locale: string, strings: Record<string, string>) {
  globalThis.$altcha.i18n.set(locale, strings);
}
