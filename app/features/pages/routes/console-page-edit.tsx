import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/console-page-edit";
import { serviceContext } from "~/.server/context";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { isLocale, LOCALES, LOCALE_NAMES, LOCALE_TAGS, localizePath, splitLocale, type Locale } from "~/lib/locale";
import { accountMeta } from "~/features/accounts";
import { formToken } from "~/features/accounts/index.server";
import {
  deleteContentPage,
  getPageVersion,
  PageConflictError,
  pageHistory,
  pageRevision,
  restorePageRevision,
  saveContentPage,
  type PageConflict,
} from "../pages.server";
import { PAGE_FORMATS, PageInputSchema, PageSlugSchema, pageTextOf } from "../pages";
import { ChangesView, TextBlock } from "~/components/RevisionParts";
import { afterRestore, BACK_PARAM, historyBack } from "~/lib/history-back";
import consoleCss from "~/styles/console.css?url";
import { settingsCssUrl as settingsCss } from "~/features/settings";

/**
 * /console/pages/{slug}?locale=xx (issue 16 §3): one language's version of a content page — title, body
 * (markdown or HTML, sanitised on the server), SEO description, published. ADMIN. Saving and removing are
 * form posts, audited by the service. Every save is a revision (decision 075): `&history=1` lists them with
 * their differences and restores any; a save or removal started from an older version answers 409 with both
 * texts, the form keeping the admin's. A history opened from the admin bar carries the page being edited
 * (`&back=`): its back link and a restore return there (issue 31 §4).
 */

export const handle = { capability: "ADMIN", layout: "default" };
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: consoleCss },
  { rel: "stylesheet", href: settingsCss },
];
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
  const ctx = serviceContext(context, url);
  const version = await getPageVersion(ctx, slug, contentLocale);
  const revision = await pageRevision(ctx, slug, contentLocale);
  const found = url.searchParams.get("history") === "1" ? await pageHistory(ctx, slug, contentLocale) : null;
  // the page shows the changes field by field (issue 31 §4), not the lines
  const history = found && { total: found.total, entries: found.entries.map(({ diff: _, ...e }) => e) };
  const { token, setCookie } = formToken(context);
  const done = url.searchParams.get("saved") === "1" ? "saved" : url.searchParams.get("restored") === "1" ? "restored" : null;
  return data(
    {
      csrf: token,
      slug,
      contentLocale,
      version: version && { ...version, updatedAt: version.updatedAt.toISOString() },
      revision,
      history,
      back: history ? historyBack(url.searchParams.get(BACK_PARAM)) : null,
      done,
    },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

type Values = { title: string; format: string; body: string; description: string; published: boolean };
type ActionResult = { errors: Record<string, MessageKey>; values: Values; version?: number; conflict?: PageConflict; intent?: string };

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { locale } = splitLocale(url.pathname);
  const { slug, contentLocale } = target(url, params.slug);
  const ctx = serviceContext(context, url);
  const form = await request.formData();
  const editor = `${localizePath(`/console/pages/${slug}`, locale)}?locale=${contentLocale}`;
  const expectedVersion = Number(form.get("version"));
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0) throw data({ code: 400, messageKey: "error.badRequest" }, { status: 400 });
  const intent = String(form.get("intent") ?? "save");
  const stored = async (): Promise<Values> => {
    const v = await getPageVersion(ctx, slug, contentLocale);
    return {
      title: v?.title ?? "",
      format: v?.format ?? "markdown",
      body: v?.source ?? "",
      description: v?.description ?? "",
      published: v?.published ?? false,
    };
  };
  try {
    if (intent === "restore") {
      const version = Number(form.get("restore"));
      if (!Number.isInteger(version) || version < 1) throw data({ code: 400, messageKey: "error.badRequest" }, { status: 400 });
      await restorePageRevision(ctx, { slug, locale: contentLocale, version, expectedVersion }, { address: context.auth?.address });
      const page = historyBack(String(form.get(BACK_PARAM) ?? ""));
      return redirect(page ? afterRestore(page) : `${editor}&history=1&restored=1`);
    }
    if (intent === "delete") {
      if (form.get("confirm") !== "on")
        return data<ActionResult>(
          { errors: { confirm: "pages.error.confirm" }, values: await stored(), version: expectedVersion },
          { status: 400 },
        );
      await deleteContentPage(ctx, slug, contentLocale, { address: context.auth?.address, expectedVersion });
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
      return data<ActionResult>({ errors, values: raw, version: expectedVersion }, { status: 400 });
    }
    await saveContentPage(ctx, input.data, { address: context.auth?.address, expectedVersion });
    return redirect(`${editor}&saved=1`);
  } catch (err) {
    if (err instanceof PageConflictError) {
      // Stale: the admin's text stays in the form (for a save), the current one is shown beside it.
      const mine: Values =
        intent === "save"
          ? {
              title: String(form.get("title") ?? ""),
              format: String(form.get("format") ?? "markdown"),
              body: String(form.get("body") ?? ""),
              description: String(form.get("description") ?? ""),
              published: form.get("published") === "on",
            }
          : await stored();
      return data<ActionResult>(
        { errors: {}, values: mine, version: err.conflict.version, conflict: err.conflict, intent },
        { status: 409 },
      );
    }
    throw err;
  }
}

