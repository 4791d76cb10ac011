import { contentLocale } from "~/lib/locale";
import { useMemo, useState } from "react";
import { Switch } from "react-aria-components";
import { useI18n } from "~/i18n/context";
import { useEditorT } from "../use-editor-t";
import type { EditorKey } from "../editor-messages";
import { Picture } from "~/ui/Picture";
import { HERO_LINKS_MAX, HOME_SECTIONS_MAX, SECTION_BACKGROUNDS } from "~/features/settings";
import type { HomeContent, HomeSection } from "~/features/site";
import type { RecordCard } from "~/lib/record-types";
import { useSettingsDoc } from "../use-settings-doc";
import type { PickerImage } from "~/components/editor/images";
import { DocNotices } from "./DocNotices";
import { PickerDialog } from "./PickerDialog";
import { MultiEditor, stripEmpty, type Column, type Row } from "./MultiEditor";
import { SectionDrawer, type Background } from "./SectionDrawer";
import "~/components/editor/in-place.css";
import { EditorLoading } from "./EditorLoading";

type HomeView = {
  lang: string;
  hero: { card: RecordCard | null };
  sections: { index: number; cards: RecordCard[] }[];
};

const LINK_COLUMNS = (t: ReturnType<typeof useEditorT>): Column[] => [
  { name: "label", label: (n) => t("siteEdit.links.label", { n }), maxLength: 100 },
  { name: "path", label: (n) => t("siteEdit.links.path", { n }), maxLength: 2000 },
];

/**
 * The home page in edit mode (spec §2 home section wrapper, §4 edit mode; decision 074): the hero's title,
 * subtitle, image and links module in place, each section in its wrapper (visibility switch, background,
 * edit button opening the side drawer). The whole page is one settings item (`home`) of the page's
 * language, saved with the admin bar's save button. Loaded only in edit mode (React.lazy in home.tsx).
 */
