import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/console-page-edit";
import { serviceContext } from "~/.server/context";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { isLocale, LOCALES, LOCALE_NAMES, localizePath, splitLocale, type Locale } from "~/lib/locale";
import { accountMeta } from "~/features/accounts/meta";
import { formToken } from "~/features/accounts/login.server";
import { deleteContentPage, getPageVersion, PagesError, saveContentPage } from "../pages.server";
import { PAGE_FORMATS, PageInputSchema, PageSlugSchema } from "../pages";
import consoleCss from "~/features/console/components/console.css?url";

/**
 * /console/pages/{slug}?locale=xx (issue 16 §3): one language's version of a content page — title, body
 * (markdown or HTML, sanitised on the server), SEO description, published. ADMIN. Saving and removing are
 * form posts, audited by the service.
 */

export const handle = { capability: "ADMIN", layout: "default" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleCss }];
export const meta = accountMeta("pages.admin.editTitle", "pages.admin.lead");

const notFoundPage = () => data({ code: 404, messageKey: "error.notFound" }, { status: 404 });

function target(url: URL, slugParam: string) {
  const slug = PageSlugSchema.safeParse(slugParam);
  if (!slug.success || slug.data !== slugParam) throw notFoundPage();
  const l = url.searchParams.get("locale");
  const contentLocale: Locale = isLocale(l) ? l : splitLocale(url.pathname).locale;
  return { slug: slug.data, contentLocale };
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { slug, contentLocale } = target(url, params.slug);
  try {
    const version = await getPageVersion(serviceContext(context, url), slug, contentLocale);
    const { token, setCookie } = formToken(context);
    return data(
      { csrf: token, slug, contentLocale, version: version && { ...version, updatedAt: version.updatedAt.toISOString() }, saved: url.searchParams.get("saved") === "1" },
      { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
    );
  } catch (err) {
    if (err instanceof PagesError) throw notFoundPage();
    throw err;
  }
}

type Values = { title: string; format: string; body: string; description: string; published: boolean };
type ActionResult = { errors: Record<string, MessageKey>; values: Values };

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { locale } = splitLocale(url.pathname);
  const { slug, contentLocale } = target(url, params.slug);
  const ctx = serviceContext(context, url);
  const form = await request.formData();
  const editor = `${localizePath(`/console/pages/${slug}`, locale)}?locale=${contentLocale}`;
  try {
    if (form.get("intent") === "delete") {
      if (form.get("confirm") !== "on") {
        const v = await getPageVersion(ctx, slug, contentLocale);
        const values = { title: v?.title ?? "", format: v?.format ?? "markdown", body: v?.source ?? "", description: v?.description ?? "", published: v?.published ?? false };
        return data<ActionResult>({ errors: { confirm: "pages.error.confirm" }, values }, { status: 400 });
      }
      await deleteContentPage(ctx, slug, contentLocale, { address: context.auth?.address });
      return redirect(localizePath("/console/pages", locale));
    }
    const raw = {
      slug,
      locale: contentLocale,
      title: String(form.get("title") ?? ""),
      format: String(form.get("format") ?? "markdown"),
      body: String(form.get("body") ?? ""),
      description: String(form.get("description") ?? ""),
      published: form.get("published") === "on",
    };
    const input = PageInputSchema.safeParse(raw);
    if (!input.success) {
      const errors: Record<string, MessageKey> = {};
      for (const issue of input.error.issues) {
        const field = String(issue.path[0] ?? "form");
        if (!(field in errors)) errors[field] = (issue.message.startsWith("pages.") ? issue.message : "pages.error.invalid") as MessageKey;
      }
      return data<ActionResult>({ errors, values: raw }, { status: 400 });
    }
    await saveContentPage(ctx, input.data, { address: context.auth?.address });
    return redirect(`${editor}&saved=1`);
  } catch (err) {
    if (err instanceof PagesError) throw notFoundPage();
    throw err;
  }
}

