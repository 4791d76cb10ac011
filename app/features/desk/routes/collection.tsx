import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { data, Form, Link, redirect, useLocation, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/collection";
import { isRefusal } from "~/.server/access";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { formToken } from "~/features/accounts/index.server";
import { localizePath, splitLocale } from "~/lib/locale";
import { translate, type MessageKey } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { pageMeta } from "~/lib/seo";
import { RecordCard } from "~/components/RecordCard";
import { DEFAULT_PLACEHOLDER } from "~/features/site";
import { rootDataOf, useRootData } from "~/root-data";
import {
  deleteCollection,
  getCollection,
  updateCollection,
  WorkspaceError,
  type CollectionChanges,
} from "~/features/workspace/index.server";
import { CollectionIdSchema, firstMessage, ItemRefSchema, pinKey, TitleSchema } from "~/features/workspace";
import { CountLabel } from "~/features/workspace";
import { listStories } from "~/features/stories/index.server";
import { CollectionStories } from "~/features/stories";
import {
  createShareLink,
  listShares,
  revokeShareLink,
  sharedLinkUrl,
  shareWithPerson,
  unshareWithPerson,
} from "~/features/workspace/index.server";
import { LinkDaysSchema, LinkIdSchema, ShareEmailSchema, ShareRoleSchema } from "~/features/workspace";
import { SharePanel } from "~/features/workspace";
import { listMoodboards } from "~/features/workspace/index.server";
import { MoodboardList } from "~/features/workspace";
import { CollectionEdit } from "~/features/workspace";
import { post } from "~/features/workspace";
import { DragHandle, SortableItem, SortableList } from "~/components/Sortable";
import { PrintLinks } from "~/features/print";

/** /collections/{id} (spec §2 collections-slug): one of the user's collections; another user's is a 404. */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const id = CollectionIdSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const ctx = serviceContext(context, url);
  // another user's or a missing one: the service's refusal, answered by the route guard with the 404 page
  const collection = await getCollection(ctx, id.data);
  const { token, setCookie } = formToken(context);
  const remove = url.searchParams.get("remove");
  const stories = collection.role === "owner" ? await listStories(ctx, collection.id) : [];
  const moodboards = collection.role === "owner" ? await listMoodboards(ctx, collection.id) : [];
  // Only the owner sees who else sees it (decision 061).
  const shares = collection.role === "owner" ? await listShares(ctx, id.data) : null;
  return data(
    {
      collection,
      stories,
      moodboards,
      shares,
      csrf: token,
      confirmDelete: url.searchParams.get("delete") === "1",
      // the edit panel without JavaScript (the "Modifica" link's address; with it, the save drawer opens instead)
      editing: url.searchParams.get("edit") === "1" || url.searchParams.get("delete") === "1",
      confirmRemove: remove && collection.items.some((c) => pinKey(c) === remove) ? remove : null,
    },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

type Done =
  | {
      ok: true;
      notice: MessageKey;
      params: Record<string, string | number>;
      focus: string | null;
      link?: { url: string; expiresAt: string };
      /** Said to screen readers only: the page shows the new state already (issue 31 §10: "Pubblicata" twice). */
      quiet?: boolean;
    }
  | { ok: false; error: MessageKey; params: Record<string, string | number>; focus: null; field?: "share" | "link" };

/**
 * The page's form posts (they work without JavaScript): rename, publish, unpublish, cover, move, remove,
 * delete. Each is one service operation; refusals come back on the page with the service's message.
 */
export async function action({ request, context, url, params }: Route.ActionArgs) {
  const id = CollectionIdSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const ctx = serviceContext(context, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ref = ItemRefSchema.safeParse({ table: form.get("table"), id: form.get("id") });
  const label = String(form.get("label") ?? "").slice(0, 200);
  const field = intent === "share" || intent === "unshare" ? "share" : intent === "link" || intent === "revoke" ? "link" : undefined;
  const fail = (error: string, status = 400, p: Record<string, string | number> = {}) =>
    data<Done>({ ok: false, error: error as MessageKey, params: p, focus: null, field }, { status });
  const from = context.auth?.address ?? "";
  try {
    if (intent === "delete") {
      await deleteCollection(ctx, id.data);
      throw redirect(localizePath("/collections", ctx.locale), 303);
    }
    // Sharing (decision 061): the owner's alone, each one operation.
    if (intent === "share") {
      const email = ShareEmailSchema.safeParse(form.get("email"));
      if (!email.success) return fail(firstMessage(email.error));
      const role = ShareRoleSchema.safeParse(form.get("role"));
      if (!role.success) return fail(firstMessage(role.error));
      await shareWithPerson(ctx, id.data, { email: email.data, role: role.data }, from);
      return data<Done>({ ok: true, notice: "workspace.share.shared", params: { email: email.data }, focus: "share" });
    }
    if (intent === "unshare") {
      const email = ShareEmailSchema.safeParse(form.get("email"));
      if (!email.success) return fail(firstMessage(email.error));
      await unshareWithPerson(ctx, id.data, email.data, from);
      return data<Done>({ ok: true, notice: "workspace.share.unshared", params: { email: email.data }, focus: "share" });
    }
    if (intent === "link") {
      const days = LinkDaysSchema.safeParse(form.get("days"));
      if (!days.success) return fail(firstMessage(days.error));
      const made = await createShareLink(ctx, id.data, days.data, from);
      return data<Done>({
        ok: true,
        notice: "workspace.share.linkMade",
        params: {},
        focus: "link-url",
        link: { url: sharedLinkUrl(url, ctx.locale, made.token), expiresAt: made.link.expiresAt },
      });
    }
    if (intent === "revoke") {
      const link = LinkIdSchema.safeParse(form.get("link"));
      if (!link.success) return fail("workspace.error.invalid");
      await revokeShareLink(ctx, id.data, link.data, from);
      return data<Done>({ ok: true, notice: "workspace.share.linkRevoked", params: {}, focus: "link" });
    }
    const changes: CollectionChanges = {};
    let done: Done | null = null;
    switch (intent) {
      case "rename": {
        const title = TitleSchema.safeParse(form.get("title"));
        if (!title.success) return fail(firstMessage(title.error));
        const version = Number(form.get("version"));
        changes.title = title.data;
        if (Number.isInteger(version) && version > 0) changes.version = version;
        done = { ok: true, notice: "workspace.collection.saved", params: {}, focus: null };
        break;
      }
      case "current":
        changes.current = true;
        done = {
          ok: true,
          notice: "workspace.drawer.currentSet",
          params: { title: String(form.get("label") ?? "").slice(0, 200) },
          focus: "current",
        };
        break;
      case "publish":
      case "unpublish":
        changes.public = intent === "publish";
        done = {
          ok: true,
          notice: intent === "publish" ? "workspace.collections.published" : "workspace.collections.private",
          params: {},
          focus: "publish",
          quiet: true,
        };
        break;
      case "cover":
        if (!ref.success) return fail("workspace.error.item");
        changes.cover = ref.data;
        done = { ok: true, notice: "workspace.collection.coverSet", params: {}, focus: `cover:${pinKey(ref.data)}` };
        break;
      case "move": {
        const dir = form.get("dir");
        if (!ref.success || (dir !== "up" && dir !== "down")) return fail("workspace.error.item");
        changes.move = { ...ref.data, by: dir === "up" ? -1 : 1 };
        done = { ok: true, notice: "workspace.collection.moved", params: { title: label }, focus: `${dir}:${pinKey(ref.data)}` };
        break;
      }
      case "remove":
        if (!ref.success) return fail("workspace.error.item");
        changes.remove = [ref.data];
        done = { ok: true, notice: "workspace.collection.removed", params: { title: label }, focus: "items" };
        break;
      default:
        return fail("workspace.error.invalid");
    }
    const after = await updateCollection(ctx, id.data, changes);
    if (intent === "move") {
      const at = after.items.findIndex((x) => ref.success && x.table === ref.data.table && x.id === ref.data.id);
      done = { ...done, params: { title: label, position: at + 1, total: after.items.length } } as Done;
    }
    // A removal leaves the confirmation's address: back to the collection's own.
    if (intent === "remove" && url.searchParams.has("remove")) throw redirect(url.pathname, 303);
    return done;
  } catch (err) {
    // A refusal that says why (a shared user without the right, a share already gone) is shown on the page with
    // its status; one that only says "not found" is the route guard's 404 page.
    if (isRefusal(err) && err.messageKey !== "error.notFound") return fail(err.messageKey, err.status);
    if (err instanceof WorkspaceError) return fail(err.messageKey, err.code === "invalid" ? 400 : 409, err.params);
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  return [
    ...pageMeta({
      title: d?.collection.title ?? translate(locale, "workspace.collections.title"),
      siteTitle: root?.options.title,
      origin: root?.origin ?? "",
      languages: root?.languages,
      pathname: location.pathname,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export const handle = { layout: "default", capability: "PRIVATE" };

export default function CollectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = useRootData();
  const placeholder = root?.options.placeholder ?? DEFAULT_PLACEHOLDER;
  const { collection: c, csrf } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // A drag's new order, shown while it is saved (decision 065); a refusal puts the page's order back.
  // Its messages stand until a form of the page (the buttons) is posted: that one's answer speaks then.
  const [dragged, setDragged] = useState<{ order: string[] | null; notice: string; error: string } | null>(null);
  const saving = !!dragged?.order;
  const busy = navigation.state !== "idle" || saving;
  const location = useLocation();
  const self = location.pathname;
  const listRef = useRef<HTMLOListElement>(null);
  const coverKey = c.cover.table && c.cover.id ? `${c.cover.table}/${c.cover.id}` : null;
  // Keyboard moves keep the focus on the button pressed, wherever its card now is (or on its neighbour at an end).
  const focus = actionData?.ok ? actionData.focus : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: actionData is the trigger: each answer, even to the same move, focuses again
  useEffect(() => {
    if (!focus || navigation.state !== "idle") return;
    const el = document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focus)}"]`);
    if (el && !(el as HTMLButtonElement).disabled) el.focus();
    else if (focus.startsWith("up:") || focus.startsWith("down:"))
      document
        .querySelector<HTMLElement>(
          `[data-focus="${CSS.escape((focus.startsWith("up:") ? "down:" : "up:") + focus.split(":").slice(1).join(":"))}"]`,
        )
        ?.focus();
    else if (focus === "items") listRef.current?.focus();
  }, [focus, navigation.state, actionData]);
  const byKey = useMemo(() => new Map(c.items.map((card) => [pinKey(card), card])), [c.items]);
  const items = dragged?.order ? dragged.order.flatMap((k) => byKey.get(k) ?? []) : c.items;
  const total = items.length;
  const itemName = useCallback(
    (key: string) => t("workspace.collection.itemName", { title: byKey.get(key)?.preferred_label ?? "" }),
    [byKey, t],
  );
  /** A drop: saved as one move through saveDoc (the buttons' operation, ownership checked in its SQL). */
  const drop = async ({ id: key, overId, from, to }: { id: string; overId: string; from: number; to: number }) => {
    const item = byKey.get(key);
    const over = byKey.get(overId);
    if (!item || !over) return;
    const order = items.map(pinKey);
    order.splice(to, 0, ...order.splice(from, 1));
    setDragged({ order, notice: "", error: "" });
    let error = "";
    const saved = await post("/api/auth/docs/saveDoc", {
      collection: "collections",
      locale,
      name: c.id,
      data: { move: { table: item.table, id: item.id, over: { table: over.table, id: over.id } } },
    });
    if (!saved.ok) error = saved.message ?? t("workspace.error.generic");
    else await revalidator.revalidate();
    setDragged(
      error
        ? { order: null, notice: "", error: t("workspace.collection.moveFailed", { reason: error }) }
        : {
            order: null,
            notice: t("workspace.collection.moved", { title: item.preferred_label, position: to + 1, total: order.length }),
            error: "",
          },
    );
  };
  const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;
  // Shared with the viewer (decision 061): an editor adds, removes and reorders; a reader only reads.
  const owner = c.role === "owner";
  const canEdit = c.role !== "reader";
  return (
    <section className="page workspace" onSubmit={() => setDragged((d) => (d?.order ? d : null))}>
      <p className="workspace__back">
        <Link to={localizePath("/collections", locale)}>← {t("workspace.collection.back")}</Link>
      </p>
      <h1>{c.title}</h1>
      {/* One way to rename and delete (issue 31 §10): "Modifica" opens the save drawer; without JavaScript its
          address (?edit=1) shows the same fields here. */}
      {owner ? (
        <div className="workspace__edit">
          {loaderData.editing ? (
            <EditPanel collection={c} csrf={csrf} busy={busy} self={self} confirmDelete={loaderData.confirmDelete} />
          ) : (
            <CollectionEdit collection={c} href={`${self}?edit=1`} />
          )}
        </div>
      ) : null}
      <p className="workspace__meta">
        <CountLabel count={total} />
        {" · "}
        {owner
          ? c.public
            ? t("workspace.collections.published")
            : t("workspace.collections.private")
          : t(c.role === "editor" ? "workspace.share.byEditor" : "workspace.share.byReader", { owner: c.sharedBy ?? "" })}
      </p>
      {/* Labels for a storage shelf, or the records' sheets (issue 33 §6, decision 104) */}
      {total > 0 ? (
        <p className="workspace__print">
          <PrintLinks records={items} />
        </p>
      ) : null}
      <p role="status" className={`workspace__status${!dragged && actionData?.ok && actionData.quiet ? " visually-hidden" : ""}`}>
        {dragged ? dragged.notice : actionData?.ok ? t(actionData.notice, actionData.params) : ""}
      </p>
      {canEdit ? (
        <div className="workspace__current">
          {root?.workspace?.current?.id === c.id ? (
            <p>
              <strong>{t("workspace.collections.current")}</strong>
              {" · "}
              <Link to={`${localizePath("/cerca", locale)}?filtro=${encodeURIComponent("pin|Pin")}`}>
                {t("workspace.collection.showPinned")}
              </Link>
            </p>
          ) : (
            <Form method="post" preventScrollReset>
              {hidden("csrf", csrf)}
              {hidden("intent", "current")}
              {hidden("label", c.title)}
              <button type="submit" className="button" data-focus="current" disabled={busy}>
                {t("workspace.collections.makeCurrent", { title: c.title })}
              </button>
            </Form>
          )}
        </div>
      ) : null}
      {dragged?.error ? (
        <p className="form-error" role="alert">
          {dragged.error}
        </p>
      ) : null}
      {!dragged && actionData && !actionData.ok && !actionData.field ? (
        <p className="form-error" role="alert">
          {t(actionData.error, actionData.params)}
        </p>
      ) : null}

      {owner ? (
        <div className="workspace__tools">
          <div className="workspace-publish">
            <p>{c.public ? t("workspace.collection.publishedNote") : t("workspace.collection.privateNote")}</p>
            {c.public && c.publishedSlug ? (
              <p>
                <Link to={localizePath(`/public/collections/${c.publishedSlug}`, locale)}>{t("workspace.collection.publicLink")}</Link>
              </p>
            ) : null}
            <Form method="post" preventScrollReset>
              {hidden("csrf", csrf)}
              {hidden("intent", c.public ? "unpublish" : "publish")}
              <button type="submit" className="button" data-focus="publish" disabled={busy}>
                {c.public ? t("workspace.collection.unpublish") : t("workspace.collection.publish")}
              </button>
            </Form>
          </div>
        </div>
      ) : null}

      {owner && loaderData.shares ? <SharePanel shares={loaderData.shares} csrf={csrf} busy={busy} result={actionData ?? null} /> : null}

      {c.hidden > 0 ? <p className="notice">{t("workspace.collection.hidden", { count: c.hidden })}</p> : null}

      <h2 className="visually-hidden" id="collection-items">
        {t("workspace.collection.items")}
      </h2>
      {total === 0 ? (
        <div className="workspace__empty">
          <p>{t("workspace.collection.empty")}</p>
          <p>
            <Link to={localizePath("/cerca", locale)} className="button button--primary">
              {t("workspace.collection.searchLink")}
            </Link>
          </p>
        </div>
      ) : (
        <SortableList ids={items.map(pinKey)} name={itemName} onMove={(m) => void drop(m)} layout="grid" disabled={!canEdit || busy}>
          <ol className="collection-items" aria-labelledby="collection-items" ref={listRef} tabIndex={-1}>
            {items.map((card, i) => {
              const key = pinKey(card);
              const label = card.preferred_label;
              const isCover = coverKey ? coverKey === key : i === 0;
              return (
                <SortableItem key={key} id={key} className="collection-items__item">
                  <RecordCard
                    card={card}
                    placeholder={placeholder}
                    headingLevel={3}
                    extra={
                      canEdit ? (
                        <div className="collection-item-tools">
                          <p className="collection-item-tools__position">
                            {t("workspace.collection.position", { position: i + 1, total })}
                          </p>
                          <Form method="post" preventScrollReset className="collection-item-tools__row">
                            <DragHandle label={t("workspace.collection.drag", { title: label })} />
                            {hidden("csrf", csrf)}
                            {hidden("intent", "move")}
                            {hidden("table", card.table)}
                            {hidden("id", card.id)}
                            {hidden("label", label)}
                            {hidden("total", String(total))}
                            <button
                              type="submit"
                              name="dir"
                              value="up"
                              className="button button--ghost button--small"
                              disabled={i === 0 || busy}
                              data-focus={`up:${key}`}
                              aria-label={t("workspace.collection.moveUp", { title: label })}
                            >
                              <span aria-hidden="true">↑</span>
                            </button>
                            <button
                              type="submit"
                              name="dir"
                              value="down"
                              className="button button--ghost button--small"
                              disabled={i === total - 1 || busy}
                              data-focus={`down:${key}`}
                              aria-label={t("workspace.collection.moveDown", { title: label })}
                            >
                              <span aria-hidden="true">↓</span>
                            </button>
                          </Form>
                          {owner ? (
                            <Form method="post" preventScrollReset className="collection-item-tools__row">
                              {hidden("csrf", csrf)}
                              {hidden("intent", "cover")}
                              {hidden("table", card.table)}
                              {hidden("id", card.id)}
                              <button
                                type="submit"
                                className="button button--ghost button--small"
                                aria-pressed={isCover}
                                data-focus={`cover:${key}`}
                                disabled={busy}
                                aria-label={t("workspace.collection.setCover", { title: label })}
                              >
                                {t("workspace.collection.isCover")}
                              </button>
                            </Form>
                          ) : null}
                          {loaderData.confirmRemove === key ? (
                            <Form method="post" className="collection-item-tools__confirm" role="group" aria-labelledby={`confirm-${i}`}>
                              <p id={`confirm-${i}`}>{t("workspace.collection.confirmRemoveOf", { title: label })}</p>
                              {hidden("csrf", csrf)}
                              {hidden("intent", "remove")}
                              {hidden("table", card.table)}
                              {hidden("id", card.id)}
                              {hidden("label", label)}
                              {/* biome-ignore lint/a11y/noAutofocus: the confirmation the user just asked for: the focus goes to its answer */}
                              <button type="submit" className="button button--danger button--small" autoFocus>
                                {t("workspace.collection.removeYes")}
                              </button>
                              <Link to={self} preventScrollReset className="button button--ghost button--small">
                                {t("workspace.collections.cancel")}
                              </Link>
                            </Form>
                          ) : (
                            <Link
                              to={`${self}?remove=${encodeURIComponent(key)}`}
                              preventScrollReset
                              className="button button--ghost button--small"
                              aria-label={t("workspace.collection.remove", { title: label })}
                            >
                              {t("workspace.collection.removeShort")}
                            </Link>
                          )}
                        </div>
                      ) : undefined
                    }
                  />
                </SortableItem>
              );
            })}
          </ol>
        </SortableList>
      )}

      {owner ? <CollectionStories collectionId={c.id} stories={loaderData.stories} /> : null}
      {owner ? <MoodboardList collectionId={c.id} boards={loaderData.moodboards} /> : null}
    </section>
  );
}

/**
 * The collection's title and its deletion without JavaScript (the "Modifica" link's address, ?edit=1): the
 * save drawer's fields as a form of the page, Delete asking 'Confermi la cancellazione?' (?delete=1).
 */
function EditPanel({
  collection: c,
  csrf,
  busy,
  self,
  confirmDelete,
}: {
  collection: { title: string; version: number };
  csrf: string;
  busy: boolean;
  self: string;
  confirmDelete: boolean;
}) {
  const { t } = useI18n();
  const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;
  return (
    <section className="workspace-edit-panel" aria-labelledby="collection-edit">
      <h2 id="collection-edit">{t("workspace.collection.editNamed", { title: c.title })}</h2>
      <Form method="post" className="workspace-inline-form" preventScrollReset>
        {hidden("csrf", csrf)}
        {hidden("intent", "rename")}
        {hidden("version", String(c.version))}
        <label htmlFor="collection-title">{t("workspace.collections.titleField")}</label>
        <input id="collection-title" name="title" required maxLength={120} defaultValue={c.title} key={c.title} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("saveDrawer.save")}
        </button>
        <Link to={self} className="button button--ghost">
          {t("saveDrawer.cancel")}
        </Link>
      </Form>
      {confirmDelete ? (
        <Form method="post" role="group" aria-labelledby="confirm-delete" className="workspace-edit-panel__delete">
          <p id="confirm-delete">{t("workspace.collection.confirmDelete")}</p>
          {hidden("csrf", csrf)}
          {hidden("intent", "delete")}
          {/* biome-ignore lint/a11y/noAutofocus: the confirmation the user just asked for: the focus goes to its answer */}
          <button type="submit" className="button button--danger" autoFocus>
            {t("workspace.collection.confirmYes")}
          </button>{" "}
          <Link to={`${self}?edit=1`} className="button button--ghost">
            {t("saveDrawer.confirmNo")}
          </Link>
        </Form>
      ) : (
        <p className="workspace-edit-panel__delete">
          <Link to={`${self}?delete=1`} className="button button--ghost">
            {t("workspace.collection.delete")}
          </Link>
        </p>
      )}
    </section>
  );
}
