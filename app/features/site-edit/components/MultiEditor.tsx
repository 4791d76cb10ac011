import { useEditorT } from "../use-editor-t";
import { useEditMode } from "../edit-mode";

/**
 * The multi-editor (spec §4) and the editable list (§5): rows of text fields; in edit mode a blank row is
 * appended when the last one is filled, up to `max` (links module 3, editable list 100). Rows left empty are
 * not part of the value (`stripEmpty`, applied on save: spec §5 "empty rows are stripped").
 */
export type Row = Record<string, string>;
export type Column = { name: string; label: (n: number) => string; multiline?: boolean; maxLength: number };

export const rowFilled = (row: Row, columns: Column[]) => columns.some((c) => (row[c.name] ?? "").trim() !== "");
export const stripEmpty = <T extends Row>(rows: T[], columns: Column[]): T[] =>
  rows
    .filter((r) => rowFilled(r, columns))
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v])) as T);

/**
 * A row's up, down and remove buttons (the multi-editor's rows, a home section's records): an arrow at its end
 * is aria-disabled rather than removed, so the focus stays put; `onMove` absent, only the remove button.
 */
export function RowActions({
  index,
  count,
  onMove,
  onRemove,
  removeLabel,
}: {
  index: number;
  count: number;
  onMove?: (to: number) => void;
  onRemove: () => void;
  removeLabel: string;
}) {
  const t = useEditorT();
  return (
    <span className="multi-editor__actions">
      {onMove && (
        <>
          <button
            type="button"
            className="button button--ghost"
            aria-disabled={index === 0 || undefined}
            onClick={() => index > 0 && onMove(index - 1)}
          >
            <span aria-hidden="true">↑</span>
            <span className="visually-hidden">{t("siteEdit.list.up", { n: index + 1 })}</span>
          </button>
          <button
            type="button"
            className="button button--ghost"
            aria-disabled={index === count - 1 || undefined}
            onClick={() => index < count - 1 && onMove(index + 1)}
          >
            <span aria-hidden="true">↓</span>
            <span className="visually-hidden">{t("siteEdit.list.down", { n: index + 1 })}</span>
          </button>
        </>
      )}
      <button type="button" className="button button--ghost" onClick={onRemove}>
        <span aria-hidden="true">✕</span>
        <span className="visually-hidden">{removeLabel}</span>
      </button>
    </span>
  );
}

export function MultiEditor({
  id,
  legend,
  rows,
  columns,
  max,
  onChange,
  movable = false,
  valueLang,
}: {
  id: string;
  legend: string;
  rows: Row[];
  columns: Column[];
  max: number;
  onChange: (rows: Row[]) => void;
  movable?: boolean;
  /** The language of the texts in the fields when it is not the page's (the Italian text shown in its stead). */
  valueLang?: string;
}) {
  const t = useEditorT();
  const { isEdit } = useEditMode();
  const blank = () => Object.fromEntries(columns.map((c) => [c.name, ""]));
  const last = rows[rows.length - 1];
  const shown = isEdit && rows.length < max && (!last || rowFilled(last, columns)) ? [...rows, blank()] : rows;
  const set = (i: number, name: string, value: string) => {
    const next = shown.map((r) => ({ ...r }));
    next[i]![name] = value;
    // the appended blank row becomes a real one once typed in; trailing blank rows are dropped again
    while (next.length > 0 && !rowFilled(next[next.length - 1]!, columns) && next.length > rows.length) next.pop();
    onChange(next.slice(0, max));
  };
  const move = (i: number, j: number) => {
    const next = [...rows];
    [next[i], next[j]] = [next[j]!, next[i]!];
    onChange(next);
  };
  return (
    <fieldset className="multi-editor" id={id}>
      <legend>{legend}</legend>
      <ol className="multi-editor__rows">
        {shown.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their inputs are controlled, so a row's place is its identity
          <li key={i} className="multi-editor__row">
            {columns.map((c) => {
              const fid = `${id}-${i}-${c.name}`;
              return (
                <span key={c.name} className="multi-editor__field">
                  <label htmlFor={fid}>{c.label(i + 1)}</label>
                  {c.multiline ? (
                    <textarea
                      id={fid}
                      lang={valueLang}
                      value={row[c.name] ?? ""}
                      maxLength={c.maxLength}
                      rows={3}
                      onChange={(e) => set(i, c.name, e.target.value)}
                    />
                  ) : (
                    <input
                      id={fid}
                      lang={valueLang}
                      value={row[c.name] ?? ""}
                      maxLength={c.maxLength}
                      onChange={(e) => set(i, c.name, e.target.value)}
                    />
                  )}
                </span>
              );
            })}
            {i < rows.length && (
              <RowActions
                index={i}
                count={rows.length}
                onMove={movable ? (j) => move(i, j) : undefined}
                onRemove={() => onChange(rows.filter((_, k) => k !== i))}
                removeLabel={t("siteEdit.list.remove", { n: i + 1 })}
              />
            )}
          </li>
        ))}
      </ol>
      <p className="multi-editor__count">{t("siteEdit.list.limit", { count: rows.filter((r) => rowFilled(r, columns)).length, max })}</p>
    </fieldset>
  );
}
