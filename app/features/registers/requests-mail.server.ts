import { escapeHtml, type Mail } from "~/.server/mail";
import { translate, type MessageKey } from "~/i18n";
import { LOCALE_TAGS, localizePath, type UiLocale } from "~/lib/locale";
import type { RequestEntry } from "./requests";

/**
 * The mails of reproduction requests (issue 32 §3, decision 099), plain text and HTML, through the site's one mail
 * path (app/.server/mail.ts): on a new request, one to the rights office (in Italian, the site's language) and one
 * to the requester; on the decision, one to the requester. The requester's are in the language they asked in.
 */

type Input = { site: string; origin: string; entry: RequestEntry };

const link = (origin: string, path: string, locale: UiLocale) => `${origin.replace(/\/$/, "")}${localizePath(path, locale)}`;

const when = (locale: UiLocale, iso: string) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" }).format(new Date(iso));

/** The request's facts, as label and value lines. */
function facts(locale: UiLocale, e: RequestEntry, withRequester: boolean): [string, string][] {
  const t = (k: MessageKey) => translate(locale, k);
  const rows: [string, string][] = [];
  if (withRequester) rows.push([t("requests.col.requester"), `${e.requester.name} <${e.requester.email}>`]);
  rows.push([t("requests.col.record"), [e.record.title, e.record.type, e.record.inventory].filter(Boolean).join(" · ")]);
  rows.push([t("requests.purpose"), t(`requests.purpose.${e.purpose}` as MessageKey)]);
  rows.push([t("requests.resolution"), t(`requests.resolution.${e.resolution}` as MessageKey)]);
  rows.push([t("requests.format"), t(`requests.format.${e.format}` as MessageKey)]);
  if (e.notes) rows.push([t("requests.notes"), e.notes]);
  return rows;
}

/** One mail: paragraphs, the facts, an optional button, the site's name. */
function compose(
  locale: UiLocale,
  subject: string,
  parts: { before: string[]; facts: [string, string][]; button?: { label: string; href: string }; after: string[]; site: string },
): Mail & { to: "" } {
  const text = [
    ...parts.before.flatMap((p) => [p, ""]),
    ...parts.facts.map(([k, v]) => `${k}: ${v}`),
    "",
    ...(parts.button ? [`${parts.button.label}: ${parts.button.href}`, ""] : []),
    ...parts.after.flatMap((p) => [p, ""]),
    `— ${parts.site}`,
  ].join("\n");
  const p = (s: string) => `<p>${escapeHtml(s).replace(/\n/g, "<br>")}</p>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1f1f;max-width:36rem">
${parts.before.map(p).join("\n")}
<table style="border-collapse:collapse;margin:1em 0">${parts.facts
    .map(
      ([k, v]) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:.2em 1em .2em 0">${escapeHtml(k)}</th><td style="padding:.2em 0">${escapeHtml(v).replace(/\n/g, "<br>")}</td></tr>`,
    )
    .join("")}</table>
${
  parts.button
    ? `<p><a href="${escapeHtml(parts.button.href)}" style="display:inline-block;padding:.6em 1em;background:#8a2f1d;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(parts.button.label)}</a></p>
<p style="word-break:break-all;font-size:.9em">${escapeHtml(parts.button.href)}</p>`
    : ""
}
${parts.after.map(p).join("\n")}
<p>— ${escapeHtml(parts.site)}</p>
</body></html>
`;
  return { to: "", subject, text, html };
}

/** To the rights office: a new request, in Italian (the site's language), with the register's address. */
export function officeMail(input: Input) {
  const locale: UiLocale = "it";
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(locale, k, p);
  return compose(locale, t("requests.mail.office.subject", { title: input.entry.record.title }), {
    before: [t("requests.mail.office.body", { name: input.entry.requester.name, site: input.site })],
    facts: facts(locale, input.entry, true),
    button: { label: t("requests.mail.office.button"), href: link(input.origin, "/requests", locale) },
    after: [],
    site: input.site,
  });
}

/** To the requester: their request received, in their language. */
export function receivedMail(locale: UiLocale, input: Input) {
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(locale, k, p);
  return compose(locale, t("requests.mail.received.subject", { title: input.entry.record.title }), {
    before: [t("requests.mail.greeting"), t("requests.mail.received.body", { site: input.site })],
    facts: facts(locale, input.entry, false),
    button: { label: t("requests.mail.mine"), href: link(input.origin, "/account/requests", locale) },
    after: [],
    site: input.site,
  });
}

/** To the requester: approved (with the link and its date) or not approved (with the reason), in their language. */
export function decisionMail(locale: UiLocale, input: Input & { token?: string }) {
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(locale, k, p);
  const e = input.entry;
  if (e.status === "not_approved")
    return compose(locale, t("requests.mail.refused.subject", { title: e.record.title }), {
      before: [t("requests.mail.greeting"), t("requests.mail.refused.body"), `${t("requests.reason")}: ${e.reason ?? ""}`],
      facts: facts(locale, e, false),
      button: { label: t("requests.mail.mine"), href: link(input.origin, "/account/requests", locale) },
      after: [t("requests.mail.refused.again")],
      site: input.site,
    });
  return compose(locale, t("requests.mail.approved.subject", { title: e.record.title }), {
    before: [
      t("requests.mail.greeting"),
      t(e.watermarked ? "requests.mail.approved.bodyWatermarked" : "requests.mail.approved.body"),
      t("requests.mail.approved.expiry", { date: when(locale, e.expiresAt!) }),
    ],
    facts: facts(locale, e, false),
    button: { label: t("requests.mail.approved.button"), href: link(input.origin, `/richieste/scarica/${input.token}`, locale) },
    after: [t("requests.mail.approved.signIn")],
    site: input.site,
  });
}
