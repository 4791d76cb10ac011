import { data, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/annotations";
import { serviceContext } from "~/.server/context";
import { formToken } from "~/features/accounts/index.server";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath } from "~/lib/locale";
import { orGone } from "../http.server";
import {
  deleteAnnotation,
  listAnnotations,
  moderateAnnotation,
  readAllAnnotations,
  readAnnotation,
  requireAnnotations,
} from "../annotations.server";
import { ANNOTATION_STATUSES, AnnotationsQuerySchema, ModerateAnnotationSchema, REASON_MAX, type AnnotationEntry } from "../annotations";
import { backTo, noticeOf, privateHeaders, when } from "../register-list";
import {
  ChoiceField,
  Field,
  Filters,
  IntentButton,
  ListPages,
  ListTable,
  PostForm,
  RegisterPage,
  SearchField,
  useListLinks,
} from "../components/RegisterPage";
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

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const query = AnnotationsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await listAnnotations(ctx, query);
  const confirm = Number(url.searchParams.get("confirm")) || null;
  const { token, setCookie } = formToken(context);
  const at = (e: AnnotationEntry) => ({
    ...e,
    created: when(ctx.locale, e.createdAt, true),
    moderated: when(ctx.locale, e.moderatedAt, true),
  });
  return data(
    {
      csrf: token,
      query,
      confirm: list.entries.some((e) => e.id === confirm) ? confirm : null,
      notice: noticeOf(url, NOTICES),
      list: { ...list, entries: list.entries.map(at) },
    },
    { headers: privateHeaders(setCookie) },
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
  const act = async (): Promise<(typeof NOTICES)[number]> => {
    if ("decision" in i) {
      await moderateAnnotation(ctx, i, opts);
      return i.decision === "approve" ? "annotations.done.approved" : "annotations.done.rejected";
    }
    if (i.intent === "delete") {
      await deleteAnnotation(ctx, { annotation: i.annotation }, opts);
      return "annotations.done.deleted";
    }
    if (i.intent === "read") {
      await readAnnotation(ctx, { annotation: i.annotation });
      return "annotations.done.read";
    }
    await readAllAnnotations(ctx);
    return "annotations.done.allRead";
  };
  return redirect(backTo(url, form, KEEP, await orGone(act(), "annotations.done.gone")));
}

export default function Annotations({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, query, notice, list, confirm } = loaderData;
  const links = useListLinks({
    unread: query.unread ? "1" : "",
    status: query.status === "all" ? "" : query.status,
    record: query.record,
    author: query.author,
    page: query.page > 1 ? String(query.page) : "",
  });
  const post = { csrf, back: links.back };
  const filtered = query.unread || query.status !== "all" || query.record || query.author;
  /** A one-button action on a note. */
  const noteAction = (id: number, intent: string, label: MessageKey) => (
    <PostForm {...post} className="annotations__inline" fields={{ annotation: id }}>
      <IntentButton intent={intent} label={label} />
    </PostForm>
  );

  return (
    <RegisterPage block="annotations" title="annotations.title" lead="annotations.lead" notice={notice} error={actionData?.error}>
      <Filters block="annotations" label="annotations.filters" apply="annotations.apply">
        <ChoiceField
          block="annotations"
          label="annotations.status"
          name="status"
          value={query.status}
          options={["all", ...ANNOTATION_STATUSES]}
          optionLabel={(s) => t(`annotations.status.${s}` as MessageKey)}
        />
        <SearchField block="annotations" label="annotations.record" name="record" value={query.record} />
        <SearchField block="annotations" label="annotations.author" name="author" value={query.author} />
        <label className="annotations__check">
          <input type="checkbox" name="unread" value="1" defaultChecked={query.unread} />
          {t("annotations.unreadOnly")}
        </label>
      </Filters>

      <div className="annotations__summary">
        <p aria-live="polite">
          {t("annotations.count", { count: list.total })} · {t("annotations.unreadCount", { count: list.unread })}
        </p>
        {list.unread > 0 ? (
          <PostForm {...post} className="annotations__inline">
            <IntentButton intent="readAll" label="annotations.markAllRead" />
          </PostForm>
        ) : null}
      </div>

      <ListTable
        rows={list.entries}
        className="annotations__table"
        caption="annotations.caption"
        columns={["annotations.col.record", "annotations.col.note", "annotations.col.status", "annotations.col.actions"]}
        empty={filtered ? "annotations.emptyFiltered" : "annotations.empty"}
      >
        {(e) => {
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
                  {e.status !== "approved" ? noteAction(e.id, "approve", "annotations.approve") : null}
                  {e.status !== "rejected" ? (
                    <details className="annotations__reject" open={Boolean(rowError)}>
                      <summary className="button button--small">{t("annotations.reject")}</summary>
                      <PostForm {...post} className="annotations__reject" fields={{ annotation: e.id }}>
                        <Field block="annotations" label="annotations.reason">
                          <textarea
                            name="reason"
                            required
                            maxLength={REASON_MAX}
                            aria-describedby={`reason-help-${e.id}`}
                            aria-invalid={rowError ? true : undefined}
                          />
                        </Field>
                        <small id={`reason-help-${e.id}`}>{rowError ? t(rowError) : t("annotations.reasonHelp")}</small>
                        <IntentButton intent="reject" label="annotations.rejectConfirm" />
                      </PostForm>
                    </details>
                  ) : null}
                  {e.unread ? noteAction(e.id, "read", "annotations.markRead") : null}
                  {confirm === e.id ? (
                    <div className="annotations__confirm" role="alertdialog" aria-labelledby={`confirm-${e.id}`}>
                      <p id={`confirm-${e.id}`}>{t("annotations.confirmDelete")}</p>
                      {noteAction(e.id, "delete", "annotations.confirmDeleteYes")}
                      <Link className="button button--small" to={links.href({}, `#note-${e.id}`)}>
                        {t("annotations.cancel")}
                      </Link>
                    </div>
                  ) : (
                    <Link className="button button--small" to={links.href({ confirm: String(e.id) }, `#note-${e.id}`)}>
                      {t("annotations.delete")}
                    </Link>
                  )}
                </div>
              </td>
            </tr>
          );
        }}
      </ListTable>
      <ListPages block="annotations" page={list.page} pages={list.pages} href={links.page} />
    </RegisterPage>
  );
}
