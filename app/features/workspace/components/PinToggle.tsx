import { useEffect, useId, useState } from "react";
import { useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { useI18n } from "~/i18n/context";
import { Modal } from "~/ui/Modal";
import type { CardActionTarget } from "~/ui/card-actions";
import type { RootData } from "~/root";

type Workspace = NonNullable<RootData["workspace"]>;

/** Pin requests go one after the other, in the order pressed: a quick out-and-in ends in, as shown. */
let queue: Promise<unknown> = Promise.resolve();
function inOrder<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

async function post(path: string, body: unknown): Promise<{ ok: boolean; message: string | null }> {
  try {
    // keepalive: a pin pressed just before leaving the page still arrives.
    const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), keepalive: true });
    if (res.ok) return { ok: true, message: null };
    const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { ok: false, message: data?.error?.message ?? null };
  } catch {
    return { ok: false, message: null };
  }
}

/**
 * The pin toggle (spec §4) on record cards and pages, for signed-in users: it puts the record into the
 * current collection or takes it out. Without a collection it opens the new-collection drawer with the
 * record and its image. It is a form posting to /workspace/pin, so it works without JavaScript; with it,
 * the same request goes to saveUser and the page's data is re-read (the pinned state follows the
 * current collection's items).
 */
export function PinToggle({ target, where }: { target: CardActionTarget; where: "card" | "record" }) {
  const ws = useRouteLoaderData<RootData>("root")?.workspace;
  if (!ws) return null;
  return <Toggle ws={ws} target={target} where={where} />;
}

function Toggle({ ws, target, where }: { ws: Workspace; target: CardActionTarget; where: "card" | "record" }) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const revalidator = useRevalidator();
  const key = `${target.table}/${target.id}`;
  const serverPinned = ws.pins.includes(key);
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [status, setStatus] = useState("");
  // The state is re-read whenever the current collection's items change (spec §4).
  useEffect(() => setOptimistic(null), [ws.pins, ws.current?.id]);
  const pinned = optimistic ?? serverPinned;
  const back = location.pathname + location.search;
  const current = ws.current;
  const label = current ? t("workspace.pin.toggle", { title: target.title, collection: current.title }) : t("workspace.pin.addNew", { title: target.title });

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!current) {
      setDrawer(true);
      return;
    }
    const next = !pinned;
    setOptimistic(next);
    const r = await inOrder(() => post("/api/auth/docs/saveUser", { locale, data: { pins: [{ table: target.table, id: target.id, pinned: next }] } }));
    if (!r.ok) setOptimistic(null);
    setStatus(r.ok ? t(next ? "workspace.pin.pinned" : "workspace.pin.unpinned", { collection: current.title }) : (r.message ?? t("workspace.error.generic")));
    void revalidator.revalidate();
  }

  return (
    <>
      <form method="post" action="/workspace/pin" onSubmit={onSubmit} className={`pin pin--${where}`}>
        <input type="hidden" name="csrf" value={ws.csrf ?? ""} />
        <input type="hidden" name="table" value={target.table} />
        <input type="hidden" name="id" value={target.id} />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className={`pin__button${pinned ? " pin__button--on" : ""}`} aria-label={label} aria-pressed={current ? pinned : undefined} title={label}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
            <path
              d="M6 3h12v18l-6-4.5L6 21z"
              fill={pinned ? "currentColor" : "none"}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          {where === "record" ? <span>{current ? current.title : t("workspace.collections.new")}</span> : null}
        </button>
        <span role="status" className="visually-hidden">
          {status}
        </span>
      </form>
      {drawer ? <NewCollectionDrawer target={target} onClose={() => setDrawer(false)} onCreated={(title) => setStatus(t("workspace.pin.pinned", { collection: title }))} /> : null}
    </>
  );
}

/** The new-collection drawer (spec §4, §2 "Save/edit drawer"), prefilled with the record and its image. */
export function NewCollectionDrawer({ target, onClose, onCreated }: { target: CardActionTarget | null; onClose: () => void; onCreated: (title: string) => void }) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const title = String(new FormData(e.currentTarget).get("title") ?? "").trim();
    if (!title) {
      setError(t("workspace.error.title"));
      return;
    }
    setBusy(true);
    const items = target ? [{ table: target.table, id: target.id }] : [];
    const r = await post("/api/auth/docs/saveDoc", { collection: "collections", locale, data: { title, items } });
    setBusy(false);
    if (!r.ok) {
      setError(r.message ?? t("workspace.error.generic"));
      return;
    }
    onCreated(title);
    onClose();
    void revalidator.revalidate();
  }
  const heading = target ? t("workspace.collections.newWith", { title: target.title }) : t("workspace.collections.new");
  return (
    <Modal open onClose={onClose} title={heading} variant="drawer" closeLabel={t("modal.close")}>
      <form onSubmit={onSubmit} className="workspace-form" noValidate>
        {target ? (
          <div className="workspace-form__item">
            {target.image ? <img src={target.image} alt="" width={96} height={72} /> : null}
            <span>{target.title}</span>
          </div>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="login-form__field">
          <label htmlFor={`${id}-title`}>{t("workspace.collections.titleField")}</label>
          <input id={`${id}-title`} name="title" maxLength={120} required autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        </p>
        <p className="workspace-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("workspace.collection.save")}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("workspace.collections.cancel")}
          </button>
        </p>
      </form>
    </Modal>
  );
}

/** The slot's filling (app/ui/card-actions.tsx): the root gives it to every card and record page. */
export function renderPin(target: CardActionTarget, where: "card" | "record") {
  return <PinToggle target={target} where={where} />;
}
