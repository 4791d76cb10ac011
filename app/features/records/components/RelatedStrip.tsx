import { useEffect, useId, useState } from "react";
import { useI18n } from "~/i18n/context";
import { apiFetch } from "~/lib/api-fetch";
import type { RelationGroup } from "~/lib/record-types";
import { RecordCard } from "~/components/RecordCard";

/** Cards a strip shows at once. */
const PAGE = 6;

/**
 * One group of related records as a paged strip: six cards at a time, the
 * next ones fetched when the visitor asks for them (the page brings the first
 * twelve), so that a record related to thousands stays a short page.
 * `source` is the record whose relations these are; null when every item is
 * already there (a record's children).
 */
export function RelatedStrip({
  title,
  group,
  placeholder,
  source,
}: {
  title: string;
  group: RelationGroup;
  placeholder: string;
  source: { table: string; id: string } | null;
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const [items, setItems] = useState(group.items);
  const [start, setStart] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setItems(group.items);
    setStart(0);
  }, [group]);
  const total = group.total;
  const shown = items.slice(start, start + PAGE);
  const next = async () => {
    const to = start + PAGE;
    if (to + PAGE > items.length && items.length < total && source) {
      setBusy(true);
      setFailed(false);
      try {
        const url = `/api/public/records/${source.table}/${encodeURIComponent(source.id)}/related?group=${encodeURIComponent(group.key)}&offset=${items.length}&locale=${locale}`;
        const res = await apiFetch(url);
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { data: RelationGroup };
        setItems((prev) => [...prev, ...body.data.items.filter((x) => !prev.some((p) => p.table === x.table && p.id === x.id))]);
      } catch {
        setFailed(true);
        setBusy(false);
        return;
      }
      setBusy(false);
    }
    setStart(to);
  };
  const paged = total > PAGE;
  return (
    <section className={`strip ${total <= 2 ? "strip--short" : ""}`} aria-labelledby={headingId}>
      <div className="strip__head">
        <h3 id={headingId}>{title}</h3>
        {paged && (
          <div className="strip__nav">
            <p className="strip__range" aria-live="polite">
              {t("record.stripRange", { from: start + 1, to: Math.min(start + PAGE, total), total: total.toLocaleString(locale) })}
            </p>
            <button
              type="button"
              className="button button--small"
              onClick={() => setStart(Math.max(0, start - PAGE))}
              disabled={start === 0}
              aria-label={t("record.stripPrevious", { name: title })}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="button button--small"
              onClick={next}
              disabled={busy || start + PAGE >= total}
              aria-label={t("record.stripNext", { name: title })}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
      </div>
      {failed && <p className="form-error">{t("record.stripFailed")}</p>}
      <ul className="strip__list" aria-busy={busy}>
        {shown.map((c) => (
          <li key={`${c.table}/${c.id}`}>
            <RecordCard
              card={c}
              placeholder={placeholder}
              variant="mini"
              headingLevel={4}
              extra={
                c.interstitial.length > 0 ? (
                  <dl className="interstitial">
                    {c.interstitial.map((x, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the fields of one relation, a list that never reorders
                      <div key={i}>
                        <dt>{x.name}</dt>
                        <dd>{x.value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
