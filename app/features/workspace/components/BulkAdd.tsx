import { useEffect, useId, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import type { CardActionTarget } from "~/ui/card-actions";
import { useRootData } from "~/root-data";
import { post } from "./pin-requests";
import NewCollectionDrawer, { type CreatedCollection } from "./NewCollectionDrawer";

/** A selection: `table/id` → the record. */
export type Selection = Map<string, CardActionTarget>;

/** Collections above this many get the 'Filtra...' box (spec §2 "Collection dropdown"). */
const FILTER_ABOVE = 10;

type Done = { title: string; id: string; added: number; skipped: number };

/**
 * The search page's bulk add (issue 15 §1, decision 066), for signed-in users and loaded only for them: the
 * selection's count, 'select all on this page', clear, and the collection dropdown of spec §2 — 'New...'
 * first (the new-collection drawer, created with the selection), then the collections the user may fill,
 * with a 'Filtra...' box above 10 of them. Adding goes through addItems, all or nothing, de-duplicated by
 * table and id; the answer says how many went in and how many were already there, and the selection is
 * cleared. The check boxes on the cards are the search page's; this bar holds everything else.
 */
export default function BulkAdd({
  selected,
  page,
  onChange,
  tools,
}: {
  selected: Selection;
  page: CardActionTarget[];
  onChange: (next: Selection) => void;
  /** What else the page does with a selection (the search page's print links), shown while there is one. */
  tools?: React.ReactNode;
}) {
  const { t, locale } = useI18n();
  const ws = useRootData()?.workspace;
  const revalidator = useRevalidator();
  const id = useId();
  const [filter, setFilter] = useState("");
  const [target, setTarget] = useState("new");
  const [drawer, setDrawer] = useState<CardActionTarget[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const [error, setError] = useState<string | null>(null);
  const count = selected.size;
  const selectAllRef = useRef<HTMLButtonElement>(null);
  // A new selection replaces the last confirmation.
  useEffect(() => {
    if (count > 0) setDone(null);
  }, [count]);
  // The Add button goes away with the selection (and the new-collection drawer with it): the focus moves to
  // what was done, once the drawer has given it back, rather than falling to the page's start.
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!done) return;
    const frame = requestAnimationFrame(() => doneRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [done]);

  // every hook above this line: a signed-out visitor renders nothing
  if (!ws) return null;

  const fillable = ws.collections.filter((c) => c.role !== "reader");
  const needle = filter.trim().toLocaleLowerCase(locale);
  const shown = needle ? fillable.filter((c) => c.title.toLocaleLowerCase(locale).includes(needle)) : fillable;
  const value = target === "new" || shown.some((c) => c.id === target) ? target : "new";
  const allOnPage = page.length > 0 && page.every((p) => selected.has(`${p.table}/${p.id}`));

  function selectPage() {
    const next = new Map(selected);
    for (const p of page) next.set(`${p.table}/${p.id}`, p);
    onChange(next);
  }

  async function add(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const items = [...selected.values()];
    if (value === "new") {
      setDrawer(items);
      return;
    }
    setBusy(true);
    const r = await post<{ added: number; skipped: number; collection: { id: string; name: string } }>("/api/auth/docs/addItems", {
      locale,
      collection: value,
      items: items.map(({ table, id: rid }) => ({ table, id: rid })),
    });
    setBusy(false);
    if (!r.ok || !r.data) {
      setError(r.message ?? t("workspace.error.generic"));
      return;
    }
    setDone({ title: r.data.collection.name, id: r.data.collection.id, added: r.data.added, skipped: r.data.skipped });
    onChange(new Map());
    void revalidator.revalidate();
  }

  function created(c: CreatedCollection) {
    setDone({ title: c.name, id: c.id, added: c.count, skipped: 0 });
    setTarget(c.id);
    onChange(new Map());
  }

  const message = done
    ? [
        done.added === 0 ? t("bulk.allThere", { title: done.title }) : t("bulk.added", { count: done.added, title: done.title }),
        done.added > 0 && done.skipped > 0 ? t("bulk.skipped", { count: done.skipped }) : "",
      ]
        .filter(Boolean)
        .join(" ")
    : "";

  // Nothing selected, nothing to report: one compact line (the select-all button) that keeps the results in
  // view on a phone; the count stays in the live region, read out but not shown, so a change is announced.
  const idle = count === 0 && !done && !error;
  return (
    <section className={idle ? "bulk bulk--idle" : "bulk"} aria-label={t("bulk.label")}>
      <div className="bulk__row">
        <p className={idle ? "bulk__count visually-hidden" : "bulk__count"} role="status">
          {t("bulk.count", { count })}
        </p>
        <button
          type="button"
          ref={selectAllRef}
          className="button button--small"
          onClick={selectPage}
          disabled={page.length === 0 || allOnPage}
        >
          {t("bulk.selectAll")}
        </button>
        {count > 0 ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              onChange(new Map());
              // The button goes with the selection: the focus goes to the one that stays.
              requestAnimationFrame(() => selectAllRef.current?.focus());
            }}
          >
            {t("bulk.clear")}
          </button>
        ) : null}
        {count > 0 ? tools : null}
      </div>
      {count > 0 ? (
        <form className="bulk__add" onSubmit={add}>
          {fillable.length > FILTER_ABOVE ? (
            <p className="bulk__field">
              <label htmlFor={`${id}-filter`}>{t("workspace.drawer.filter")}</label>
              <input
                id={`${id}-filter`}
                type="search"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder={t("workspace.drawer.filter")}
                aria-describedby={shown.length === 0 ? `${id}-nomatch` : undefined}
              />
              {shown.length === 0 ? (
                <span id={`${id}-nomatch`} className="bulk__hint">
                  {t("bulk.noMatch")}
                </span>
              ) : null}
            </p>
          ) : null}
          <p className="bulk__field">
            <label htmlFor={`${id}-target`}>{t("bulk.target")}</label>
            <select id={`${id}-target`} value={value} onChange={(e) => setTarget(e.target.value)}>
              <option value="new">{t("workspace.drawer.new")}</option>
              {shown.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </p>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("bulk.add")}
          </button>
        </form>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="bulk__done" role="status" tabIndex={-1} ref={doneRef}>
        {done ? (
          <>
            {message} <Link to={localizePath(`/collections/${done.id}`, locale)}>{t("bulk.open")}</Link>
          </>
        ) : null}
      </p>
      {drawer ? <NewCollectionDrawer items={drawer} onClose={() => setDrawer(null)} onCreated={created} /> : null}
    </section>
  );
}
