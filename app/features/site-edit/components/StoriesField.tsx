import { useEffect, useId, useState } from "react";
import { useI18n } from "~/i18n/context";
import { SECTION_STORIES_MAX } from "~/features/settings";
import { useEditorT } from "../use-editor-t";
import { RowActions } from "./MultiEditor";

type Published = { slug: string; name: string };

/**
 * The stories of a home "stories" section (decision 116): the chosen ones in order (move, remove) and a choice
 * among the published stories (POST /api/public/docs/getDocs, the published stories as anyone sees them), so
 * a private story is never offered; the server refuses one anyway.
 */
export function StoriesField({ value, onChange }: { value: string[]; onChange: (slugs: string[]) => void }) {
  const t = useEditorT();
  const { locale } = useI18n();
  const id = useId();
  const [published, setPublished] = useState<Published[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [choice, setChoice] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: Retry loads the list again
  useEffect(() => {
    const ctrl = new AbortController();
    setFailed(false);
    fetch("/api/public/docs/getDocs", {
      method: "POST",
      signal: ctrl.signal,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ collection: "stories", locale }),
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { data: { slug: string; name: string }[] };
        setPublished(body.data.map((s) => ({ slug: s.slug, name: s.name })));
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setFailed(true);
      });
    return () => ctrl.abort();
  }, [locale, attempt]);
  const nameOf = (slug: string) => published?.find((p) => p.slug === slug)?.name ?? slug;
  const free = (published ?? []).filter((p) => !value.includes(p.slug));
  const selected = free.some((p) => p.slug === choice) ? choice : (free[0]?.slug ?? "");
  return (
    <fieldset className="multi-editor">
      <legend>
        {t("siteEdit.stories.title")} ({t("siteEdit.stories.count", { count: value.length })})
      </legend>
      <ol className="multi-editor__rows">
        {value.map((slug, i) => (
          <li key={slug} className="multi-editor__row">
            <span className="multi-editor__field">{nameOf(slug)}</span>
            <RowActions
              index={i}
              count={value.length}
              onMove={(j) => {
                const next = [...value];
                [next[i], next[j]] = [next[j]!, next[i]!];
                onChange(next);
              }}
              onRemove={() => onChange(value.filter((_, k) => k !== i))}
              removeLabel={t("siteEdit.stories.remove", { title: nameOf(slug) })}
            />
          </li>
        ))}
      </ol>
      {failed ? (
        <p role="alert">
          {t("siteEdit.stories.error")}{" "}
          <button type="button" className="button button--small" onClick={() => setAttempt((a) => a + 1)}>
            {t("siteEdit.retry")}
          </button>
        </p>
      ) : published === null ? (
        <p role="status">{t("siteEdit.stories.loading")}</p>
      ) : free.length === 0 ? (
        <p className="users-hint">{t("siteEdit.stories.none")}</p>
      ) : value.length < SECTION_STORIES_MAX ? (
        <p className="stories-field__add">
          <label htmlFor={`${id}-choice`}>{t("siteEdit.stories.choose")}</label>
          <span>
            <select id={`${id}-choice`} value={selected} onChange={(e) => setChoice(e.target.value)}>
              {free.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name}
                </option>
              ))}
            </select>
            <button type="button" className="button" onClick={() => selected && onChange([...value, selected])}>
              {t("siteEdit.stories.addOne")}
            </button>
          </span>
        </p>
      ) : null}
    </fieldset>
  );
}