export default function ConsolePageEdit({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, slug, contentLocale, version, saved } = loaderData;
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const values: Values = result?.values ?? {
    title: version?.title ?? "",
    format: version?.format ?? "markdown",
    body: version?.source ?? "",
    description: version?.description ?? "",
    published: version?.published ?? false,
  };
  const err = (f: string) => result?.errors[f];
  const described = (f: string, hint?: string) => [err(f) ? `${f}-error` : "", hint ?? ""].filter(Boolean).join(" ") || undefined;
  const language = LOCALE_NAMES[contentLocale];
  return (
    <div className="admin-page admin-page--narrow">
      <p className="admin-back">
        <Link to={localizePath("/console/pages", locale)}>← {t("pages.admin.title")}</Link>
      </p>
      <h1>{t("pages.admin.editHeading", { slug, language })}</h1>
      <nav aria-label={t("pages.admin.languages")} className="admin-tabs">
        <ul>
          {LOCALES.map((l) => (
            <li key={l}>
              <Link to={`?locale=${l}`} aria-current={l === contentLocale ? "page" : undefined}>
                {LOCALE_NAMES[l]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {saved && !result ? (
        <p className="admin-alert admin-alert--ok" role="status">
          {t("pages.admin.saved")} <Link to={localizePath(`/${slug}`, contentLocale)}>{t("pages.admin.view")}</Link>
        </p>
      ) : null}
      {!version && !result ? <p className="admin-hint">{t("pages.admin.notWritten", { language })}</p> : null}
      {result ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {t("pages.error.form")}
        </p>
      ) : null}
      <Form method="post" className="admin-card admin-form" noValidate>
        <input type="hidden" name="csrf" value={csrf} />
        <label className="admin-field">
          <span>{t("pages.field.title")}</span>
          <input name="title" type="text" required maxLength={200} defaultValue={values.title} aria-invalid={err("title") ? true : undefined} aria-describedby={described("title")} lang={contentLocale} />
        </label>
        {err("title") ? <p id="title-error" className="admin-error">{t(err("title")!)}</p> : null}
        <fieldset className="admin-fieldset">
          <legend>{t("pages.field.format")}</legend>
          {PAGE_FORMATS.map((f) => (
            <label key={f} className="admin-check">
              <input type="radio" name="format" value={f} defaultChecked={values.format === f} /> {t(`pages.format.${f}` as MessageKey)}
            </label>
          ))}
        </fieldset>
        <label className="admin-field">
          <span>{t("pages.field.body")}</span>
          <textarea name="body" rows={16} maxLength={200000} defaultValue={values.body} aria-invalid={err("body") ? true : undefined} aria-describedby={described("body", "body-hint")} lang={contentLocale} />
        </label>
        <p id="body-hint" className="admin-hint">{t("pages.field.bodyHint")}</p>
        {err("body") ? <p id="body-error" className="admin-error">{t(err("body")!)}</p> : null}
        <label className="admin-field">
          <span>{t("pages.field.description")}</span>
          <textarea name="description" rows={3} maxLength={300} defaultValue={values.description} aria-invalid={err("description") ? true : undefined} aria-describedby={described("description", "description-hint")} lang={contentLocale} />
        </label>
        <p id="description-hint" className="admin-hint">{t("pages.field.descriptionHint")}</p>
        {err("description") ? <p id="description-error" className="admin-error">{t(err("description")!)}</p> : null}
        <label className="admin-check">
          <input type="checkbox" name="published" defaultChecked={values.published} /> {t("pages.field.published")}
        </label>
        <div className="admin-buttons">
          <button type="submit" name="intent" value="save" className="button button--primary" disabled={navigation.state === "submitting"}>
            {t("pages.admin.save")}
          </button>
        </div>
      </Form>
      {version ? (
        <Form method="post" className="admin-danger">
          <input type="hidden" name="csrf" value={csrf} />
          <h2>{t("pages.admin.deleteTitle", { language })}</h2>
          <p className="admin-hint">{t("pages.admin.deleteHint")}</p>
          <label className="admin-check">
            <input type="checkbox" name="confirm" required aria-describedby={err("confirm") ? "confirm-error" : undefined} /> {t("pages.admin.deleteConfirm")}
          </label>
          {err("confirm") ? <p id="confirm-error" className="admin-error">{t(err("confirm")!)}</p> : null}
          <button type="submit" name="intent" value="delete" className="button">
            {t("pages.admin.delete")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
