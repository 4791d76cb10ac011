import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { useI18n } from "~/i18n/context";
import type { CardActionTarget } from "~/ui/card-actions";
import { useRootData, type RootData } from "~/root-data";
import { inOrder, post } from "./pin-requests";

type Workspace = NonNullable<RootData["workspace"]>;

const NewCollectionDrawer = lazy(() => import("./NewCollectionDrawer"));

/**
 * The pin toggle (spec §4) on record cards and pages, for signed-in users: it puts the record into the
 * current collection or takes it out. Without a collection it opens the new-collection drawer with the
 * record and its image. It is a form posting to /workspace/pin, so it works without JavaScript; with it,
 * the same request goes to saveUser and the page's data is re-read (the pinned state follows the
 * current collection's items).
 */
export function PinToggle({ target, where }: { target: CardActionTarget; where: "card" | "record" }) {
  const ws = useRootData()?.workspace;
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
  /** Pin requests of this toggle not answered yet. */
  const sending = useRef(0);
  // The state is re-read whenever the current collection's items change (spec §4), but not while a press is
  // on its way: the page's data re-read after the previous press would show the state before this one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the collection's pins and the current collection are the triggers (spec §4)
  useEffect(() => {
    if (sending.current === 0) setOptimistic(null);
  }, [ws.pins, ws.current?.id]);
  const pinned = optimistic ?? serverPinned;
  const back = location.pathname + location.search;
  const current = ws.current;
  const label = current
    ? t("workspace.pin.toggle", { title: target.title, collection: current.title })
    : t("workspace.pin.addNew", { title: target.title });

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!current) {
      setDrawer(true);
      return;
    }
    const next = !pinned;
    setOptimistic(next);
    sending.current++;
    const r = await inOrder(() =>
      post("/api/auth/docs/saveUser", { locale, data: { pins: [{ table: target.table, id: target.id, pinned: next }] } }),
    );
    sending.current--;
    if (!r.ok) setOptimistic(null);
    setStatus(
      r.ok
        ? t(next ? "workspace.pin.pinned" : "workspace.pin.unpinned", { collection: current.title })
        : (r.message ?? t("workspace.error.generic")),
    );
    void revalidator.revalidate();
  }

  return (
    <>
      <form method="post" action="/workspace/pin" onSubmit={onSubmit} className={`pin pin--${where}`}>
        <input type="hidden" name="csrf" value={ws.csrf ?? ""} />
        <input type="hidden" name="table" value={target.table} />
        <input type="hidden" name="id" value={target.id} />
        <input type="hidden" name="back" value={back} />
        <button
          type="submit"
          className={`pin__button${pinned ? " pin__button--on" : ""}`}
          aria-label={label}
          aria-pressed={current ? pinned : undefined}
          title={label}
        >
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
      {drawer ? (
        <Suspense fallback={null}>
          <NewCollectionDrawer
            items={[target]}
            onClose={() => setDrawer(false)}
            onCreated={(c) => setStatus(t("workspace.pin.pinned", { collection: c.name }))}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The slot's filling (app/ui/card-actions.tsx): the root gives it to every card and record page. */
export function renderPin(target: CardActionTarget, where: "card" | "record") {
  return <PinToggle target={target} where={where} />;
}
