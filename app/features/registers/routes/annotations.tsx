import { data, Form, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/annotations";
import { serviceContext } from "~/.server/context";
import { isRefusal } from "~/.server/access";
import { formToken } from "~/features/accounts/index.server";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { LOCALE_TAGS, localizePath, type Locale } from "~/lib/locale";
import {
  deleteAnnotation,
  listAnnotations,
  moderateAnnotation,
  readAllAnnotations,
  readAnnotation,
  requireAnnotations,
} from "../annotations.server";
import { ANNOTATION_STATUSES, AnnotationsQuerySchema, ModerateAnnotationSchema, REASON_MAX, type AnnotationEntry } from "../annotations";
import { Pagination } from "~/ui/Pagination";
import { AnnotationCrop } from "../components/AnnotationCrop";
import annotationsCss from "../components/annotations.css?url";

/**
 * /annotazioni, the moderation of annotations (spec §2, §6; issue 32 §1, decision 097): for curators
 * (MANAGE_ANNOTATIONS) while the `annotations` option is on, every note on a record they may see, newest first.
 * Filters and pages are in the address; every action is a form post (it all works without JavaScript) and marks
 * the note read for this curator; deleting asks first, on the page (`?confirm=<id>`).
 */

export const handle = { layout: "default", capability: "MANAGE_ANNOTATIONS" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: annotationsCss }];
export const meta = accountMeta("annotations.title", "annotations.lead");

const NOTICES = [
  "annotations.done.approved",
  "annotations.done.rejected",
  "annotations.done.deleted",
  "annotations.done.read",
  "annotations.done.allRead",
  "annotations.done.gone",
] as const;
const KEEP = ["unread", "status", "record", "author", "page"] as const;

const ActionSchema = z.union([
  ModerateAnnotationSchema,
  z.object({ intent: z.literal("delete"), annotation: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("read"), annotation: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("readAll") }),
]);

const when = (locale: Locale, value: string | null) =>
  value
    ? {
        iso: value,
        text: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short" }).format(new Date(value)),
      }
    : null;

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const query = AnnotationsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await listAnnotations(ctx, query);
  const done = url.searchParams.get("done");
  const confirm = Number(url.searchParams.get("confirm")) || null;
  const { token, setCookie } = formToken(context);
  const at = (e: AnnotationEntry) => ({ ...e, created: when(ctx.locale, e.createdAt)!, moderated: when(ctx.locale, e.moderatedAt) });
  return data(
    {
      csrf: token,
      query,
      confirm: list.entries.some((e) => e.id === confirm) ? confirm : null,
      notice: (NOTICES as readonly string[]).includes(done ?? "") ? (done as MessageKey) : null,
      list: { ...list, entries: list.entries.map(at) },
    },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const ctx = serviceContext(context, url);
  const form = await request.formData();
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const raw = fields.intent === "approve" || fields.intent === "reject" ? { ...fields, decision: fields.intent } : fields;
  // A moderation is read by its own schema, so that its message (the reason's) is the one said.
  const input = "decision" in raw ? ModerateAnnotationSchema.safeParse(raw) : ActionSchema.safeParse(raw);
  await requireAnnotations(ctx);
  if (!input.success) {
    const key = input.error.issues.find((i) => i.message.startsWith("annotations."))?.message ?? "annotations.error.invalid";
    return data({ error: key as MessageKey, annotation: Number(fields.annotation) || null }, { status: 400 });
  }
  const opts = { address: context.auth?.address ?? "" };
  const i = input.data;
  let done: (typeof NOTICES)[number];
  // A note already deleted, or moved out of reach (another curator, its author), is said so on the list.
  try {
    if ("decision" in i) {
      await moderateAnnotation(ctx, i, opts);
      done = i.decision === "approve" ? "annotations.done.approved" : "annotations.done.rejected";
    } else if (i.intent === "delete") {
      await deleteAnnotation(ctx, { annotation: i.annotation }, opts);
      done = "annotations.done.deleted";
    } else if (i.intent === "read") {
      await readAnnotation(ctx, { annotation: i.annotation });
      done = "annotations.done.read";
    } else {
      await readAllAnnotations(ctx);
      done = "annotations.done.allRead";
    }
  } catch (err) {
    if (!(isRefusal(err) && err.status === 404)) throw err;
    done = "annotations.done.gone";
  }
  const back = new URLSearchParams(String(form.get("back") ?? ""));
  const keep = new URLSearchParams();
  for (const k of KEEP) {
    const v = back.get(k);
    if (v && v.length <= 200) keep.set(k, v);
  }
  keep.set("done", done);
  return redirect(`${url.pathname}?${keep.toString()}`);
}

