import { useRef, useState } from "react";
import { Switch } from "react-aria-components";
import { useI18n } from "~/i18n/context";
import { contentLocale, localizePath } from "~/lib/locale";
import { RichText } from "~/components/editor/RichText";
import type { PageDraft } from "~/features/pages/pages";
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
 */
export default function PageEditor({ slug, isNew }: { slug: string; isNew: boolean }) {
  const { locale, t: ui } = useI18n();
  const t = useEditorT();
  const rtLabels = useRichTextLabels();
  const doc = useEditedDoc<PageDraft>("/api/auth/backend/pages", { slug, locale: contentLocale(locale) });
  // the admin bar's "Cronologia" offers this language's versions of the page (issue 31 §4); a new page has none
  useHistoryLink(
    isNew
      ? null
      : {
          id: `page:${slug}`,
          label: ui("adminBar.historyPage", { slug }),
          href: `${localizePath(`/console/pages/${slug}`, locale)}?locale=${contentLocale(locale)}&history=1`,
        },
  );
  const [picking, setPicking] = useState(false);
  const insert = useRef<((img: { src: string; alt: string }) => void) | null>(null);

  if (doc.status !== "ready" || !doc.draft)
    return <EditorLoading className="page content-page" failed={doc.status === "error"} onRetry={doc.retry} />;
  const draft = doc.draft;
  const set = (patch: Partial<PageDraft>) => doc.setDraft({ ...draft, ...patch });
  const textLang = doc.fallback && contentLocale(locale) !== "it" ? "it" : undefined;
  return (
    <article className="page content-page content-page--editing" aria-label={t("siteEdit.page.label", { slug })}>
      <DocNotices
        fallback={doc.fallback}
        errors={doc.errors}
        conflict={doc.conflict}
        draft={draft}
        onKeepMine={doc.keepMine}
        onTakeTheirs={doc.takeTheirs}
      />
      {isNew && !draft.title ? <p className="doc-notices__fallback">{t("siteEdit.page.new")}</p> : null}
      <p className="edit-field edit-field--title">
        <label htmlFor="page-edit-title">{t("siteEdit.page.title")}</label>
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
          {t("siteEdit.page.body")}
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