export default function ConsolePageEdit({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, slug, contentLocale, version, revision, history, back, done } = loaderData;
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const formVersion = result?.version ?? revision.version;
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
  const formatDate = useFormatDate();
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
      {history ? (
        <PageHistory
          csrf={csrf}
          slug={slug}
          contentLocale={contentLocale}
          history={history}
          back={back}
          current={revision.version}
          restored={done === "restored"}
          result={result}
        />
      ) : (
        <>
          {done === "saved" && !result ? (
            <p className="admin-alert admin-alert--ok" role="status">
              {t("pages.admin.saved")} <Link to={localizePath(`/${slug}`, contentLocale)}>{t("pages.admin.view")}</Link>
            </p>
          ) : null}
          {!version && !result ? <p className="admin-hint">{t("pages.admin.notWritten", { language })}</p> : null}
          {revision.version ? (
            <p className="admin-hint">
              {t("pages.history.lastSaved", {
                version: revision.version,
                author: revision.author ?? t("settings.system"),
                date: revision.at ? formatDate(revision.at) : "—",
              })}{" "}
              <Link to={`?locale=${contentLocale}&history=1`}>{t("pages.history.open")}</Link>
            </p>
          ) : null}
          {result?.conflict ? (
            <PageConflictPanel conflict={result.conflict} mine={result.intent === "save" ? result.values : null} />
          ) : result ? (
            <p className="admin-alert admin-alert--error" role="alert">
              {t("pages.error.form")}
            </p>
          ) : null}
          <Form method="post" className="admin-card admin-form" noValidate>
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="version" value={formVersion} />
            <label className="admin-field">
              <span>{t("pages.field.title")}</span>
              <input
                name="title"
                type="text"
                required
                maxLength={200}
                defaultValue={values.title}
                aria-invalid={err("title") ? true : undefined}
                aria-describedby={described("title")}
                lang={contentLocale}
              />
            </label>
            {err("title") ? (
              <p id="title-error" className="admin-error">
                {t(err("title")!)}
              </p>
            ) : null}
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
              <textarea
                name="body"
                rows={16}
                maxLength={200000}
                defaultValue={values.body}
                aria-invalid={err("body") ? true : undefined}
                aria-describedby={described("body", "body-hint")}
                lang={contentLocale}
              />
            </label>
            <p id="body-hint" className="admin-hint">
              {t("pages.field.bodyHint")}
            </p>
            {err("body") ? (
              <p id="body-error" className="admin-error">
                {t(err("body")!)}
              </p>
            ) : null}
            <label className="admin-field">
              <span>{t("pages.field.description")}</span>
              <textarea
                name="description"
                rows={3}
                maxLength={300}
                defaultValue={values.description}
                aria-invalid={err("description") ? true : undefined}
                aria-describedby={described("description", "description-hint")}
                lang={contentLocale}
              />
            </label>
            <p id="description-hint" className="admin-hint">
              {t("pages.field.descriptionHint")}
            </p>
            {err("description") ? (
              <p id="description-error" className="admin-error">
                {t(err("description")!)}
              </p>
            ) : null}
            <label className="admin-check">
              <input type="checkbox" name="published" defaultChecked={values.published} /> {t("pages.field.published")}
            </label>
            <div className="admin-buttons">
              <button
                type="submit"
                name="intent"
                value="save"
                className="button button--primary"
                disabled={navigation.state === "submitting"}
              >
                {result?.conflict ? t("settings.conflict.saveMine") : t("pages.admin.save")}
              </button>
            </div>
          </Form>
          {version ? (
            <Form method="post" className="admin-danger">
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="version" value={formVersion} />
              <h2>{t("pages.admin.deleteTitle", { language })}</h2>
              <p className="admin-hint">{t("pages.admin.deleteHint")}</p>
              <label className="admin-check">
                <input type="checkbox" name="confirm" required aria-describedby={err("confirm") ? "confirm-error" : undefined} />{" "}
                {t("pages.admin.deleteConfirm")}
              </label>
              {err("confirm") ? (
                <p id="confirm-error" className="admin-error">
                  {t(err("confirm")!)}
                </p>
              ) : null}
              <button type="submit" name="intent" value="delete" className="button">
                {t("pages.admin.delete")}
              </button>
            </Form>
          ) : null}
        </>
      )}
    </div>
  );
}