export default function Annotations({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, query, notice, list, confirm } = loaderData;
  const location = useLocation();
  const base = location.pathname;
  const params = Object.entries({
    unread: query.unread ? "1" : "",
    status: query.status === "all" ? "" : query.status,
    record: query.record,
    author: query.author,
    page: query.page > 1 ? String(query.page) : "",
  }).filter(([, v]) => v);
  const back = new URLSearchParams(params).toString();
  const withParams = (extra: Record<string, string>, hash = "") => {
    const p = new URLSearchParams(back);
    for (const [k, v] of Object.entries(extra)) p.set(k, v);
    return `${base}?${p.toString()}${hash}`;
  };
  const filtered = query.unread || query.status !== "all" || query.record || query.author;
  const hidden = (
    <>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="back" value={back} />
    </>
  );

  return (
    <div className="page annotations">
      <h1>{t("annotations.title")}</h1>
      <p className="annotations__lead">{t("annotations.lead")}</p>
      <div role="status" aria-live="polite">
        {notice ? <p className="notice">{t(notice)}</p> : null}
        {actionData?.error ? <p className="form-error">{t(actionData.error)}</p> : null}
      </div>

      <Form method="get" className="annotations__filters" role="search" aria-label={t("annotations.filters")}>
        <label className="annotations__field">
          <span>{t("annotations.status")}</span>
          <select name="status" defaultValue={query.status}>
            {(["all", ...ANNOTATION_STATUSES] as const).map((s) => (
              <option key={s} value={s}>
                {t(`annotations.status.${s}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <label className="annotations__field">
          <span>{t("annotations.record")}</span>
          <input type="search" name="record" defaultValue={query.record} maxLength={200} />
        </label>
        <label className="annotations__field">
          <span>{t("annotations.author")}</span>
          <input type="search" name="author" defaultValue={query.author} maxLength={200} />
        </label>
        <label className="annotations__check">
          <input type="checkbox" name="unread" value="1" defaultChecked={query.unread} />
          {t("annotations.unreadOnly")}
        </label>
        <button type="submit" className="button">
          {t("annotations.apply")}
        </button>
      </Form>

      <div className="annotations__summary">
        <p aria-live="polite">
          {t("annotations.count", { count: list.total })} · {t("annotations.unreadCount", { count: list.unread })}
        </p>
        {list.unread > 0 ? (
          <Form method="post" className="annotations__inline">
            {hidden}
            <button type="submit" name="intent" value="readAll" className="button button--small">
              {t("annotations.markAllRead")}
            </button>
          </Form>
        ) : null}
      </div>

      {list.entries.length === 0 ? (
        <p className="empty-state">{filtered ? t("annotations.emptyFiltered") : t("annotations.empty")}</p>
      ) : (
        <table className="results-table stack-table annotations__table">
          <caption className="visually-hidden">{t("annotations.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("annotations.col.record")}</th>
              <th scope="col">{t("annotations.col.note")}</th>
              <th scope="col">{t("annotations.col.status")}</th>
              <th scope="col">{t("annotations.col.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.entries.map((e) => {
              const rowError = actionData?.error && actionData.annotation === e.id ? actionData.error : null;
              return (
                <tr key={e.id} id={`note-${e.id}`} className={e.unread ? "annotations__row--unread" : undefined}>
                  <th scope="row">
                    <span className="annotations__record">
                      <Link to={localizePath(e.record.link, locale)}>{e.record.title}</Link>
                      <span className="annotations__record-meta">
                        {[e.record.type, e.record.numero ? t("annotations.inventory", { numero: e.record.numero }) : null]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </span>
                    {e.media?.large && e.region ? (
                      <AnnotationCrop
                        src={e.media.large}
                        region={e.region}
                        width={e.media.width}
                        height={e.media.height}
                        label={t("annotations.regionOf", { title: e.record.title })}
                      />
                    ) : null}
                  </th>
                  <td data-label={t("annotations.col.note")}>
                    {e.unread ? <span className="annotation-unread">{t("annotations.unread")}</span> : null}
                    <p className="annotations__body" lang={e.locale !== locale ? e.locale : undefined}>
                      {e.body}
                    </p>
                    <p className="annotations__meta">
                      {t("annotations.writtenBy", { name: e.author?.name ?? "", date: e.created.text })}
                      {e.named ? "" : ` · ${t("annotations.unnamed")}`}
                      {e.author?.email ? (
                        <>
                          {" · "}
                          <a href={`mailto:${e.author.email}`}>{e.author.email}</a>
                        </>
                      ) : null}
                    </p>
                  </td>
                  <td data-label={t("annotations.col.status")}>
                    <span className={`annotation-status annotation-status--${e.status}`}>
                      {t(`annotations.status.${e.status}` as MessageKey)}
                    </span>
                    {e.status === "rejected" && e.reason ? (
                      <p className="annotations__meta">{t("annotations.reasonWas", { reason: e.reason })}</p>
                    ) : null}
                    {e.moderated ? (
                      <p className="annotations__meta">
                        {e.moderatedBy ? t("annotations.moderatedBy", { name: e.moderatedBy, date: e.moderated.text }) : e.moderated.text}
                      </p>
                    ) : null}
                  </td>
                  <td data-label={t("annotations.col.actions")}>
                    <div className="annotations__actions">
                      {e.status !== "approved" ? (
                        <Form method="post" className="annotations__inline">
                          {hidden}
                          <input type="hidden" name="annotation" value={e.id} />
                          <button type="submit" name="intent" value="approve" className="button button--small">
                            {t("annotations.approve")}
                          </button>
                        </Form>
                      ) : null}
                      {e.status !== "rejected" ? (
                        <details className="annotations__reject" open={Boolean(rowError)}>
                          <summary className="button button--small">{t("annotations.reject")}</summary>
                          <Form method="post" className="annotations__reject">
                            {hidden}
                            <input type="hidden" name="annotation" value={e.id} />
                            <label className="annotations__field">
                              <span>{t("annotations.reason")}</span>
                              <textarea
                                name="reason"
                                required
                                maxLength={REASON_MAX}
                                aria-describedby={`reason-help-${e.id}`}
                                aria-invalid={rowError ? true : undefined}
                              />
                            </label>
                            <small id={`reason-help-${e.id}`}>{rowError ? t(rowError) : t("annotations.reasonHelp")}</small>
                            <button type="submit" name="intent" value="reject" className="button button--small">
                              {t("annotations.rejectConfirm")}
                            </button>
                          </Form>
                        </details>
                      ) : null}
                      {e.unread ? (
                        <Form method="post" className="annotations__inline">
                          {hidden}
                          <input type="hidden" name="annotation" value={e.id} />
                          <button type="submit" name="intent" value="read" className="button button--small">
                            {t("annotations.markRead")}
                          </button>
                        </Form>
                      ) : null}
                      {confirm === e.id ? (
                        <div className="annotations__confirm" role="alertdialog" aria-labelledby={`confirm-${e.id}`}>
                          <p id={`confirm-${e.id}`}>{t("annotations.confirmDelete")}</p>
                          <Form method="post" className="annotations__inline">
                            {hidden}
                            <input type="hidden" name="annotation" value={e.id} />
                            <button type="submit" name="intent" value="delete" className="button button--small">
                              {t("annotations.confirmDeleteYes")}
                            </button>
                          </Form>
                          <Link className="button button--small" to={withParams({}, `#note-${e.id}`)}>
                            {t("annotations.cancel")}
                          </Link>
                        </div>
                      ) : (
                        <Link className="button button--small" to={withParams({ confirm: String(e.id) }, `#note-${e.id}`)}>
                          {t("annotations.delete")}
                        </Link>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pagination
        page={list.page}
        pages={list.pages}
        href={(n) => withParams({ page: String(n) })}
        label={t("annotations.pages")}
        prev={t("annotations.prev")}
        next={t("annotations.next")}
        status={t("annotations.pageOf", { page: list.page, pages: list.pages })}
      />
    </div>
  );
}
