import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { useI18n } from "~/i18n/context";
import { LOCALE_TAGS } from "~/lib/locale";
import type { MessageKey } from "~/i18n";
import { LINK_DAYS, SHARE_ROLES, type SharesView } from "../shares";

type Result =
  | {
      ok: true;
      notice: MessageKey;
      params: Record<string, string | number>;
      focus: string | null;
      link?: { url: string; expiresAt: string };
    }
  | { ok: false; error: MessageKey; params: Record<string, string | number>; field?: "share" | "link" }
  | null;

/**
 * The owner's sharing section of a collection page (decision 061): people by e-mail address as readers or
 * editors, and (SHARE_EXTERNAL) expiring secret links; each revoked at once. Plain form posts: it works
 * without JavaScript. A new link is shown this once (only its hash is kept).
 */
export function SharePanel({ shares, csrf, busy, result }: { shares: SharesView; csrf: string; busy: boolean; result: Result }) {
  const { t, locale } = useI18n();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    }).format(new Date(iso));
  const error = result && !result.ok && result.field ? result : null;
  const made = result?.ok && result.link ? result.link : null;
  const linkRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (made) linkRef.current?.select();
    setCopied(false);
  }, [made]);
  const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;
  const roleLabel = (r: string) => t(r === "editor" ? "workspace.share.roleEditor" : "workspace.share.roleReader");
  return (
    <section className="share-panel" aria-labelledby="share-heading">
      <h2 id="share-heading">{t("workspace.share.title")}</h2>
      <p className="share-panel__intro">{t("workspace.share.intro")}</p>
      {error?.field === "share" ? (
        <p className="form-error" role="alert" id="share-error">
          {t(error.error, error.params)}
        </p>
      ) : null}
      <Form method="post" className="share-panel__form" preventScrollReset>
        {hidden("csrf", csrf)}
        {hidden("intent", "share")}
        <p className="login-form__field">
          <label htmlFor="share-email">{t("workspace.share.email")}</label>
          <input
            id="share-email"
            name="email"
            type="email"
            required
            maxLength={320}
            autoComplete="off"
            aria-invalid={error?.field === "share" ? true : undefined}
            aria-describedby={error?.field === "share" ? "share-error share-email-help" : "share-email-help"}
            key={result?.ok && result.focus === "share" ? "done" : "form"}
          />
          <span className="share-panel__help" id="share-email-help">
            {t("workspace.share.emailHelp")}
          </span>
        </p>
        <p className="login-form__field">
          <label htmlFor="share-role">{t("workspace.share.role")}</label>
          <select id="share-role" name="role" defaultValue="reader">
            {SHARE_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className="button button--primary" disabled={busy} data-focus="share">
          {t("workspace.share.submit")}
        </button>
      </Form>
      {shares.people.length === 0 ? (
        <p className="share-panel__empty">{t("workspace.share.nobody")}</p>
      ) : (
        <ul className="share-panel__list" aria-label={t("workspace.share.people")}>
          {shares.people.map((p) => (
            <li key={p.email}>
              <span className="share-panel__who">{p.email}</span> <span className="share-panel__role">{roleLabel(p.role)}</span>
              <Form method="post" preventScrollReset className="share-panel__revoke">
                {hidden("csrf", csrf)}
                {hidden("intent", "unshare")}
                {hidden("email", p.email)}
                <button
                  type="submit"
                  className="button button--ghost button--small"
                  disabled={busy}
                  aria-label={t("workspace.share.unshare", { email: p.email })}
                >
                  {t("workspace.share.revoke")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      {shares.canLink ? (
        <div className="share-panel__links">
          <h3 id="share-links-heading">{t("workspace.share.linksTitle")}</h3>
          <p className="share-panel__intro">{t("workspace.share.linksIntro")}</p>
          {error?.field === "link" ? (
            <p className="form-error" role="alert">
              {t(error.error, error.params)}
            </p>
          ) : null}
          {made ? (
            <div className="share-panel__made">
              <label htmlFor="share-link-url">{t("workspace.share.linkUrl", { date: date(made.expiresAt) })}</label>
              <input
                id="share-link-url"
                ref={linkRef}
                readOnly
                value={made.url}
                data-focus="link-url"
                onFocus={(e) => e.currentTarget.select()}
              />
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  void navigator.clipboard?.writeText(made.url).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  );
                }}
              >
                {t("workspace.share.copy")}
              </button>
              <span role="status" className="share-panel__copied">
                {copied ? t("workspace.share.copied") : ""}
              </span>
            </div>
          ) : null}
          <Form method="post" className="share-panel__form" preventScrollReset>
            {hidden("csrf", csrf)}
            {hidden("intent", "link")}
            <p className="login-form__field">
              <label htmlFor="share-days">{t("workspace.share.expires")}</label>
              <select id="share-days" name="days" defaultValue="7">
                {LINK_DAYS.map((d) => (
                  <option key={d} value={d}>
                    {t("workspace.share.days", { count: d })}
                  </option>
                ))}
              </select>
            </p>
            <button type="submit" className="button" disabled={busy}>
              {t("workspace.share.makeLink")}
            </button>
          </Form>
          {shares.links.length === 0 ? (
            <p className="share-panel__empty">{t("workspace.share.noLinks")}</p>
          ) : (
            <ul className="share-panel__list" aria-labelledby="share-links-heading">
              {shares.links.map((l) => (
                <li key={l.id}>
                  <span>{t("workspace.share.linkLine", { created: date(l.createdAt), expires: date(l.expiresAt) })}</span>
                  <Form method="post" preventScrollReset className="share-panel__revoke">
                    {hidden("csrf", csrf)}
                    {hidden("intent", "revoke")}
                    {hidden("link", l.id)}
                    <button
                      type="submit"
                      className="button button--ghost button--small"
                      disabled={busy}
                      aria-label={t("workspace.share.revokeLink", { date: date(l.expiresAt) })}
                      data-focus="link"
                    >
                      {t("workspace.share.revoke")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