export default function HomeEditor({ home, placeholder }: { home: HomeView; placeholder: string }) {
  const { locale } = useI18n();
  const t = useEditorT();
  const linkColumns = LINK_COLUMNS(t);
  const doc = useSettingsDoc<HomeContent>("home", contentLocale(locale), {
    prepare: (d) => ({
      ...d,
      hero: {
        ...d.hero,
        ...(d.hero.links ? { links: stripEmpty(d.hero.links as Row[], linkColumns) as HomeContent["hero"]["links"] } : {}),
      },
    }),
  });
  const [picking, setPicking] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [picked, setPicked] = useState<Record<string, PickerImage>>({});
  const labels = useMemo(() => {
    const out: Record<string, string> = {};
    for (const s of home.sections) for (const c of s.cards) out[`${c.table}/${c.id}`] = c.preferred_label;
    for (const [k, img] of Object.entries(picked)) out[k] = img.title;
    return out;
  }, [home.sections, picked]);

  if (doc.status !== "ready" || !doc.draft)
    return <EditorLoading className="home home--editing page" failed={doc.status === "error"} onRetry={doc.retry} />;
  const draft = doc.draft;
  // Only the texts themselves carry the language they are in (Italian standing in for the page's), not the
  // editor's labels around them, which are in the interface language.
  const textLang = doc.fallback || contentLocale(locale) !== locale ? "it" : undefined;
  const setHero = (hero: Partial<HomeContent["hero"]>) => doc.setDraft({ ...draft, hero: { ...draft.hero, ...hero } });
  const setSection = (i: number, s: HomeSection) => doc.setDraft({ ...draft, sections: draft.sections.map((x, k) => (k === i ? s : x)) });
  const image = draft.hero.image ?? null;
  const imageKey = image ? `${image.table}/${image.id}` : null;
  const heroCard = home.hero.card;
  const preview =
    imageKey && picked[imageKey]
      ? { thumbnail: picked[imageKey].thumb, medium: picked[imageKey].url, large: null }
      : heroCard && imageKey === `${heroCard.table}/${heroCard.id}`
        ? heroCard.url
        : null;

  return (
    <div className="home home--editing">
      <div className="home-edit__notices">
        <DocNotices
          fallback={doc.fallback}
          errors={doc.errors}
          conflict={doc.conflict}
          draft={draft}
          onKeepMine={doc.keepMine}
          onTakeTheirs={doc.takeTheirs}
        />
      </div>
      <section className="hero hero--editing" aria-label={t("siteEdit.hero.label")}>
        <div className="hero__media">
          {preview ? (
            <Picture urls={preview} alt="" placeholder={placeholder} />
          ) : (
            <p className="hero__noimage">{t("siteEdit.hero.noImage")}</p>
          )}
        </div>
        {/* In the hero's flow, above its text box (not laid over the picture): on a phone the text box fills the
            hero, and buttons pinned to its corner covered the title's label (issue 31 §8). */}
        <p className="hero__image-actions">
          <button type="button" className="button" onClick={() => setPicking(true)}>
            {t("siteEdit.hero.chooseImage")}
          </button>
          {image && (
            <button type="button" className="button" onClick={() => setHero({ image: null })}>
              {t("siteEdit.hero.removeImage")}
            </button>
          )}
        </p>
        <div className="hero__text">
          <p className="edit-field edit-field--title">
            <label htmlFor="hero-edit-title">{t("siteEdit.hero.title")}</label>
            <input
              id="hero-edit-title"
              lang={textLang}
              value={draft.hero.title}
              maxLength={200}
              onChange={(e) => setHero({ title: e.target.value })}
            />
          </p>
          <p className="edit-field">
            <label htmlFor="hero-edit-subtitle">{t("siteEdit.hero.subtitle")}</label>
            <textarea
              id="hero-edit-subtitle"
              lang={textLang}
              value={draft.hero.subtitle ?? ""}
              maxLength={500}
              rows={3}
              onChange={(e) => setHero({ subtitle: e.target.value })}
            />
          </p>
          <MultiEditor
            id="hero-links"
            legend={t("siteEdit.links.title", { max: HERO_LINKS_MAX })}
            rows={(draft.hero.links ?? []) as Row[]}
            columns={linkColumns}
            max={HERO_LINKS_MAX}
            valueLang={textLang}
            onChange={(rows) => setHero({ links: rows as unknown as HomeContent["hero"]["links"] })}
          />
        </div>
      </section>
      <PickerDialog
        isOpen={picking}
        sources={["catalogue"]}
        onClose={() => setPicking(false)}
        onPick={(img) => {
          const ref = img.ref;
          if (!ref) return;
          setPicking(false);
          setPicked((p) => ({ ...p, [`${ref.table}/${ref.id}`]: img }));
          setHero({ image: { table: ref.table, id: ref.id } });
        }}
      />
      {draft.sections.map((s, i) => {
        const bg = (s.background ?? "transparent") as Background;
        const cards = home.sections.find((v) => v.index === i)?.cards ?? [];
        const title = s.title || t("siteEdit.section.untitled");
        const html = s.html ?? null;
        return (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id: their place is their identity, and their controls are controlled
            key={i}
            className={`home-section home-section--${s.kind} bg--${bg} section-edit${s.visible === false ? " section-edit--hidden" : ""}`}
            aria-labelledby={`section-edit-${i}`}
          >
            {/* biome-ignore lint/a11y/useSemanticElements: a labelled toolbar, not a set of form fields (<fieldset> brings its own border and legend layout) */}
            <div className="section-edit__toolbar" role="group" aria-label={t("siteEdit.section.toolbar", { n: i + 1, title })}>
              <Switch className="edit-switch" isSelected={s.visible !== false} onChange={(v) => setSection(i, { ...s, visible: v })}>
                <span className="edit-switch__track" aria-hidden="true" />
                {t("siteEdit.section.visible")}
              </Switch>
              <span className="edit-field edit-field--inline">
                <label htmlFor={`section-bg-${i}`}>{t("siteEdit.section.background")}</label>
                <select
                  id={`section-bg-${i}`}
                  value={bg}
                  onChange={(e) => setSection(i, { ...s, background: e.target.value as Background })}
                >
                  {SECTION_BACKGROUNDS.map((b) => (
                    <option key={b} value={b}>
                      {t(`siteEdit.bg.${b}` as EditorKey)}
                    </option>
                  ))}
                </select>
              </span>
              <button type="button" className="button button--primary" onClick={() => setOpen(i)}>
                {t("siteEdit.section.edit")} <span className="visually-hidden">{t("siteEdit.section.toolbar", { n: i + 1, title })}</span>
              </button>
              {s.visible === false && <span className="section-edit__badge">{t("siteEdit.section.hidden")}</span>}
            </div>
            <div className="home-section__inner">
              <h2 id={`section-edit-${i}`} lang={s.title ? textLang : undefined}>
                {s.title || (s.kind === "mediaSample" ? t("home.samples") : title)}
              </h2>
              {html !== null ? (
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the admin's own editor output, shown as typed; the server sanitises it on save
                <div className="prose" lang={textLang} dangerouslySetInnerHTML={{ __html: html }} />
              ) : (
                s.text && (
                  <div className="prose" lang={textLang}>
                    {s.text.split(/\n{2,}/).map((p, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text: their place is their identity
                      <p key={j}>{p}</p>
                    ))}
                  </div>
                )
              )}
              {s.kind === "records" && <p className="users-hint">{t("siteEdit.section.recordsCount", { count: s.refs.length })}</p>}
              {s.kind === "records" && cards.length > 0 && (
                <ul className="section-edit__thumbs" aria-hidden="true">
                  {cards.slice(0, 8).map((c) => (
                    <li key={`${c.table}/${c.id}`}>
                      {c.url.thumbnail ? <img src={c.url.thumbnail} alt="" width={96} height={72} loading="lazy" /> : null}
                    </li>
                  ))}
                </ul>
              )}
              {s.kind === "mediaSample" && <p className="users-hint">{t("siteEdit.section.sample")}</p>}
              {s.kind === "stories" && <p className="users-hint">{t("siteEdit.stories.count", { count: s.stories?.length ?? 0 })}</p>}
            </div>
            <SectionDrawer
              section={s}
              n={i + 1}
              isOpen={open === i}
              onClose={() => setOpen(null)}
              onChange={(next) => setSection(i, next)}
              onDelete={() => {
                setOpen(null);
                doc.setDraft({ ...draft, sections: draft.sections.filter((_, k) => k !== i) });
              }}
              labels={labels}
              onLabel={(img) => img.ref && setPicked((p) => ({ ...p, [`${img.ref!.table}/${img.ref!.id}`]: img }))}
            />
          </section>
        );
      })}
      {draft.sections.length < HOME_SECTIONS_MAX && (
        <p className="home-edit__add">
          <button
            type="button"
            className="button"
            onClick={() => {
              doc.setDraft({ ...draft, sections: [...draft.sections, { kind: "text", title: "", html: "" }] });
              setOpen(draft.sections.length);
            }}
          >
            {t("siteEdit.section.add")}
          </button>{" "}
          <button
            type="button"
            className="button"
            onClick={() => {
              doc.setDraft({ ...draft, sections: [...draft.sections, { kind: "stories", title: "", html: "", stories: [] }] });
              setOpen(draft.sections.length);
            }}
          >
            {t("siteEdit.stories.add")}
          </button>
        </p>
      )}
    </div>
  );
}
