import { data, Form, Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/console-pages";
import { serviceContext } from "~/.server/context";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { LOCALES, LOCALE_NAMES, LOCALE_TAGS, localizePath, splitLocale } from "~/lib/locale";
import { accountMeta } from "~/features/accounts";
import { formToken } from "~/features/accounts/index.server";
import { listContentPages, pageExists } from "../pages.server";
import { PageSlugSchema } from "../pages";
import consoleCss from "~/styles/console.css?url";

/** /console/pages (issue 16 §3): every content page with its languages, and a new page's address. ADMIN. */

export const handle = { capability: "ADMIN", layout: "default" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleCss }];
export const meta = accountMeta("pages.admin.title", "pages.admin.lead");

export async function loader({ context, url }: Route.LoaderArgs) {
  const { locale } = splitLocale(url.pathname);
  const pages = await listContentPages(serviceContext(context, url));
  const { token, setCookie } = formToken(context);
  const fmt = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short" });
  return data(
    {
      csrf: token,
      pages: pages.map((p) => ({
        ...p,
        versions: p.versions.map((v) => ({ ...v, updatedAt: { iso: v.updatedAt.toISOString(), text: fmt.format(v.updatedAt) } })),
      })),
    },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

/** A new page: its slug checked (format, the app's routes, taken), then the page itself in edit mode (decision 076). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const { ui } = splitLocale(url.pathname);
  const form = await request.formData();
  const slug = PageSlugSchema.safeParse(String(form.get("slug") ?? ""));
  if (!slug.success)
    return data({ error: slug.error.issues[0]!.message as MessageKey, value: String(form.get("slug") ?? "") }, { status: 400 });
  if (await pageExists(serviceContext(context, url), slug.data))
    return data({ error: "pages.error.slugTaken" as MessageKey, value: slug.data }, { status: 409 });
  return redirect(`${localizePath(`/${slug.data}`, ui)}?new=1`);
}

export default function ConsolePages({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { pages, csrf } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <div className="admin-page">
      <p className="admin-back">
        <Link to={localizePath("/console", locale)}>← {t("console.title")}</Link>
      </p>
      <h1>{t("pages.admin.title")}</h1>
      <p className="admin-page__lead">{t("pages.admin.lead")}</p>
      <Form method="post" className="admin-card admin-inline" noValidate>
        <input type="hidden" name="csrf" value={csrf} />
        <label className="admin-field">
          <span>{t("pages.admin.newSlug")}</span>
          <input
            type="text"
            name="slug"
            required
            maxLength={80}
            defaultValue={result?.value ?? ""}
            aria-invalid={result?.error ? true : undefined}
            aria-describedby={result?.error ? "slug-error slug-hint" : "slug-hint"}
          />
        </label>
        <button type="submit" className="button button--primary">
          {t("pages.admin.create")}
        </button>
        <p id="slug-hint" className="admin-hint">
          {t("pages.admin.slugHint")}
        </p>
        {result?.error ? (
          <p id="slug-error" className="admin-alert admin-alert--error" role="alert">
            {t(result.error)}
          </p>
        ) : null}
      </Form>
      {pages.length === 0 ? (
        <p>{t("pages.admin.empty")}</p>
      ) : (
        <div className="admin-table">
          <table className="stack-table">
            <thead>
              <tr>
                <th scope="col">{t("pages.admin.address")}</th>
                {LOCALES.map((l) => (
                  <th key={l} scope="col">
                    {LOCALE_NAMES[l]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.slug}>
                  <th scope="row">
                    <code>/{p.slug}</code>
                  </th>
                  {LOCALES.map((l) => {
                    const v = p.versions.find((x) => x.locale === l);
                    return (
                      <td key={l} data-label={LOCALE_NAMES[l]}>
                        <Link
                          to={`${localizePath(`/console/pages/${p.slug}`, locale)}?locale=${l}`}
                          aria-label={t("pages.admin.editIn", { slug: p.slug, language: LOCALE_NAMES[l] })}
                        >
                          {v ? v.title : t("pages.admin.write")}
                        </Link>
                        {v ? (
                          <div>
                            <span className={`badge badge--${v.published ? "complete" : "running"}`}>
                              {v.published ? t("pages.published") : t("pages.draft")}
                            </span>{" "}
                            <Link to={localizePath(`/${p.slug}`, l)} className="admin-hint">
                              {t("pages.admin.view")}
                            </Link>
                          </div>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
