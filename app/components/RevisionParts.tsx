import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { valueLines, type DiffLine } from "~/lib/diff";
import { fieldChanges, type FieldChange } from "~/lib/field-diff";
import { fieldLabel, fieldValue } from "./revision-labels";

/** Pieces of a revision history shared by the settings and the content pages' editor (decision 075). */

/** A value as text under a heading (each side of a conflict). */
export function TextBlock({ value, titleKey, id, level = 4 }: { value: unknown; titleKey: MessageKey; id: string; level?: 2 | 3 | 4 }) {
  const { t } = useI18n();
  const lines = valueLines(value);
  const H = `h${level}` as const;
  return (
    <div className="settings-conflict__side">
      <H id={id}>{t(titleKey)}</H>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: kept as it is under issue 30's no-behaviour-change rule; a role for the block is a follow-up (decision 085) */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable by keyboard (axe: scrollable-region-focusable) */}
      <pre className="settings-code" aria-labelledby={id} tabIndex={0}>
        {lines.length ? lines.join("\n") : t("settings.emptyValue")}
      </pre>
    </div>
  );
}

/** What changed in one revision, line by line, readable by screen readers (added/removed named). */
export function DiffView({ lines }: { lines: (DiffLine | null)[] }) {
  const { t } = useI18n();
  if (!lines.length) return <p className="users-hint">{t("settings.history.noChange")}</p>;
  return (
    <ul className="settings-diff">
      {lines.map((l, i) =>
        l === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a diff: their place is their identity
          <li key={i} className="settings-diff__gap" aria-hidden="true">
            …
          </li>
        ) : l.op === "same" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a diff: their place is their identity
          <li key={i} className="settings-diff__same">
            <span className="visually-hidden">{t("settings.diff.same")} </span>
            {l.text || " "}
          </li>
        ) : l.op === "add" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a diff: their place is their identity
          <li key={i} className="settings-diff__add">
            <ins>
              <span aria-hidden="true">+ </span>
              <span className="visually-hidden">{t("settings.diff.added")} </span>
              {l.text || " "}
            </ins>
          </li>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a diff: their place is their identity
          <li key={i} className="settings-diff__del">
            <del>
              <span aria-hidden="true">− </span>
              <span className="visually-hidden">{t("settings.diff.removed")} </span>
              {l.text || " "}
            </del>
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * What changed in one revision, field by field (issue 31 §4): each field by its name in the interface language
 * with its value before and after ("Sezione 2 · Titolo: Nuove acquisizioni → Acquisizioni 2026"); a long text
 * by its changed lines. `item` names the rows of a value that is a list; `whole` names a value without fields.
 */
export function ChangesView({ item, whole, changes }: { item: string; whole: string; changes: FieldChange[] }) {
  const { t } = useI18n();
  if (!changes.length) return <p className="users-hint">{t("settings.history.noChange")}</p>;
  return (
    <ul className="revision-changes">
      {changes.map((c) => {
        const label = fieldLabel(t, item, c.path) || whole;
        return (
          <li key={c.path.join("\u0000")} className="revision-change">
            <span className="revision-change__field">{label}</span>
            {c.lines ? (
              <DiffView lines={c.lines} />
            ) : (
              <span className="revision-change__values">
                <del>
                  <span className="visually-hidden">{`${t("history.before")} `}</span>
                  {fieldValue(t, c.path, c.before)}
                </del>
                <span aria-hidden="true"> → </span>
                <ins>
                  <span className="visually-hidden">{`${t("history.after")} `}</span>
                  {fieldValue(t, c.path, c.after)}
                </ins>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A whole value, field by field with their names and values (the value in use, above the history). */
export function ValueView({ item, whole, value, id }: { item: string; whole: string; value: unknown; id: string }) {
  const { t } = useI18n();
  const fields = fieldChanges(undefined, value);
  if (!fields.length) return <p className="users-hint">{t("settings.emptyValue")}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard (axe: scrollable-region-focusable)
    <section className="revision-value" aria-labelledby={id} tabIndex={0}>
      <dl>
        {fields.map((f) => (
          <div key={f.path.join("\u0000")}>
            <dt>{fieldLabel(t, item, f.path) || whole}</dt>
            <dd>
              {typeof f.after === "string" && f.lines ? (
                <span className="revision-value__text">{f.after}</span>
              ) : (
                fieldValue(t, f.path, f.after)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
