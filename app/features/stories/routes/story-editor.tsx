import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from "react";
import { data, Link, useFetcher, useNavigate, useRevalidator } from "react-router";
import type { Route } from "./+types/story-editor";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { z } from "~/lib/zod";
import { localizePath, splitLocale } from "~/lib/locale";
import { translate, type MessageKey } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { pageMeta } from "~/lib/seo";
import { SaveDrawer } from "~/components/SaveDrawer";
import { RecordCard } from "~/components/RecordCard";
import type { RecordCard as Card } from "~/lib/record-types";
import { DEFAULT_PLACEHOLDER } from "~/features/site";
import { getSiteOptions } from "~/features/site/index.server";
import { MapView } from "~/components/MapView";
import { getCollection, WorkspaceError } from "~/features/workspace/index.server";
import { CollectionIdSchema, TitleSchema } from "~/features/workspace";
import { UnsavedNotice, useUnsavedChanges } from "~/components/editor/useUnsavedChanges";
import { EditorDrawer } from "~/components/editor/EditorDrawer";
import { ImagePicker } from "~/features/workspace";
import { RichText } from "~/components/editor/RichText";
import type { PickerImage } from "~/components/editor/images";
import { TABLES, type TableName } from "~/lib/tables";
import { rootDataOf, useRootData } from "~/root-data";
import { createStory, deleteStory, getStory, updateStory } from "../stories.server";
import { BlocksSchema, StoryIdSchema, storyMessage, type Block, type BlockType, type ViewBlock } from "../stories";
import { DragHandle, SortableItem, SortableList } from "~/components/Sortable";
import "../components/stories.css";

/**
 * /collections/{coll}/stories/{id} (issue 15 §3; `add` creates): the owner's story editor — ordered blocks
 * (heading, rich text, image, record card, quote, map), moved by buttons or dragged (by pointer, touch or
 * keyboard: decision 065), the save drawer, publishing and the
 * unsaved-changes prompts. Another user's collection or story, or a story of another collection, is a 404
 * exactly like a missing id, on the page, its `.data` URL and its posts.
 */
async function load(context: Route.LoaderArgs["context"], url: URL, params: Route.LoaderArgs["params"]) {
  const coll = CollectionIdSchema.safeParse(params.coll);
  const isNew = params.id === "add";
  const id = isNew ? null : StoryIdSchema.safeParse(params.id);
  if (!coll.success || (id && !id.success)) throw notFound();
  const ctx = serviceContext(context, url);
  // another user's or a missing one: the services' refusal, answered by the route guard with the 404 page
  const collection = await getCollection(ctx, coll.data);
  // Stories are written in one's own collections only (a collection shared with the viewer is not theirs).
  if (collection.role !== "owner") throw notFound();
  const story = id?.success ? await getStory(ctx, coll.data, id.data) : null;
  return { ctx, collection, story };
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { ctx, collection, story } = await load(context, url, params);
  const options = await getSiteOptions(ctx, ctx.locale);
  return data(
    {
      collection: { id: collection.id, title: collection.title, items: collection.items },
      story: story
        ? {
            id: story.id,
            title: story.title,
            blocks: story.blocks,
            version: story.version,
            public: story.public,
            slug: story.publishedSlug,
            points: story.points,
            hidden: story.hidden,
          }
        : null,
      tiles: { url: options.tileUrl, attribution: options.tileAttribution },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), title: TitleSchema, blocks: BlocksSchema, version: z.number().int().min(1).optional() }),
  z.object({ intent: z.literal("publish"), public: z.boolean() }),
  z.object({ intent: z.literal("delete") }),
]);

export type ActionResult =
  | { ok: true; intent: "save"; id: string; version: number; created: boolean }
  // The state the server confirmed: the message says it, not the page's copy from before (issue 31 §1).
  | { ok: true; intent: "publish"; id: string; version: number; public: boolean }
  | { ok: true; intent: "delete" }
  | { ok: false; message: string; conflict: boolean };

