import { useEffect, useRef, useState } from "react";
import { Switch } from "react-aria-components";
import { useI18n } from "~/i18n/context";
import { contentLocale, localizePath } from "~/lib/locale";
import { RichText } from "~/components/editor/RichText";
import type { PageDraft, PageKind } from "~/features/pages/pages";
import { useEditorT } from "~/features/site-edit";
import { useEditedDoc } from "~/features/site-edit";
import { DocNotices } from "~/features/site-edit";
import { PickerDialog } from "~/features/site-edit";
import { useRichTextLabels } from "~/features/site-edit";
import "~/components/editor/in-place.css";
import { EditorLoading } from "~/features/site-edit";
import { useHistoryLink } from "~/features/site-edit";

/**
 * A content page in edit mode (issue 16 §1, §3; decision 076): its title, text (rich text with images from
 * the catalogue or the admin's uploads), search-engine description and published switch, in place, in the
 * page's language — the Italian text standing in, marked, when this language has none yet. Saved by the
 * admin bar's button through /api/auth/backend/pages (a revision; 409 with both texts when stale). Loaded
 * only in edit mode (React.lazy in content-page.tsx).
 *
 * The same editor writes a memory section (its body is the introduction) and a memory page (with its section
 * and optional collection), decision 115.
 */
export default function PageEditor({
  slug,
  isNew,
  kind = "page",
  sections = [],
  defaultSection = "",
}: {
  slug: string;
  isNew: boolean;
  kind?: PageKind;
  /** A memory page's choice of sections. */
  sections?: { slug: string; title: string }[];
  /** The section a new memory page starts in (the section page it was made from). */
  defaultSection?: string;
}) {
  const { locale, t: ui } = useI18n();
  const t = useEditorT();
  const rtLabels = useRichTextLabels();
  const doc = useEditedDoc<PageDraft>("/api/auth/backend/pages", { slug, locale: contentLocale(locale), kind });
  // the admin bar's "Cronologia" offers this language's versions of the page (issue 31 §4); a new page has none
  // (the memory kinds' revisions are kept the same way, read from the database; their history has no page yet)
  useHistoryLink(
    isNew || kind !== "page"
      ? null
      : {
          id: `page:${slug}`,
          label: ui("adminBar.historyPage", { slug }),
          href: `${localizePath(`/console/pages/${slug}`, locale)}?locale=${contentLocale(locale)}&history=1`,
        },
  );
  const [picking, setPicking] = useState(false);
  // a new memory page starts in the section it was made from
  const { status, draft: loaded, setDraft } = doc;
  useEffect(() => {
    if (kind === "memory" && isNew && status === "ready" && loaded && !loaded.section && defaultSection)
      setDraft({ ...loaded, section: defaultSection });
  }, [kind, isNew, status, loaded, defaultSection, setDraft]);
  const insert = useRef<((img: { src: string; alt: string }) => void) | null>(null);

  if (doc.status !== "ready" || !doc.draft)
    return <EditorLoading className="page content-page" failed={doc.status === "error"} onRetry={doc.retry} />;
  const draft = doc.draft;
  const set = (patch: Partial<PageDraft>) => doc.setDraft({ ...draft, ...patch });
  const L =
    kind === "memory"
      ? {
          label: t("siteEdit.memory.label", { slug }),
          isNew: t("siteEdit.memory.new"),
          title: t("siteEdit.page.title"),
          body: t("siteEdit.page.body"),
        }
      : kind === "memory-section"
        ? {
            label: t("siteEdit.memorySection.label", { slug }),
            isNew: t("siteEdit.memorySection.new"),
            title: t("siteEdit.memorySection.title"),
            body: t("siteEdit.memorySection.body"),
          }
        : {
            label: t("siteEdit.page.label", { slug }),
            isNew: t("siteEdit.page.new"),
            title: t("siteEdit.page.title"),
            body: t("siteEdit.page.body"),
          };
  const textLang = doc.fallback && contentLocale(locale) !== "it" ? "it" : undefined;
  return (
    <article className="page content-page content-page--editing" aria-label={L.label}>
      <DocNotices
        fallback={doc.fallback}
        errors={doc.errors}
        conflict={doc.conflict}
        draft={draft}
        onKeepMine={doc.keepMine}
        onTakeTheirs={doc.takeTheirs}
      />
      {isNew && !draft.title ? <p className="doc-notices__fallback">{L.isNew}</p> : null}
      <p className="edit-field edit-field--title">
        <label htmlFor="page-edit-title">{L.title}</label>
        <input
          id="page-edit-title"
          value={draft.title}
          maxLength={200}
          required
          lang={textLang}
          onChange={(e) => set({ title: e.target.value })}
        />
      </p>
      <div className="edit-field">
        <span id="page-edit-body-label" className="rich-text__label">
          {L.body}
        </span>
        <RichText
          id="page-edit-body"
          labelId="page-edit-body-label"
          labels={{ ...rtLabels, image: t("siteEdit.rt.image") }}
          headingLevel={2}
          lang={textLang}
          html={draft.html}
          onChange={(html) => set({ html })}
          onImage={(fn) => {
            insert.current = fn;
            setPicking(true);
          }}
        />
      </div>
      {kind === "memory" ? (
        <>
          <p className="edit-field">
            <label htmlFor="page-edit-section">{t("siteEdit.memory.section")}</label>
            <select id="page-edit-section" value={draft.section ?? ""} required onChange={(e) => set({ section: e.target.value })}>
              {draft.section && !sections.some((s) => s.slug === draft.section) ? (
                <option value={draft.section}>{draft.section}</option>
              ) : null}
              {!draft.section ? <option value="">—</option> : null}
              {sections.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.title}
                </option>
              ))}
            </select>
          </p>
          <p className="edit-field">
            <label htmlFor="page-edit-collection">{t("siteEdit.memory.collection")}</label>
            <input
              id="page-edit-collection"
              value={draft.collection ?? ""}
              maxLength={80}
              aria-describedby="page-edit-collection-hint"
              onChange={(e) => set({ collection: e.target.value })}
            />
            <small id="page-edit-collection-hint">{t("siteEdit.memory.collectionHint")}</small>
          </p>
        </>
      ) : null}
      <p className="edit-field">
        <label htmlFor="page-edit-description">{t("siteEdit.page.description")}</label>
        <textarea
          id="page-edit-description"
          value={draft.description}
          maxLength={300}
          rows={3}
          lang={textLang}
          aria-describedby="page-edit-description-hint"
          onChange={(e) => set({ description: e.target.value })}
        />
        <small id="page-edit-description-hint">{t("siteEdit.page.descriptionHint")}</small>
      </p>
      <Switch className="edit-switch" isSelected={draft.published} onChange={(published) => set({ published })}>
        <span className="edit-switch__track" aria-hidden="true" />
        {t("siteEdit.page.published")}
      </Switch>
      {!draft.published ? <p className="content-page__draft">{t("siteEdit.page.draft")}</p> : null}
      <PickerDialog
        isOpen={picking}
        title={t("siteEdit.page.pickImage")}
        sources={["catalogue", "uploads"]}
        onClose={() => setPicking(false)}
        askAlt
        onPick={(img, alt) => {
          setPicking(false);
          // the editor's own words (a record's title offered), never an upload's file name
          insert.current?.({ src: img.url, alt: alt ?? "" });
        }}
      />
    </article>
  );
}
