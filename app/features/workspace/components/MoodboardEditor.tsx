import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type MoveableType from "react-moveable";
import { useI18n } from "~/i18n/context";
import { apiFetch } from "~/lib/api-fetch";
import { localizePath } from "~/lib/locale";
import { SaveDrawer } from "~/components/SaveDrawer";
import { ColorField, EditorDrawer } from "~/components/editor/EditorDrawer";
import { ImagePicker } from "~/features/workspace/components/ImagePicker";
import { UnsavedNotice, useUnsavedChanges } from "~/components/editor/useUnsavedChanges";
import type { PickerImage } from "~/components/editor/images";
import { CANVAS, MAX_COLOURS, topZ, type Moodboard, type MoodboardContent, type MoodboardItem } from "../moodboards";
import "./moodboard.css";

/** react-moveable touches the DOM: loaded in the browser only, and only on this route. */
const Moveable = lazy(() => import("react-moveable"));

type Doc = MoodboardContent;
const MOVE = 5;
const RESIZE = 10;
const ROTATE = 15;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The moodboard editor (issue 15 §3): a fixed canvas of images moved, resized and rotated with react-moveable
 * (mouse, touch) or the keyboard (arrows, Shift+arrows, Alt+arrows, Page Up/Down, Delete), each change
 * announced; colour swatches and background; images from the picker; export as PNG drawn from the items'
 * geometry; the save drawer; the unsaved-edit prompts.
 */