function useFormatDate() {
  const { locale } = useI18n();
  return (iso: string) => new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** What a form's values say, as the text the history compares. */
const valuesText = (v: Values) =>
  pageTextOf({ title: v.title, format: v.format, source: v.body, description: v.description, published: v.published });

/** A stale save or removal (409): both texts side by side; the form below keeps the admin's. */
function PageConflictPanel({ conflict, mine }: { conflict: PageConflict; mine: Values | null }) {
  const { t } = useI18n();
  const formatDate = useFormatDate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="settings-conflict" role="alert" tabIndex={-1} ref={ref}>
      <p>
        <strong>{t("pages.conflict.title")}</strong>{" "}
        {t("settings.conflict.text", {
          version: conflict.version,
          author: conflict.author ?? t("settings.system"),
          date: conflict.at ? formatDate(conflict.at) : "—",
        })}
      </p>
      {mine ? (
        <div className="settings-conflict__both">
          <TextBlock value={valuesText(mine)} titleKey="settings.conflict.mine" id="conflict-mine" level={2} />
          <TextBlock
            value={conflict.value ? pageTextOf(conflict.value) : ""}
            titleKey="settings.conflict.current"
            id="conflict-current"
            level={2}
          />
        </div>
      ) : null}
      <p className="admin-hint">
        {mine ? t("settings.conflict.help") : t("pages.conflict.reload")}{" "}
        <Link to="" reloadDocument>
          {t("settings.conflict.keepCurrent")}
        </Link>
      </p>
    </div>
  );
}

type HistoryData = NonNullable<Route.ComponentProps["loaderData"]["history"]>;

/** The revisions of this language's version, newest first, each with its differences and a restore button. */
function PageHistory({
  csrf,
  slug,
  contentLocale,
  history,
  back,
  current,
  restored,
  result,
}: {
  csrf: string;
  slug: string;
  contentLocale: Locale;
  history: HistoryData;
  /** The page a history opened from the admin bar returns to (issue 31 §4). */
  back: string | null;
  current: number;
  restored: boolean;
  result: ActionResult | undefined;
}) {
  const { t } = useI18n();
  const formatDate = useFormatDate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const whole = t("pages.history.title");
  return (
    <section className="settings-history" aria-labelledby="page-history-title">
      <h2 id="page-history-title" ref={heading} tabIndex={-1}>
        {t("pages.history.title")}
      </h2>
      <p>
        {back ? (
          <Link to={back}>{t("settings.history.backToPage")}</Link>
        ) : (
          <Link to={`?locale=${contentLocale}`}>{t("pages.history.back")}</Link>
        )}
      </p>
      {restored && !result ? (
        <p className="admin-alert admin-alert--ok" role="status">
          {t("pages.history.restored")} <Link to={localizePath(`/${slug}`, contentLocale)}>{t("pages.admin.view")}</Link>
        </p>
      ) : null}
      {result?.conflict ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {t("pages.conflict.restore")}
        </p>
      ) : null}
      <p className="users-count">{t("settings.history.count", { count: history.total })}</p>
      {history.entries.length === 0 ? (
        <p className="empty-state">{t("pages.history.empty")}</p>
      ) : (
        <ol className="settings-revisions" reversed>
          {history.entries.map((e) => (
            <li key={e.version} className="settings-revision">
              <h3>
                {t("settings.history.version", { version: e.version })} · <time dateTime={e.at}>{formatDate(e.at)}</time> ·{" "}
                {e.author ?? t("settings.system")}
                {e.version === current ? <span className="users-badge">{t("settings.history.current")}</span> : null}
                {e.restoredFrom ? (
                  <span className="users-badge">{t("settings.history.restoredFrom", { version: e.restoredFrom })}</span>
                ) : null}
                {e.removed ? <span className="users-badge">{t("pages.history.removed")}</span> : null}
              </h3>
              <ChangesView item="page" whole={whole} changes={e.changes} />
              {e.version !== current && !e.removed ? (
                <Form method="post" className="users-inline">
                  <input type="hidden" name="csrf" value={csrf} />
                  <input type="hidden" name="version" value={current} />
                  <input type="hidden" name="restore" value={e.version} />
                  {back ? <input type="hidden" name="back" value={back} /> : null}
                  <button type="submit" name="intent" value="restore" className="button button--small">
                    {t("settings.history.restore", { version: e.version })}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
