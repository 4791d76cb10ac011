import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { valueLines, type DiffLine } from "~/lib/diff";

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