export function MoodboardEditor({
  collection,
  board,
  limits,
}: {
  collection: { id: string; title: string };
  board: Moodboard | null;
  limits: { maxFiles: number; maxItems: number };
}) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const ids = { help: useId(), drawer: useId() };
  const initial: Doc = board
    ? { title: board.title, background: board.background, colours: board.colours, items: board.items }
    : { title: "", background: "#ffffff", colours: [], items: [] };
  const [doc, setDoc] = useState<Doc>(initial);
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const [boardId, setBoardId] = useState<string | null>(board?.id ?? null);
  const [version, setVersion] = useState<number | null>(board?.version ?? null);
  const [selected, setSelected] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  const [drawerOpen, setDrawerOpen] = useState(true);
  const [tab, setTab] = useState<"edit" | "manage">("edit");
  const [saveOpen, setSaveOpen] = useState(false);
  /** The save drawer opened by "Delete the moodboard": its confirmation is asked at once. */
  const [deleteFirst, setDeleteFirst] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; stale: boolean } | null>(null);
  const [status, setStatus] = useState("");
  const [mounted, setMounted] = useState(false);
  const canvasRef = useRef<HTMLDivElement>(null);
  const moveableRef = useRef<MoveableType>(null);
  const [target, setTarget] = useState<HTMLElement | null>(null);

  const dirty = JSON.stringify(doc) !== saved;
  const unsaved = useUnsavedChanges(dirty);
  useEffect(() => setMounted(true), []);

  const collectionPath = localizePath(`/collections/${collection.id}`, locale);
  const items = doc.items;
  const byLayer = useMemo(() => [...items].sort((a, b) => a.zIndex - b.zIndex), [items]);
  const sel = items.find((i) => i.id === selected) ?? null;
  const name = (i: MoodboardItem) => i.title || t("moodboard.untitledImage");

  // biome-ignore lint/correctness/useExhaustiveDependencies: items.length is the trigger: the selected element is looked up again once items are added or removed
  useEffect(() => {
    setTarget(selected ? (canvasRef.current?.querySelector<HTMLElement>(`[data-item="${CSS.escape(selected)}"]`) ?? null) : null);
  }, [selected, items.length]);
  // Keyboard and button changes move the element under Moveable's frame: re-measure it.
  // (Not during a gesture: Moveable measures it itself, and re-measuring midway restarts it.)
  const gesture = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: doc.items is the trigger: the frame is measured again after every move
  useEffect(() => {
    if (!gesture.current) moveableRef.current?.updateRect();
  }, [doc.items]);

  const patch = useCallback((id: string, change: Partial<MoodboardItem>) => {
    setDoc((d) => ({ ...d, items: d.items.map((i) => (i.id === id ? { ...i, ...change } : i)) }));
  }, []);

  function say(text: string) {
    // The same words twice are read twice: clear first.
    setAnnounce("");
    requestAnimationFrame(() => setAnnounce(text));
  }

  function addImage(img: PickerImage) {
    if (items.length >= limits.maxItems) {
      setError({ text: t("moodboard.error.itemLimit", { max: limits.maxItems }), stale: false });
      return;
    }
    const ratio = img.width && img.height ? img.height / img.width : 0.75;
    const width = 280;
    const height = Math.max(40, Math.min(700, Math.round(width * ratio)));
    const n = items.length % 8;
    const item: MoodboardItem = {
      id: Math.random().toString(36).slice(2, 12),
      url: img.url,
      ...(img.ref ? { ref: img.ref as MoodboardItem["ref"] } : {}),
      title: img.title.slice(0, 300),
      x: 40 + n * 40,
      y: 40 + n * 30,
      width,
      height,
      rotate: 0,
      zIndex: topZ(items),
    };
    setDoc((d) => ({ ...d, items: [...d.items, item] }));
    setSelected(item.id);
    say(t("moodboard.added", { title: name(item) }));
  }

  function layer(id: string, by: 1 | -1) {
    const order = byLayer.map((i) => i.id);
    const at = order.indexOf(id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to]!, order[at]!];
    const z = new Map(order.map((x, i) => [x, i]));
    setDoc((d) => ({ ...d, items: d.items.map((i) => ({ ...i, zIndex: z.get(i.id) ?? i.zIndex })) }));
    const item = items.find((i) => i.id === id)!;
    say(t("moodboard.layered", { title: name(item), z: to + 1, total: order.length }));
  }

  function remove(id: string) {
    const item = items.find((i) => i.id === id);
    if (!item) return;
    const index = items.indexOf(item);
    setDoc((d) => ({ ...d, items: d.items.filter((i) => i.id !== id) }));
    setSelected(null);
    say(t("moodboard.removed", { title: name(item) }));
    // Focus goes to the neighbour, or to the canvas when it was the last.
    requestAnimationFrame(() => {
      const next = items[index + 1] ?? items[index - 1];
      const el = next && next.id !== id ? canvasRef.current?.querySelector<HTMLElement>(`[data-item="${CSS.escape(next.id)}"]`) : null;
      (el ?? canvasRef.current)?.focus();
    });
  }

  /**
   * Mouse and touch gestures: Moveable's frame follows the element, so each step sets the element's style
   * directly (as Moveable expects) and the board's state changes once, at the end (one change, one
   * announcement); re-rendering midway would make Moveable measure again and restart the gesture.
   */
  const moving = useRef<Partial<MoodboardItem>>({});
  function begin() {
    gesture.current = true;
    moving.current = {};
  }
  function live(el: HTMLElement | SVGElement, change: Partial<MoodboardItem>) {
    moving.current = { ...moving.current, ...change };
    const st = (el as HTMLElement).style;
    if (change.x !== undefined) st.left = `${change.x}px`;
    if (change.y !== undefined) st.top = `${change.y}px`;
    if (change.width !== undefined) st.width = `${change.width}px`;
    if (change.height !== undefined) st.height = `${change.height}px`;
    if (change.rotate !== undefined) st.transform = `rotate(${change.rotate}deg)`;
  }
  function commit(key: "moodboard.moved" | "moodboard.resized" | "moodboard.rotated") {
    gesture.current = false;
    const change = Object.fromEntries(Object.entries(moving.current).map(([k, v]) => [k, round(v as number)])) as Partial<MoodboardItem>;
    moving.current = {};
    if (!sel || !Object.keys(change).length) return;
    patch(sel.id, change);
    const it = { ...sel, ...change };
    say(
      t(key, {
        title: name(it),
        x: Math.round(it.x),
        y: Math.round(it.y),
        width: Math.round(it.width),
        height: Math.round(it.height),
        rotate: Math.round(it.rotate),
      }),
    );
  }

  /** One gesture: the press (mouse or touch) that selects an image also starts dragging it. */
  function grab(native: MouseEvent | TouchEvent, el: HTMLElement, id: string) {
    if (id === selected) return;
    const moveable = moveableRef.current;
    if (moveable) void moveable.waitToChangeTarget().then(() => moveable.dragStart(native, el));
    setSelected(id);
    setTarget(el);
  }

  function rotateBy(item: MoodboardItem, deg: number) {
    let r = (item.rotate + deg) % 360;
    if (r > 180) r -= 360;
    if (r < -180) r += 360;
    patch(item.id, { rotate: r });
    say(t("moodboard.rotated", { title: name(item), rotate: Math.round(r) }));
  }

  function onItemKey(e: React.KeyboardEvent, item: MoodboardItem) {
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const dir = arrows[e.key];
    if (dir) {
      e.preventDefault();
      if (e.altKey || e.ctrlKey || e.metaKey) {
        if (dir[0] !== 0) rotateBy(item, dir[0] * ROTATE);
        return;
      }
      if (e.shiftKey) {
        const width = Math.max(20, item.width + dir[0] * RESIZE);
        const height = Math.max(20, item.height + dir[1] * RESIZE);
        patch(item.id, { width, height });
        say(t("moodboard.resized", { title: name(item), width: Math.round(width), height: Math.round(height) }));
        return;
      }
      const x = item.x + dir[0] * MOVE;
      const y = item.y + dir[1] * MOVE;
      patch(item.id, { x, y });
      say(t("moodboard.moved", { title: name(item), x: Math.round(x), y: Math.round(y) }));
      return;
    }
    if (e.key === "PageUp" || e.key === "PageDown") {
      e.preventDefault();
      layer(item.id, e.key === "PageUp" ? 1 : -1);
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      remove(item.id);
    } else if (e.key === "Escape" && selected) {
      e.preventDefault();
      setSelected(null);
    }
  }

  async function save(): Promise<void> {
    // The save drawer refuses an empty title ('Ricordati di inserire il titolo') before calling this.
    const title = doc.title.trim();
    setBusy(true);
    setError(null);
    const body = { title, background: doc.background, colours: doc.colours, items: doc.items };
    try {
      const res = await apiFetch("/api/auth/docs/saveDoc", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(
          boardId
            ? { collection: "moodboards", locale, name: boardId, data: { ...body, coll: collection.id, version } }
            : { collection: "moodboards", locale, data: { ...body, coll: collection.id } },
        ),
      });
      const answer = (await res.json().catch(() => null)) as {
        data?: Moodboard & { id: string; version: number };
        error?: { message?: string; reason?: string };
      } | null;
      if (!res.ok || !answer?.data) {
        setError({
          text: answer?.error?.message ?? t("moodboard.error.save"),
          stale: res.status === 409 && answer?.error?.reason === "conflict",
        });
        setSaveOpen(false);
        return;
      }
      const next = { ...doc, title };
      setDoc(next);
      setSaved(JSON.stringify(next));
      setVersion(answer.data.version);
      setSaveOpen(false);
      setStatus(t("moodboard.saved"));
      setTimeout(() => setStatus(""), 3000);
      if (!boardId) {
        setBoardId(answer.data.id);
        unsaved.release();
        navigate(localizePath(`/collections/${collection.id}/moodboards/${answer.data.id}`, locale), {
          replace: true,
          preventScrollReset: true,
        });
      }
    } catch {
      setError({ text: t("moodboard.error.save"), stale: false });
    } finally {
      setBusy(false);
    }
  }

  async function destroy() {
    if (!boardId) return;
    setBusy(true);
    try {
      const res = await apiFetch("/api/auth/docs/removeDoc", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ collection: "moodboards", name: boardId, locale }),
      });
      if (!res.ok) {
        const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        setError({ text: answer?.error?.message ?? t("moodboard.error.save"), stale: false });
        setSaveOpen(false);
        return;
      }
      unsaved.release();
      navigate(collectionPath);
    } finally {
      setBusy(false);
    }
  }

  async function exportPng() {
    setError(null);
    try {
      const canvas = document.createElement("canvas");
      canvas.width = CANVAS.width;
      canvas.height = CANVAS.height;
      const g = canvas.getContext("2d")!;
      g.fillStyle = doc.background;
      g.fillRect(0, 0, canvas.width, canvas.height);
      for (const item of byLayer) {
        const img = await loadImage(item.url);
        g.save();
        g.translate(item.x + item.width / 2, item.y + item.height / 2);
        g.rotate((item.rotate * Math.PI) / 180);
        // object-fit: cover, as on the canvas
        const iw = img.naturalWidth;
        const ih = img.naturalHeight;
        const box = item.width / item.height;
        const [sw, sh] = iw / ih > box ? [ih * box, ih] : [iw, iw / box];
        g.drawImage(img, (iw - sw) / 2, (ih - sh) / 2, sw, sh, -item.width / 2, -item.height / 2, item.width, item.height);
        g.restore();
      }
      doc.colours.forEach((c, i) => {
        g.fillStyle = c;
        g.beginPath();
        g.arc(
          SWATCH.left + SWATCH.size / 2 + i * (SWATCH.size + SWATCH.gap),
          CANVAS.height - SWATCH.bottom - SWATCH.size / 2,
          SWATCH.size / 2,
          0,
          Math.PI * 2,
        );
        g.fill();
        g.strokeStyle = "rgba(0,0,0,.25)";
        g.stroke();
      });
      const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, "image/png"));
      if (!blob) throw new Error("no blob");
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `${(doc.title.trim() || "moodboard").replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 60)}.png`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch {
      setError({ text: t("moodboard.exportError"), stale: false });
    }
  }

  const heading = doc.title.trim() || board?.title || t("moodboard.new");
  const usedUrls = useMemo(() => items.map((i) => i.url), [items]);

  return (
    <section className="page moodboard">
      <p className="workspace__back">
        <Link to={collectionPath}>← {t("moodboard.back")}</Link>
      </p>
      <p className="moodboard__kicker">
        {t("moodboard.kicker")} · {t("moodboard.in", { title: collection.title })}
      </p>
      <h1>{heading}</h1>
      <UnsavedNotice show={unsaved.notice} />
      <p role="status" className="moodboard__status">
        {status}
      </p>
      {error ? (
        <div role="alert" className="form-error moodboard__error">
          <p>{error.text}</p>
          {error.stale ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                unsaved.release();
                window.location.reload();
              }}
            >
              {t("moodboard.reload")}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="moodboard__toolbar" role="toolbar" aria-label={t("moodboard.toolbar")}>
        <button
          type="button"
          className="button"
          aria-expanded={drawerOpen}
          aria-controls={ids.drawer}
          onClick={() => setDrawerOpen(!drawerOpen)}
        >
          {t("moodboard.openDrawer")}
        </button>
        <button type="button" className="button" disabled={!sel} onClick={() => sel && layer(sel.id, 1)}>
          {t("moodboard.forward")}
        </button>
        <button type="button" className="button" disabled={!sel} onClick={() => sel && layer(sel.id, -1)}>
          {t("moodboard.backward")}
        </button>
        <button type="button" className="button" disabled={!sel} onClick={() => sel && rotateBy(sel, -ROTATE)}>
          {t("moodboard.rotateLeft")}
        </button>
        <button type="button" className="button" disabled={!sel} onClick={() => sel && rotateBy(sel, ROTATE)}>
          {t("moodboard.rotateRight")}
        </button>
        <button type="button" className="button" disabled={!sel} onClick={() => sel && remove(sel.id)}>
          {t("moodboard.deleteItem")}
        </button>
        <button type="button" className="button" onClick={() => void exportPng()}>
          {t("moodboard.export")}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setDeleteFirst(false);
            setSaveOpen(true);
          }}
        >
          {t("moodboard.save")}
        </button>
      </div>
      <p id={ids.help} className="moodboard__help">
        {t("moodboard.help")}
      </p>
      <div className={`moodboard__layout${drawerOpen ? " moodboard__layout--drawer" : ""}`}>
        <div className="moodboard__scroller">
          {/* biome-ignore lint/a11y/useSemanticElements: the canvas, a labelled group of positioned items, not a set of form fields (<fieldset>) */}
          <div
            ref={canvasRef}
            className="moodboard-canvas"
            role="group"
            aria-label={t("moodboard.canvas")}
            aria-describedby={ids.help}
            tabIndex={-1}
            style={{ width: CANVAS.width, height: CANVAS.height, background: doc.background }}
            onPointerDown={(e) => {
              if (e.target === e.currentTarget) setSelected(null);
            }}
          >
            {items.length === 0 ? <p className="moodboard-canvas__empty">{t("moodboard.empty")}</p> : null}
            {items.map((item, i) => (
              // biome-ignore lint/a11y/useSemanticElements: a positioned item Moveable drags and resizes, holding an image: a <button> cannot host its handles; keys are handled on the item
              <div
                key={item.id}
                data-item={item.id}
                className={`moodboard-item${item.id === selected ? " moodboard-item--selected" : ""}`}
                role="button"
                tabIndex={0}
                aria-pressed={item.id === selected}
                aria-label={t("moodboard.item", { title: name(item), n: i + 1, total: items.length })}
                style={{
                  left: item.x,
                  top: item.y,
                  width: item.width,
                  height: item.height,
                  transform: `rotate(${item.rotate}deg)`,
                  zIndex: item.zIndex + 1,
                }}
                onFocus={() => setSelected(item.id)}
                onKeyDown={(e) => onItemKey(e, item)}
                onMouseDown={(e) => grab(e.nativeEvent, e.currentTarget, item.id)}
                onTouchStart={(e) => grab(e.nativeEvent, e.currentTarget, item.id)}
              >
                <img src={item.url} alt="" draggable={false} />
              </div>
            ))}
            {doc.colours.length ? (
              <ul
                className="moodboard-swatches"
                aria-label={t("moodboard.swatches")}
                style={{ left: SWATCH.left, bottom: SWATCH.bottom, gap: SWATCH.gap }}
              >
                {doc.colours.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: swatches are positional (swatch n): their place is their identity
                  <li key={i} style={{ background: c, width: SWATCH.size, height: SWATCH.size }}>
                    <span className="visually-hidden">{c}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {mounted ? (
              <Suspense fallback={null}>
                <Moveable
                  ref={moveableRef}
                  target={target}
                  draggable
                  resizable
                  rotatable
                  origin={false}
                  throttleDrag={0}
                  throttleResize={0}
                  throttleRotate={0}
                  onDragStart={begin}
                  onResizeStart={begin}
                  onRotateStart={begin}
                  onDrag={(e) => live(e.target, { x: e.left, y: e.top })}
                  onResize={(e) =>
                    live(e.target, { width: Math.max(20, e.width), height: Math.max(20, e.height), x: e.drag.left, y: e.drag.top })
                  }
                  onRotate={(e) => live(e.target, { rotate: ((e.rotation + 540) % 360) - 180 })}
                  onDragEnd={() => commit("moodboard.moved")}
                  onResizeEnd={() => commit("moodboard.resized")}
                  onRotateEnd={() => commit("moodboard.rotated")}
                />
              </Suspense>
            ) : null}
          </div>
        </div>
        <EditorDrawer
          id={ids.drawer}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          label={t("moodboard.drawer")}
          tab={tab}
          onTabChange={setTab}
          edit={<ImagePicker onPick={addImage} exclude={usedUrls} maxFiles={limits.maxFiles} />}
          manage={
            <div className="moodboard-manage">
              <ColorField
                label={t("moodboard.background")}
                value={doc.background}
                onChange={(background) => setDoc((d) => ({ ...d, background }))}
              />
              <fieldset className="moodboard-manage__swatches">
                <legend>{t("moodboard.swatches")}</legend>
                {doc.colours.map((c, i) => (
                  <ColorField
                    // biome-ignore lint/suspicious/noArrayIndexKey: swatches are positional (swatch n): their place is their identity
                    key={i}
                    label={t("moodboard.swatch", { n: i + 1 })}
                    value={c}
                    onChange={(v) => setDoc((d) => ({ ...d, colours: d.colours.map((x, j) => (j === i ? v : x)) }))}
                    onRemove={() => setDoc((d) => ({ ...d, colours: d.colours.filter((_, j) => j !== i) }))}
                    removeLabel={`${t("moodboard.removeSwatch")} ${t("moodboard.swatch", { n: i + 1 })}`}
                  />
                ))}
                {doc.colours.length < MAX_COLOURS ? (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => setDoc((d) => ({ ...d, colours: [...d.colours, d.colours.at(-1) ?? "#8a2f1d"] }))}
                  >
                    {t("moodboard.addSwatch")}
                  </button>
                ) : null}
              </fieldset>
              {/* Only a saved board can be deleted (issue 31 §10): a new one is left by going back. */}
              {boardId ? (
                <p>
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => {
                      setDeleteFirst(true);
                      setSaveOpen(true);
                    }}
                  >
                    {t("moodboard.delete")}
                  </button>
                </p>
              ) : null}
            </div>
          }
        />
      </div>
      <p role="status" aria-live="polite" className="visually-hidden">
        {announce}
      </p>
      <SaveDrawer
        open={saveOpen}
        onClose={() => setSaveOpen(false)}
        heading={heading}
        title={doc.title}
        onTitleChange={(title) => setDoc((d) => ({ ...d, title }))}
        titleLabel={t("moodboard.titleField")}
        busy={busy}
        busyLabel={t("moodboard.saving")}
        saveLabel={t("moodboard.save")}
        onSave={() => save()}
        onDelete={boardId ? () => destroy() : undefined}
        deleteLabel={t("moodboard.delete")}
        confirming={deleteFirst}
      />
      {unsaved.prompt}
    </section>
  );
}

/** Where the swatches sit on the canvas (and on the exported PNG). */
const SWATCH = { left: 16, bottom: 16, size: 36, gap: 8 } as const;

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(url));
    img.src = url;
  });
}
