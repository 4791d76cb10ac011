import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/map";
import { isRefusal } from "~/.server/access";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { formToken } from "~/features/accounts/index.server";
import { WorkspaceError } from "~/features/workspace/index.server";
import { type MessageKey, translate } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { localizePath, splitLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { RECORD_ID_PATTERN, tableFromSlug } from "~/lib/tables";
import { rootDataOf } from "~/root-data";
import { getRelationMap } from "../relmap.server";
import { createMap, deleteMap, getMap, getPublishedMap, saveMap } from "../maps.server";
import {
  MapIdSchema,
  MapOpenSchema,
  MapSlugSchema,
  MapTitleSchema,
  PositionsSchema,
  readOpen,
  type RelationMap,
  type SavedMap,
} from "../relmap";
import { type Positions, RelationMapView } from "../components/RelationMapView";
import { relationMapPath } from "../paths";
import relmapCss from "../components/relmap.css?url";

/**
 * The relational map's page (issue 33 §5, decisions 110 and 111), one module for three addresses:
 * - /mappa/{table}/{id}: a record's map, `?open=` first-ring nodes opened one step further; a signed-in user may
 *   save it as arranged;
 * - /mappa/{map id}: one of the user's saved maps (another user's: the 404 of a missing one): arrange and save
 *   again, rename, publish, delete;
 * - /public/maps/{slug}: a published map, for anyone, while it is published.
 * What the viewer may not see is never in the map; a record they may not see is the 404 of a missing one.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const asked = url.searchParams.has("open") ? readOpen(url.searchParams.get("open")) : null;
  let saved: SavedMap | null = null;
  let map: RelationMap | null;
  if ("slug" in params) {
    const slug = MapSlugSchema.safeParse(params.slug);
    if (!slug.success) throw notFound();
    saved = await getPublishedMap(ctx, slug.data);
    map = await getRelationMap(ctx, saved.table, saved.recordId, { open: saved.open, positions: saved.positions });
  } else if (params.b === undefined) {
    const id = MapIdSchema.safeParse(params.a);
    if (!id.success) throw notFound();
    saved = await getMap(ctx, id.data);
    map = await getRelationMap(ctx, saved.table, saved.recordId, { open: asked ?? saved.open, positions: saved.positions });
  } else {
    const table = tableFromSlug(params.a);
    if (!table || !RECORD_ID_PATTERN.test(params.b)) throw notFound();
    map = await getRelationMap(ctx, table, params.b, { open: asked ?? [] });
  }
  if (!map) throw notFound();
  const signedIn = context.viewer.kind === "user";
  const published = "slug" in params;
  // the form token only where there are forms: a signed-in viewer's page, never cached
  const { token, setCookie } = signedIn && !published ? formToken(context) : { token: null, setCookie: undefined };
  return data(
    {
      map,
      published,
      saved: saved && !published ? saved : null,
      publishedTitle: published ? saved!.title : null,
      canSave: signedIn && !published,
      csrf: token,
    },
    {
      headers: {
        ...(setCookie ? { "Set-Cookie": setCookie } : {}),
        // unpublishing takes effect at once: no cache keeps a published map (decision 111)
        ...(published ? { "Cache-Control": "no-cache" } : {}),
      },
    },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type ActionAnswer = { ok: boolean; error: MessageKey | null; params?: Record<string, string | number>; done?: MessageKey };

function readPositions(value: FormDataEntryValue | null): Positions | undefined | false {
  if (value === null || value === "") return undefined;
  try {
    const p = PositionsSchema.safeParse(JSON.parse(String(value)));
    return p.success ? p.data : false;
  } catch {
    return false;
  }
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  if ("slug" in params) throw notFound();
  const ctx = serviceContext(context, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const bad = (error: MessageKey, status = 400) => data<ActionAnswer>({ ok: false, error }, { status });
  const positions = readPositions(form.get("positions"));
  const open = form.has("open") ? MapOpenSchema.safeParse(readOpen(String(form.get("open")))) : null;
  if (positions === false || (open && !open.success)) return bad("relmap.error.bad");
  try {
    if (params.b !== undefined) {
      // a record's map: save it
      const table = tableFromSlug(params.a);
      if (!table || !RECORD_ID_PATTERN.test(params.b) || intent !== "create") throw notFound();
      const title = MapTitleSchema.safeParse(form.get("title"));
      if (!title.success) return bad("relmap.error.title");
      const created = await createMap(ctx, {
        title: title.data,
        table,
        id: params.b,
        open: open?.data ?? [],
        positions: positions ?? {},
      });
      throw redirect(localizePath(`/mappa/${created.id}`, ctx.locale), 303);
    }
    const id = MapIdSchema.safeParse(params.a);
    if (!id.success) throw notFound();
    if (intent === "delete") {
      await deleteMap(ctx, id.data);
      throw redirect(localizePath("/collections?tab=mappe", ctx.locale), 303);
    }
    const version = Number(form.get("version"));
    if (!Number.isInteger(version) || version < 1) return bad("relmap.error.bad");
    if (intent === "save") {
      await saveMap(ctx, id.data, { version, positions, open: open?.data });
      return { ok: true, error: null, done: "relmap.saved" } satisfies ActionAnswer;
    }
    if (intent === "rename") {
      const title = MapTitleSchema.safeParse(form.get("title"));
      if (!title.success) return bad("relmap.error.title");
      await saveMap(ctx, id.data, { version, title: title.data });
      return { ok: true, error: null, done: "relmap.renamed" } satisfies ActionAnswer;
    }
    if (intent === "publish" || intent === "unpublish") {
      await saveMap(ctx, id.data, { version, public: intent === "publish" });
      return { ok: true, error: null, done: intent === "publish" ? "relmap.publishedNow" : "relmap.unpublishedNow" } satisfies ActionAnswer;
    }
    return bad("relmap.error.bad");
  } catch (err) {
    if (isRefusal(err) && err.status === 404) throw notFound();
    if (err instanceof WorkspaceError)
      return data<ActionAnswer>(
        { ok: false, error: err.messageKey as MessageKey, params: err.params },
        { status: err.code === "invalid" ? 400 : 409 },
      );
    throw err;
  }
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: relmapCss }];

export const meta: Route.MetaFunction = ({ matches, location, data: d }) => {
  const root = rootDataOf(matches);
  const ui = splitLocale(location.pathname).ui;
  if (!d) return [{ title: root?.options.title ?? "Teca" }, { name: "robots", content: "noindex" }];
  const title = d.publishedTitle ?? d.saved?.title ?? translate(ui, "relmap.title", { title: d.map.centre.label });
  return [
    ...pageMeta({
      title,
      siteTitle: root?.options.title,
      origin: root?.origin ?? "",
      languages: root?.languages,
      pathname: location.pathname,
    }),
    ...(d.published ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

export const handle = { layout: "default", capability: "PUBLIC" };

export default function MapPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { map, saved, canSave, csrf, publishedTitle } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const [positions, setPositions] = useState<Positions | null>(null);
  // a new map (another record, other nodes opened, a save answered): nothing moved since
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is the trigger
  useEffect(() => setPositions(null), [map]);
  const empty = map.groups.length === 0;
  const title = publishedTitle ?? saved?.title ?? t("relmap.title", { title: map.centre.label });
  const hidden = (
    <>
      <input type="hidden" name="csrf" value={csrf ?? ""} />
      <input type="hidden" name="open" value={map.open.join(",")} />
      <input type="hidden" name="positions" value={positions ? JSON.stringify(positions) : ""} />
    </>
  );
  const answer = actionData as ActionAnswer | undefined;
  return (
    <div className="relmap-page">
      <nav aria-label={t("nav.breadcrumb")} className="breadcrumb">
        <ol>
          {saved ? (
            <li>
              <Link to={localizePath("/collections?tab=mappe", locale)}>{t("workspace.tabs.maps")}</Link>
            </li>
          ) : null}
          <li>
            <Link to={localizePath(map.centre.link, locale)}>{map.centre.label}</Link>
          </li>
          <li aria-current="page">{saved || publishedTitle ? title : t("relmap.name")}</li>
        </ol>
      </nav>
      <h1>{title}</h1>
      {saved || publishedTitle ? (
        <p className="relmap__intro">
          {t("relmap.of")} <Link to={localizePath(relationMapPath(map.centre.table, map.centre.id), locale)}>{map.centre.label}</Link>
        </p>
      ) : null}
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "relmap__done" : "form-error"}>
          {answer.ok && answer.done ? t(answer.done) : answer.error ? t(answer.error, answer.params) : null}
        </p>
      ) : null}
      {empty ? (
        <div className="relmap__empty">
          <p>{t("relmap.empty")}</p>
          <p>
            <Link className="button button--primary" to={localizePath(map.centre.link, locale)}>
              {t("relmap.back")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          {saved || publishedTitle ? null : <p className="relmap__intro">{t("relmap.intro")}</p>}
          <RelationMapView map={map} search={location.search} arrange={!publishedTitle} onMove={setPositions} />
        </>
      )}
      {canSave && !saved && !empty ? (
        <Form method="post" className="relmap__save" aria-labelledby="relmap-save-title">
          <h2 id="relmap-save-title" className="relmap__heading">
            {t("relmap.save.title")}
          </h2>
          {hidden}
          <div className="relmap__row">
            <label htmlFor="relmap-title">{t("relmap.save.name")}</label>
            <input id="relmap-title" name="title" required maxLength={200} defaultValue={map.centre.label} />
            <button type="submit" name="intent" value="create" className="button button--primary" disabled={busy}>
              {t("relmap.save.action")}
            </button>
          </div>
        </Form>
      ) : null}
      {saved ? (
        <section className="relmap__manage" aria-labelledby="relmap-manage-title">
          <h2 id="relmap-manage-title" className="relmap__heading">
            {t("relmap.manage")}
          </h2>
          <Form method="post" className="relmap__row">
            {hidden}
            <input type="hidden" name="version" value={saved.version} />
            <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
              {t("relmap.save.again")}
            </button>
            {positions ? <span className="relmap__meta">{t("relmap.unsaved")}</span> : null}
          </Form>
          <Form method="post" className="relmap__row">
            <input type="hidden" name="csrf" value={csrf ?? ""} />
            <input type="hidden" name="version" value={saved.version} />
            <label htmlFor="relmap-rename">{t("relmap.save.name")}</label>
            <input id="relmap-rename" name="title" required maxLength={200} defaultValue={saved.title} key={saved.version} />
            <button type="submit" name="intent" value="rename" className="button" disabled={busy}>
              {t("relmap.rename")}
            </button>
          </Form>
          <Form method="post" className="relmap__row">
            <input type="hidden" name="csrf" value={csrf ?? ""} />
            <input type="hidden" name="version" value={saved.version} />
            <span>{saved.public ? t("relmap.isPublic") : t("relmap.isPrivate")}</span>
            {saved.public && saved.publishedSlug ? (
              <Link to={localizePath(`/public/maps/${saved.publishedSlug}`, locale)}>{t("relmap.publicLink")}</Link>
            ) : null}
            <button type="submit" name="intent" value={saved.public ? "unpublish" : "publish"} className="button" disabled={busy}>
              {saved.public ? t("relmap.unpublish") : t("relmap.publish")}
            </button>
          </Form>
          <Form
            method="post"
            className="relmap__row"
            onSubmit={(e) => {
              if (!window.confirm(t("relmap.deleteConfirm", { title: saved.title }))) e.preventDefault();
            }}
          >
            <input type="hidden" name="csrf" value={csrf ?? ""} />
            <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy}>
              {t("relmap.delete")}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
