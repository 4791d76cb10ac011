import { Link } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";

/** The error page (spec §2): 'Error {code}', the message and a back-to-home button. */
export function ErrorPage({ code, message }: { code: number; message?: string }) {
  const { t, locale } = useI18n();
  const text =
    message ??
    (code === 404 ? t("error.notFound") : code === 400 ? t("error.badRequest") : code === 403 ? t("error.forbidden") : t("error.generic"));
  return (
    <section className="error-page" data-error-page={code}>
      <title>{`${t("error.title", { code })} · ${text}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t("error.title", { code })}</h1>
      <p>{text}</p>
      {code >= 500 && (
        // The server writes the request's id in (server/http-cache.ts): the line the log holds for it.
        <p className="error-page__ref">
          {t("error.reference")} <code data-request-id="" suppressHydrationWarning />
        </p>
      )}
      {/* A full page load out of an error: the next page starts from a clean document. */}
      <Link className="button button--primary" to={localizePath("/", locale)} reloadDocument>
        {t("error.backHome")}
      </Link>
    </section>
  );
}
