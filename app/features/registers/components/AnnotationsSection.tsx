import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useI18n } from "~/i18n/context";
import { LOCALE_TAGS } from "~/lib/locale";
import type { MessageKey } from "~/i18n";
import type { AnnotationView, Region } from "../annotations";
import { ANNOTATION_MAX } from "../annotations-limits";
import { type AnnotatableImage, pct, RegionDrawer, RegionView } from "./AnnotationRegion";
import "./annotations.css";

type Draft = { id: number | null; body: string; named: boolean; media: number | null; region: Region | null; wasApproved: boolean };
const EMPTY: Draft = { id: null, body: "", named: true, media: null, region: null, wasApproved: false };

async function call(path: string, body: Record<string, unknown>): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (res.ok) return { ok: true };
    const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { ok: false, message: answer?.error?.message ?? "" };
  } catch {
    return { ok: false, message: "" };
  }
}

/**
 * The notes of a record page (issue 32 §1, decision 097): the approved ones for everyone who may see the record,
 * attributed as their authors chose, their regions outlined on demand; a signed-in user's own notes with their
 * state (pending, approved, rejected with its reason), to edit or delete; and the form to add one, with a region
 * drawn on the deep-zoom viewer. Writes are the JSON calls; the page's data is read again after each.
 */
export function AnnotationsSection({
  record,
  notes,
  canAdd,
  images,
}: {
  record: { table: string; id: string };
  notes: AnnotationView[];
  canAdd: boolean;
  images: AnnotatableImage[];
}) {
  const { t, locale } = useI18n();
  const revalidator = useRevalidator();
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<MessageKey | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [viewing, setViewing] = useState<AnnotationView | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  if (!canAdd && notes.length === 0) return null;

  const date = (iso: string) => new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium" }).format(new Date(iso));
  const imageOf = (id: number | null) => images.find((i) => i.id === id) ?? null;
  const chosen = imageOf(draft.media) ?? images[0] ?? null;
  const indexOf = (id: number | null) => images.findIndex((i) => i.id === id) + 1;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    const common = { locale, body: draft.body, named: draft.named, media: draft.region ? draft.media : null, region: draft.region };
    const res =
      draft.id === null
        ? await call("/api/auth/docs/addAnnotation", { ...common, table: record.table, id: record.id })
        : await call("/api/auth/docs/updateAnnotation", { ...common, annotation: draft.id });
    setBusy(false);
    if (!res.ok) {
      setError(res.message || t("annotations.error.failed"));
      return;
    }
    setDraft(EMPTY);
    setDone("annotations.saved");
    void revalidator.revalidate();
  };
  const remove = async (id: number) => {
    setConfirming(null);
    const res = await call("/api/auth/docs/deleteAnnotation", { locale, annotation: id });
    if (!res.ok) {
      setError(res.message || t("annotations.error.failed"));
      return;
    }
    setDone("annotations.deleted");
    void revalidator.revalidate();
  };

  return (
    <section aria-labelledby="notes-title" className="record__section record-notes">
      <h2 id="notes-title">{t("annotations.section")}</h2>
      {notes.length === 0 ? (
        <p>{t("annotations.none")}</p>
      ) : (
        <ul className="record-notes__list">
          {notes.map((n) => {
            const image = n.region ? imageOf(n.media?.id ?? null) : null;
            return (
              <li key={n.id} className={`record-note${n.mine ? " record-note--mine" : ""}`} data-status={n.status}>
                <p className="record-note__body" lang={n.locale !== locale ? n.locale : undefined}>
                  {n.body}
                </p>
                <p className="record-note__meta">
                  <span>
                    {n.mine ? t("annotations.yours") : n.author ? t("annotations.by", { name: n.author.name }) : t("annotations.anonymous")}
                  </span>
                  <span>
                    · <time dateTime={n.createdAt}>{date(n.createdAt)}</time>
                  </span>
                  {n.mine || n.status !== "approved" ? (
                    <span className={`annotation-status annotation-status--${n.status}`}>
                      {n.status === "rejected"
                        ? t("annotations.label.rejected", { reason: n.reason ?? "" })
                        : t(`annotations.label.${n.status}` as MessageKey)}
                    </span>
                  ) : null}
                </p>
                <div className="record-note__actions">
                  {image && n.region ? (
                    <button type="button" className="button button--small" onClick={() => setViewing(n)}>
                      {t("annotations.showRegion")}
                    </button>
                  ) : null}
                  {n.mine && canAdd ? (
                    <>
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => {
                          setDraft({
                            id: n.id,
                            body: n.body,
                            named: n.named,
                            media: n.media?.id ?? null,
                            region: n.region,
                            wasApproved: n.status === "approved",
                          });
                          setDone(null);
                          setError(null);
                          document.getElementById(`${formId}-body`)?.focus();
                        }}
                      >
                        {t("annotations.edit")}
                      </button>
                      {confirming === n.id ? (
                        <span className="record-note__actions">
                          <span>{t("annotations.confirmDeleteMine")}</span>
                          <button type="button" className="button button--small" onClick={() => remove(n.id)}>
                            {t("annotations.confirmDeleteYes")}
                          </button>
                          <button type="button" className="button button--small button--ghost" onClick={() => setConfirming(null)}>
                            {t("annotations.cancel")}
                          </button>
                        </span>
                      ) : (
                        <button type="button" className="button button--small" onClick={() => setConfirming(n.id)}>
                          {t("annotations.deleteMine")}
                        </button>
                      )}
                    </>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" aria-live="polite" className="record-notes__status">
        {done ? t(done) : null}
      </p>
      {canAdd ? (
        <form className="record-note__form" onSubmit={save} aria-labelledby={`${formId}-title`}>
          <h3 id={`${formId}-title`}>{draft.id === null ? t("annotations.add") : t("annotations.editTitle")}</h3>
          <label className="annotations__field" htmlFor={`${formId}-body`}>
            <span>{t("annotations.body")}</span>
          </label>
          <textarea
            id={`${formId}-body`}
            value={draft.body}
            onChange={(e) => setDraft({ ...draft, body: e.target.value })}
            maxLength={ANNOTATION_MAX}
            required
            aria-describedby={`${formId}-help${error ? ` ${formId}-error` : ""}`}
            aria-invalid={error ? true : undefined}
          />
          <small id={`${formId}-help`}>
            {t("annotations.bodyHelp")}
            {draft.wasApproved ? ` ${t("annotations.editApprovedHelp")}` : ""}
          </small>
          {error ? (
            <p id={`${formId}-error`} className="record-note__error" role="alert">
              {error}
            </p>
          ) : null}
          <label className="annotations__check">
            <input type="checkbox" checked={draft.named} onChange={(e) => setDraft({ ...draft, named: e.target.checked })} />
            {t("annotations.named")}
          </label>
          {images.length > 0 ? (
            <div className="record-note__region">
              {images.length > 1 && !draft.region ? (
                <label className="annotations__field">
                  <span>{t("annotations.image")}</span>
                  <select value={chosen?.id ?? ""} onChange={(e) => setDraft({ ...draft, media: Number(e.target.value) })}>
                    {images.map((img, i) => (
                      <option key={img.id} value={img.id}>
                        {t("annotations.imageOption", { index: i + 1, title: img.title })}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              {draft.region && draft.media ? (
                <span>
                  {t("annotations.regionSummary", {
                    index: indexOf(draft.media),
                    x: pct(draft.region.x),
                    y: pct(draft.region.y),
                    w: pct(draft.region.w),
                    h: pct(draft.region.h),
                  })}
                </span>
              ) : null}
              <button type="button" className="button button--small" onClick={() => setDrawing(true)}>
                {draft.region ? t("annotations.changeRegion") : t("annotations.markRegion")}
              </button>
              {draft.region ? (
                <button type="button" className="button button--small button--ghost" onClick={() => setDraft({ ...draft, region: null })}>
                  {t("annotations.removeRegion")}
                </button>
              ) : null}
            </div>
          ) : null}
          <div className="record-note__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t("annotations.saving") : t("annotations.save")}
            </button>
            {draft.id !== null ? (
              <button type="button" className="button button--ghost" onClick={() => setDraft(EMPTY)}>
                {t("annotations.cancel")}
              </button>
            ) : null}
          </div>
          {drawing && chosen ? (
            <RegionDrawer
              open={drawing}
              image={chosen}
              initial={draft.media === chosen.id ? draft.region : null}
              onConfirm={(region) => {
                setDraft((d) => ({ ...d, media: chosen.id, region }));
                setDrawing(false);
                setDone("annotations.draw.confirmed");
              }}
              onClose={() => setDrawing(false)}
            />
          ) : null}
        </form>
      ) : null}
      {viewing?.region && imageOf(viewing.media?.id ?? null) ? (
        <RegionView open image={imageOf(viewing.media?.id ?? null)!} region={viewing.region} onClose={() => setViewing(null)} />
      ) : null}
    </section>
  );
}