/** The editor's JSON posts: save (create with `add`), publish/unpublish, delete — each one service call. */
export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { ctx, collection, story } = await load(context, url, params);
  const fail = (key: string, status: number, p: Record<string, string | number> = {}) =>
    data<ActionResult>({ ok: false, message: translate(ctx.locale, key as MessageKey, p), conflict: status === 409 }, { status });
  const body = (await request.json().catch(() => null)) as unknown;
  const input = ActionSchema.safeParse(body);
  if (!input.success) return fail(storyMessage(input.error), 400);
  try {
    const a = input.data;
    if (a.intent === "delete") {
      if (!story) return fail("stories.error.invalid", 400);
      await deleteStory(ctx, story.id);
      return data<ActionResult>({ ok: true, intent: "delete" });
    }
    if (a.intent === "publish") {
      if (!story) return fail("stories.publish.saveFirst", 400);
      const done = await updateStory(ctx, story.id, { public: a.public });
      return data<ActionResult>({ ok: true, intent: "publish", id: done.id, version: done.version, public: done.public });
    }
    if (!story) {
      const made = await createStory(ctx, collection.id, { title: a.title, blocks: a.blocks });
      return data<ActionResult>({ ok: true, intent: "save", id: made.id, version: made.version, created: true }, { status: 201 });
    }
    if (a.version === undefined) return fail("stories.error.version", 400);
    const saved = await updateStory(ctx, story.id, { title: a.title, blocks: a.blocks, version: a.version });
    return data<ActionResult>({ ok: true, intent: "save", id: saved.id, version: saved.version, created: false });
  } catch (err) {
    // a refusal (another user's story, one gone meanwhile) is the route guard's 404 page
    if (err instanceof WorkspaceError) return fail(err.messageKey, err.code === "conflict" || err.code === "limit" ? 409 : 400, err.params);
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  return [
    ...pageMeta({
      title: d?.story?.title ?? translate(locale, "stories.new"),
      siteTitle: root?.options.title,
      origin: root?.origin ?? "",
      languages: root?.languages,
      pathname: location.pathname,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const handle = { layout: "default", capability: "PRIVATE" };

type LoaderStory = NonNullable<Route.ComponentProps["loaderData"]["story"]>;

const newBlockId = () => Math.random().toString(36).slice(2, 10) + Date.now().toString(36).slice(-4);

/** An image block's source from a picked image: the record's picture, or an upload. */
function imageSource(
  img: PickerImage,
): { record: { table: TableName; id: string }; url?: undefined } | { url: string; record?: undefined } {
  return img.ref && (TABLES as string[]).includes(img.ref.table)
    ? { record: { table: img.ref.table as TableName, id: img.ref.id } }
    : { url: img.url };
}

function emptyBlock(type: Exclude<BlockType, "image">, first: Card | undefined): Block {
  const id = newBlockId();
  switch (type) {
    case "heading":
      return { id, type, text: "" };
    case "text":
      return { id, type, html: "" };
    case "record":
      return { id, type, record: first ? { table: first.table, id: first.id } : { table: "ca_objects", id: "" } };
    case "quote":
      return { id, type, text: "", cite: "" };
    case "map":
      return { id, type };
  }
}

/** The blocks as saved (no cards), for the dirty check and the post. */
const plain = (blocks: ViewBlock[]): Block[] => blocks.map((b) => ("card" in b ? (({ card: _card, ...rest }) => rest)(b) : b) as Block);

/** What the editor starts from: the loaded story's title and blocks (nothing for a new one). */
const initial = (s: LoaderStory | null) => ({ title: s?.title ?? "", blocks: s ? plain(s.blocks) : [] });

/** A new editor (fresh state and prompts) for each story: after `add` creates one, its own address takes over. */
export default function StoryEditorRoute(props: Route.ComponentProps) {
  return <StoryEditor key={props.loaderData.story?.id ?? "new"} {...props} />;
}

function StoryEditor({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = useRootData();
  const placeholder = root?.options.placeholder ?? DEFAULT_PLACEHOLDER;
  const { collection, story, tiles } = loaderData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<ActionResult>();
  const uid = useId();

  const [title, setTitle] = useState(() => initial(story).title);
  const [blocks, setBlocks] = useState<Block[]>(() => initial(story).blocks);
  const [saved, setSaved] = useState(() => JSON.stringify(initial(story)));
  const [status, setStatus] = useState("");
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [panel, setPanel] = useState(false);
  const [tab, setTab] = useState<"edit" | "manage">("edit");
  /** The image block the picker fills (null: a new image block). */
  const [pickTarget, setPickTarget] = useState<string | null>(null);
  /** Previews of images picked in this session (records outside the collection, uploads). */
  const [picked, setPicked] = useState<Map<string, { thumb: string; title: string }>>(() => new Map());
  /** The save drawer opened by "Delete the story": its confirmation is asked at once (as the moodboard's). */
  const [deleteFirst, setDeleteFirst] = useState(false);
  const focusNext = useRef<string | null>(null);
  /** The writer asked for the latest version (after a stale save): it replaces what is here when it comes. */
  const [reloading, setReloading] = useState(false);
  const posted = useRef(saved);

  const dirty = JSON.stringify({ title, blocks }) !== saved;
  const unsaved = useUnsavedChanges(dirty && fetcher.state === "idle");

  // The saved story (after a save, a publication or a reload) is the new starting point: adopted while
  // rendering, when the loaded version changes (React's "adjusting state when a prop changes"), unless
  // unsaved edits would be lost (the writer then keeps them, and a save says the version is stale).
  const loadedKey = story ? `${story.id}:${story.version}` : "new";
  const [loaded, setLoaded] = useState(loadedKey);
  if (loaded !== loadedKey) {
    setLoaded(loadedKey);
    if (reloading || !dirty || fetcher.state !== "idle") {
      const next = initial(story);
      setReloading(false);
      setTitle(next.title);
      setBlocks(next.blocks);
      setSaved(JSON.stringify(next));
    }
  }

  // Cards for the previews: the collection's records and those already in the story.
  const cards = useMemo(() => {
    const m = new Map<string, Card>();
    for (const c of collection.items) m.set(`${c.table}/${c.id}`, c);
    for (const b of story?.blocks ?? []) if ("card" in b && b.card) m.set(`${b.card.table}/${b.card.id}`, b.card);
    return m;
  }, [collection.items, story?.blocks]);

  // What the last post answered, once (an effect event reads the editor as it is then: the answer is the only
  // cause to react to).
  const result = fetcher.data;
  const handled = useRef<ActionResult | undefined>(undefined);
  const onResult = useEffectEvent((result: ActionResult) => {
    if (!result.ok) {
      setError({ message: result.message, conflict: result.conflict });
      return;
    }
    setError(null);
    if (result.intent === "delete") {
      unsaved.release();
      navigate(localizePath(`/collections/${collection.id}`, locale), { replace: true });
      return;
    }
    if (result.intent === "save") {
      setSaved(posted.current);
      setDrawer(false);
      setStatus(t("stories.editor.saved"));
      if (result.created) {
        unsaved.release();
        navigate(localizePath(`/collections/${collection.id}/stories/${result.id}`, locale), { replace: true });
      }
    } else setStatus(result.public ? t("stories.publish.done") : t("stories.publish.withdrawn"));
  });
  useEffect(() => {
    if (!result || fetcher.state !== "idle" || handled.current === result) return;
    handled.current = result;
    onResult(result);
  }, [result, fetcher.state]);

  // Moves, additions and deletions keep the keyboard focus on something sensible.
  useEffect(() => {
    const f = focusNext.current;
    if (!f) return;
    focusNext.current = null;
    document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(f)}"]`)?.focus();
  });

  const post = (body: Record<string, unknown>) => fetcher.submit(body as never, { method: "post", encType: "application/json" });
  const save = () => {
    // The save drawer refuses an empty title first; this also refuses what the server would.
    if (!TitleSchema.safeParse(title).success) return t("workspace.error.title");
    posted.current = JSON.stringify({ title, blocks });
    post({ intent: "save", title: title.trim(), blocks, ...(story ? { version: story.version } : {}) });
  };
  const reload = () => {
    setReloading(true);
    setError(null);
    revalidator.revalidate();
  };

  const typeName = (type: BlockType) => t(`stories.block.${type}` as MessageKey);
  const blockName = (id: string) => {
    const at = blocks.findIndex((b) => b.id === id);
    return t("stories.editor.blockName", { position: at + 1, type: at < 0 ? "" : typeName(blocks[at]!.type) });
  };
  const update = (id: string, patch: Partial<Block>) => setBlocks((bs) => bs.map((b) => (b.id === id ? ({ ...b, ...patch } as Block) : b)));
  const openPicker = (target: string | null) => {
    setPickTarget(target);
    setTab("edit");
    setPanel(true);
  };
  const pick = (img: PickerImage) => {
    const src = imageSource(img);
    const key = src.record ? `${src.record.table}/${src.record.id}` : src.url!;
    setPicked((m) => new Map(m).set(key, { thumb: img.thumb, title: img.title }));
    if (pickTarget && blocks.some((b) => b.id === pickTarget)) {
      setBlocks((bs) =>
        bs.map((b) => (b.id === pickTarget && b.type === "image" ? ({ ...b, record: undefined, url: undefined, ...src } as Block) : b)),
      );
      setStatus(t("stories.editor.imageSet", { title: img.title }));
      focusNext.current = `block:${pickTarget}`;
    } else {
      const b = { id: newBlockId(), type: "image", caption: "", credit: "", alt: "", ...src } as Block;
      setBlocks((bs) => [...bs, b]);
      setPickTarget(b.id);
      setStatus(t("stories.editor.added", { type: typeName("image") }));
    }
  };
  const add = (type: BlockType) => {
    if (type === "image") return openPicker(null);
    const b = emptyBlock(type, collection.items[0]);
    setBlocks((bs) => [...bs, b]);
    setStatus(t("stories.editor.added", { type: typeName(type) }));
    focusNext.current = `block:${b.id}`;
  };
  const move = (i: number, by: -1 | 1) => {
    const to = i + by;
    if (to < 0 || to >= blocks.length) return;
    const next = [...blocks];
    const [b] = next.splice(i, 1);
    next.splice(to, 0, b!);
    setBlocks(next);
    setStatus(t("stories.editor.moved", { position: to + 1, total: next.length }));
    const atEnd = (by < 0 && to === 0) || (by > 0 && to === next.length - 1);
    focusNext.current = `${atEnd ? (by < 0 ? "down" : "up") : by < 0 ? "up" : "down"}:${b!.id}`;
  };
  /** A drop (dnd-kit: by pointer, touch or keyboard); saved with the story like the buttons' moves. */
  const drop = ({ from, to }: { from: number; to: number }) => {
    const next = [...blocks];
    next.splice(to, 0, ...next.splice(from, 1));
    setBlocks(next);
    setStatus(t("stories.editor.moved", { position: to + 1, total: next.length }));
  };
  const remove = (i: number) => {
    const next = blocks.filter((_, j) => j !== i);
    setBlocks(next);
    setStatus(t("stories.editor.removed"));
    focusNext.current = next[i] ? `block:${next[i]!.id}` : next[i - 1] ? `block:${next[i - 1]!.id}` : "add";
  };

  const busy = fetcher.state !== "idle";
  const publicHref = story?.public && story.slug ? localizePath(`/public/stories/${story.slug}`, locale) : null;
  const total = blocks.length;
  const manage = story ? (
    <div className="story-editor__manage">
      <p>
        <strong>{story.public ? t("stories.publish.published") : t("stories.publish.private")}</strong>
        {" · "}
        {story.public ? t("stories.publish.note") : t("stories.publish.privateNote")}
      </p>
      {publicHref ? (
        <p>
          <Link to={publicHref}>{t("stories.publish.link")}</Link>
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={busy || dirty}
        aria-describedby={dirty ? `${uid}-pubhint` : undefined}
        onClick={() => post({ intent: "publish", public: !story.public })}
      >
        {story.public ? t("stories.publish.unpublish") : t("stories.publish.publish")}
      </button>
      {dirty ? (
        <p id={`${uid}-pubhint`} className="hint">
          {t("stories.publish.saveFirst")}
        </p>
      ) : null}
      <div className="story-editor__delete">
        <button
          type="button"
          className="button button--ghost"
          aria-haspopup="dialog"
          onClick={() => {
            setDeleteFirst(true);
            setDrawer(true);
          }}
        >
          {t("stories.editor.deleteStory")}
        </button>
      </div>
    </div>
  ) : (
    <p className="hint">{t("stories.publish.saveFirst")}</p>
  );
  const usedImages = blocks
    .flatMap((b) => (b.type === "image" ? [b.url ?? cards.get(`${b.record!.table}/${b.record!.id}`)?.url.medium ?? ""] : []))
    .filter(Boolean);

  return (
    <section className="page story-editor" aria-labelledby={`${uid}-h1`}>
      <p className="workspace__back">
        <Link to={localizePath(`/collections/${collection.id}`, locale)}>← {t("stories.editor.back", { title: collection.title })}</Link>
      </p>
      <div className="story-editor__top">
        <h1 id={`${uid}-h1`}>{story?.title ?? t("stories.new")}</h1>
        <div className="story-editor__actions">
          <button type="button" className="button" aria-expanded={panel} aria-controls={`${uid}-panel`} onClick={() => setPanel(!panel)}>
            {t("stories.editor.panel")}
          </button>
          <button
            type="button"
            className="button button--primary"
            aria-haspopup="dialog"
            onClick={() => {
              setDeleteFirst(false);
              setDrawer(true);
            }}
          >
            {t("stories.editor.save")}
          </button>
        </div>
      </div>
      <UnsavedNotice show={unsaved.notice} />
      <p role="status" className="story-editor__status">
        {busy ? t("stories.editor.saving") : status}
      </p>
      {error ? (
        <div role="alert" className="notice notice--error">
          <p>{error.message}</p>
          {error.conflict ? (
            <button type="button" className="button" onClick={reload}>
              {t("stories.editor.reload")}
            </button>
          ) : null}
        </div>
      ) : null}
      <noscript>
        <p className="notice">{t("stories.editor.noscript")}</p>
      </noscript>

      {story ? (
        <p className="workspace__meta">
          {story.public ? t("stories.publish.published") : t("stories.publish.private")}
          {publicHref ? (
            <>
              {" · "}
              <Link to={publicHref}>{t("stories.publish.link")}</Link>
            </>
          ) : null}
        </p>
      ) : null}

      <div className={`story-editor__layout${panel ? " story-editor__layout--panel" : ""}`}>
        <div className="story-editor__main">
          <h2 className="visually-hidden" id={`${uid}-blocks`}>
            {t("stories.editor.blocks")}
          </h2>
          {total === 0 ? <p className="workspace__empty">{t("stories.editor.empty")}</p> : null}
          <SortableList ids={blocks.map((b) => b.id)} name={blockName} onMove={drop} layout="list">
            <ol className="story-editor__blocks" aria-labelledby={`${uid}-blocks`}>
              {blocks.map((b, i) => {
                const legendId = `${uid}-b-${b.id}`;
                return (
                  <SortableItem key={b.id} id={b.id} className={`story-block story-block--${b.type}`}>
                    <div className="story-block__bar">
                      <h3 className="story-block__legend" id={legendId} tabIndex={-1} data-focus={`block:${b.id}`}>
                        {t("stories.editor.position", { position: i + 1, total, type: typeName(b.type) })}
                      </h3>
                      <div className="story-block__tools">
                        <DragHandle label={t("stories.editor.drag", { position: i + 1 })} />
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          disabled={i === 0}
                          data-focus={`up:${b.id}`}
                          onClick={() => move(i, -1)}
                          aria-label={t("stories.editor.moveUp", { position: i + 1 })}
                        >
                          <span aria-hidden="true">↑</span>
                        </button>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          disabled={i === total - 1}
                          data-focus={`down:${b.id}`}
                          onClick={() => move(i, 1)}
                          aria-label={t("stories.editor.moveDown", { position: i + 1 })}
                        >
                          <span aria-hidden="true">↓</span>
                        </button>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          onClick={() => remove(i)}
                          aria-label={t("stories.editor.remove", { position: i + 1 })}
                        >
                          <span aria-hidden="true">✕</span>
                        </button>
                      </div>
                    </div>
                    <BlockFields
                      block={b}
                      fieldId={legendId}
                      cards={cards}
                      picked={picked}
                      onPick={() => openPicker(b.id)}
                      items={collection.items}
                      points={story?.points ?? []}
                      tiles={tiles}
                      placeholder={placeholder}
                      onChange={(patch) => update(b.id, patch)}
                    />
                  </SortableItem>
                );
              })}
            </ol>
          </SortableList>

          <div className="story-editor__add">
            <h2 id={`${uid}-add`} tabIndex={-1} data-focus="add">
              {t("stories.editor.addHeading")}
            </h2>
            {/* biome-ignore lint/a11y/useSemanticElements: a labelled set of buttons, not a set of form fields (<fieldset>) */}
            <div className="story-editor__add-buttons" role="group" aria-labelledby={`${uid}-add`}>
              {(["heading", "text", "image", "record", "quote", "map"] as const).map((type) => (
                <button
                  key={type}
                  type="button"
                  className="button"
                  onClick={() => add(type)}
                  disabled={type === "record" && !collection.items.length}
                  aria-label={t("stories.editor.add", { type: typeName(type) })}
                >
                  + {typeName(type)}
                </button>
              ))}
            </div>
            {!collection.items.length ? <p className="hint">{t("stories.field.noRecords")}</p> : null}
          </div>
        </div>
        <EditorDrawer
          id={`${uid}-panel`}
          open={panel}
          onClose={() => setPanel(false)}
          label={t("stories.editor.panel")}
          tab={tab}
          onTabChange={setTab}
          edit={
            <>
              <p className="hint">
                {pickTarget && blocks.some((b) => b.id === pickTarget)
                  ? t("stories.editor.pickFor", { position: blocks.findIndex((b) => b.id === pickTarget) + 1 })
                  : t("stories.editor.pickNew")}
              </p>
              <ImagePicker onPick={pick} exclude={usedImages} />
            </>
          }
          manage={manage}
        />
      </div>

      <SaveDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        heading={t("stories.drawer.title")}
        className="story-drawer"
        title={title}
        onTitleChange={setTitle}
        titleLabel={t("stories.drawer.name")}
        error={error && drawer ? error.message : null}
        busy={busy}
        saveLabel={t("stories.editor.save")}
        onSave={() => save()}
        onDelete={story ? () => post({ intent: "delete" }) : undefined}
        deleteLabel={t("stories.drawer.delete")}
        confirming={deleteFirst}
      />
      {unsaved.prompt}
    </section>
  );
}

type FieldsProps = {
  block: Block;
  fieldId: string;
  cards: Map<string, Card>;
  picked: Map<string, { thumb: string; title: string }>;
  onPick: () => void;
  items: Card[];
  points: {
    id: string;
    table: string;
    link: string;
    label: string;
    type: string | null;
    date: string;
    thumbnail: string | null;
    lat: number;
    lng: number;
  }[];
  tiles: { url: string; attribution: string };
  placeholder: string;
  onChange: (patch: Partial<Block>) => void;
};

/** The fields of one block. */
function BlockFields({ block: b, fieldId, cards, picked, onPick, items, points, tiles, placeholder, onChange }: FieldsProps) {
  const { t } = useI18n();
  const id = `${fieldId}-f`;
  const refValue = (r: { table: string; id: string }) => (r.id ? `${r.table}/${r.id}` : "");
  const parseRef = (v: string) => {
    const at = v.indexOf("/");
    return { table: v.slice(0, at), id: v.slice(at + 1) } as Extract<Block, { type: "record" }>["record"];
  };
  const options = (list: Card[], current: string) => {
    const shown =
      list.some((c) => `${c.table}/${c.id}` === current) || !current
        ? list
        : [...(cards.get(current) ? [cards.get(current)!] : []), ...list];
    return shown.map((c) => (
      <option key={`${c.table}/${c.id}`} value={`${c.table}/${c.id}`}>
        {c.preferred_label}
      </option>
    ));
  };
  switch (b.type) {
    case "heading":
      return (
        <>
          <label htmlFor={id}>{t("stories.field.headingText")}</label>
          <input
            id={id}
            type="text"
            className="story-block__heading-input"
            value={b.text}
            maxLength={200}
            data-focus={`block-field:${b.id}`}
            onChange={(e) => onChange({ text: e.target.value })}
          />
        </>
      );
    case "text":
      return (
        <>
          <p className="visually-hidden" id={id}>
            {t("stories.field.text")}
          </p>
          <RichText
            html={b.html}
            labelId={id}
            onChange={(html) => onChange({ html })}
            className="story-rich"
            labels={{
              toolbar: t("stories.toolbar.label"),
              bold: t("stories.toolbar.bold"),
              italic: t("stories.toolbar.italic"),
              bulletList: t("stories.toolbar.bulletList"),
              orderedList: t("stories.toolbar.orderedList"),
            }}
          />
        </>
      );
    case "quote":
      return (
        <>
          <label htmlFor={id}>{t("stories.field.quote")}</label>
          <textarea id={id} value={b.text} maxLength={1000} onChange={(e) => onChange({ text: e.target.value })} />
          <label htmlFor={`${id}-cite`}>{t("stories.field.cite")}</label>
          <input id={`${id}-cite`} type="text" value={b.cite} maxLength={200} onChange={(e) => onChange({ cite: e.target.value })} />
        </>
      );
    case "image": {
      const key = b.record ? refValue(b.record) : (b.url ?? "");
      const card = b.record ? cards.get(key) : undefined;
      const pick = picked.get(key);
      const src = card?.url.medium ?? card?.url.thumbnail ?? pick?.thumb ?? b.url;
      const name = card?.preferred_label ?? pick?.title ?? (b.url ? t("stories.field.upload") : "");
      return (
        <>
          <div className="story-block__preview">
            {src ? <img src={src} alt="" /> : <p className="story-block__missing">{t("stories.editor.notAvailable")}</p>}
            <div>
              {name ? <p id={id}>{name}</p> : null}
              <button type="button" className="button button--small" onClick={onPick} aria-describedby={name ? id : undefined}>
                {t("stories.field.changeImage")}
              </button>
            </div>
          </div>
          <label htmlFor={`${id}-caption`}>{t("stories.field.caption")}</label>
          <input
            id={`${id}-caption`}
            type="text"
            value={b.caption}
            maxLength={300}
            onChange={(e) => onChange({ caption: e.target.value })}
          />
          <label htmlFor={`${id}-credit`}>{t("stories.field.credit")}</label>
          <input id={`${id}-credit`} type="text" value={b.credit} maxLength={200} onChange={(e) => onChange({ credit: e.target.value })} />
          <label htmlFor={`${id}-alt`}>{t("stories.field.alt")}</label>
          <input id={`${id}-alt`} type="text" value={b.alt} maxLength={300} onChange={(e) => onChange({ alt: e.target.value })} />
        </>
      );
    }
    case "record": {
      const current = refValue(b.record);
      const card = cards.get(current);
      return (
        <>
          <label htmlFor={id}>{t("stories.field.record")}</label>
          {items.length || card ? (
            <select id={id} value={current} onChange={(e) => onChange({ record: parseRef(e.target.value) })}>
              {!current ? <option value="">{t("stories.field.none")}</option> : null}
              {options(items, current)}
            </select>
          ) : (
            <p className="hint">{t("stories.field.noRecords")}</p>
          )}
          <div className="story-block__record-preview">
            {card ? (
              <RecordCard card={card} placeholder={placeholder} headingLevel={4} />
            ) : current ? (
              <p className="story-block__missing">{t("stories.editor.notAvailable")}</p>
            ) : null}
          </div>
        </>
      );
    }
    case "map":
      return (
        <>
          <p className="hint">{t("stories.map.note")}</p>
          {points.length ? (
            <MapView
              points={points}
              tileUrl={tiles.url}
              tileAttribution={tiles.attribution}
              bbox={null}
              clearAreaHref={null}
              label={t("stories.public.map")}
            />
          ) : (
            <p className="hint">{t("stories.map.none")}</p>
          )}
        </>
      );
  }
}
