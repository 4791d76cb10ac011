import { useRef, useState } from "react";
import { Label, Radio, RadioGroup, Switch } from "react-aria-components";
import { useEditorT } from "../use-editor-t";
import type { EditorKey } from "../editor-messages";
import { SECTION_BACKGROUNDS, SECTION_DISPLAYS, SECTION_REFS_MAX } from "~/features/settings";
import type { HomeSection } from "~/features/site";
import { EditorDrawer } from "~/components/editor/EditorDrawer";
import type { PickerImage } from "~/components/editor/images";
import { RichText } from "~/components/editor/RichText";
import { PickerDialog } from "./PickerDialog";
import { RowActions } from "./MultiEditor";
import { useRichTextLabels } from "./rich-text-labels";
import { StoriesField } from "./StoriesField";

export type Background = (typeof SECTION_BACKGROUNDS)[number];

/** The swatch of each background choice (the page's own colours where it has them). */
const SWATCH: Record<Background, string> = {
  transparent: "transparent",
  white: "#ffffff",
  primary: "var(--primary)",
  primaryLight: "var(--primary-light)",
  grayLight: "#f1eeea",
  grayDark: "#3d3935",
  black: "#000000",
};

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** A section's text as HTML for the editor: its rich text, or its plain paragraphs. */
export const sectionHtml = (s: HomeSection) =>
  s.html ??
  (s.text
    ? s.text
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join("")
    : "");

/**
 * The editor side drawer of a home section (spec §2; decision 074): tab "edit" (title, rich text, the
 * records of a records section as an editable list with the image picker), tab "manage" (visibility, the
 * background as colour swatches, delete with the confirmation of spec §4).
 */
export function SectionDrawer({
  section,
  n,
  isOpen,
  onClose,
  onChange,
  onDelete,
  labels,
  onLabel,
}: {
  section: HomeSection;
  n: number;
  isOpen: boolean;
  onClose: () => void;
  onChange: (s: HomeSection) => void;
  onDelete: () => void;
  /** Known labels of records by `table/id` (from the page, or picked here). */
  labels: Record<string, string>;
  onLabel: (img: PickerImage) => void;
}) {
  const t = useEditorT();
  const rtLabels = useRichTextLabels();
  const [confirming, setConfirming] = useState(false);
  const [picking, setPicking] = useState(false);
  // the text's image tool: the catalogue's images and the uploads, with the alternative text written here
  const [pickingImage, setPickingImage] = useState(false);
  const insertImage = useRef<((img: { src: string; alt: string }) => void) | null>(null);
  const id = `section-drawer-${n}`;
  const bg = (section.background ?? "transparent") as Background;
  return (
    <EditorDrawer
      modal
      id={id}
      open={isOpen}
      onClose={onClose}
      label={t("siteEdit.drawer.title", { n })}
      edit={
        <>
          <p className="edit-field">
            <label htmlFor={`${id}-title`}>{t("siteEdit.section.title")}</label>
            <input
              id={`${id}-title`}
              value={section.title}
              maxLength={200}
              onChange={(e) => onChange({ ...section, title: e.target.value })}
            />
          </p>
          <span id={`${id}-text-label`} className="rich-text__label">
            {t("siteEdit.section.text")}
          </span>
          <RichText
            id={`${id}-text`}
            labelId={`${id}-text-label`}
            labels={{ ...rtLabels, image: t("siteEdit.rt.image") }}
            headingLevel={3}
            html={sectionHtml(section)}
            onChange={(html) => {
              const { text: _text, ...rest } = section;
              onChange({ ...rest, html } as HomeSection);
            }}
            onImage={(fn) => {
              insertImage.current = fn;
              setPickingImage(true);
            }}
          />
          <PickerDialog
            isOpen={pickingImage}
            title={t("siteEdit.page.pickImage")}
            sources={["catalogue", "uploads"]}
            askAlt
            onClose={() => setPickingImage(false)}
            onPick={(img, alt) => {
              setPickingImage(false);
              insertImage.current?.({ src: img.url, alt: alt ?? "" });
            }}
          />
          {section.kind === "records" && (
            <fieldset className="multi-editor">
              <legend>
                {t("siteEdit.section.records")} ({t("siteEdit.list.limit", { count: section.refs.length, max: SECTION_REFS_MAX })})
              </legend>
              <ol className="multi-editor__rows">
                {section.refs.map((r, i) => {
                  const label = labels[`${r.table}/${r.id}`] ?? r.id;
                  const move = (j: number) => {
                    const refs = [...section.refs];
                    [refs[i], refs[j]] = [refs[j]!, refs[i]!];
                    onChange({ ...section, refs });
                  };
                  return (
                    <li key={`${r.table}/${r.id}`} className="multi-editor__row">
                      <span className="multi-editor__field">{label}</span>
                      <RowActions
                        index={i}
                        count={section.refs.length}
                        onMove={move}
                        onRemove={() => onChange({ ...section, refs: section.refs.filter((_, k) => k !== i) })}
                        removeLabel={t("siteEdit.section.removeRecord", { label })}
                      />
                    </li>
                  );
                })}
              </ol>
              {section.refs.length < SECTION_REFS_MAX && (
                <button type="button" className="button" onClick={() => setPicking(true)}>
                  {t("siteEdit.section.addRecord")}
                </button>
              )}
              {/* a grid, or the content carousel that turns by itself every 7 s (decision 118) */}
              <RadioGroup
                className="swatches"
                value={section.display ?? "grid"}
                onChange={(v) => onChange({ ...section, display: v === "carousel" ? "carousel" : "grid" })}
              >
                <Label>{t("siteEdit.section.display")}</Label>
                <div className="swatches__list">
                  {SECTION_DISPLAYS.map((d) => (
                    <Radio key={d} value={d} className="swatches__choice">
                      {t(`siteEdit.section.display.${d}` as EditorKey)}
                    </Radio>
                  ))}
                </div>
              </RadioGroup>
              <PickerDialog
                isOpen={picking}
                sources={["catalogue"]}
                onClose={() => setPicking(false)}
                onPick={(img) => {
                  const ref = img.ref;
                  if (!ref) return;
                  setPicking(false);
                  onLabel(img);
                  if (!section.refs.some((r) => r.table === ref.table && r.id === ref.id))
                    onChange({ ...section, refs: [...section.refs, { table: ref.table, id: ref.id }] });
                }}
              />
            </fieldset>
          )}
          {section.kind === "mediaSample" && <p className="users-hint">{t("siteEdit.section.sample")}</p>}
          {section.kind === "stories" && (
            <StoriesField value={section.stories ?? []} onChange={(stories) => onChange({ ...section, stories })} />
          )}
        </>
      }
      manage={
        <>
          <Switch className="edit-switch" isSelected={section.visible !== false} onChange={(v) => onChange({ ...section, visible: v })}>
            <span className="edit-switch__track" aria-hidden="true" />
            {t("siteEdit.section.visible")}
          </Switch>
          <RadioGroup className="swatches" value={bg} onChange={(v) => onChange({ ...section, background: v as Background })}>
            <Label>{t("siteEdit.section.background")}</Label>
            <div className="swatches__list">
              {SECTION_BACKGROUNDS.map((b) => (
                <Radio key={b} value={b} className="swatches__choice">
                  <span className={`swatches__chip swatches__chip--${b}`} style={{ background: SWATCH[b] }} aria-hidden="true" />
                  {t(`siteEdit.bg.${b}` as EditorKey)}
                </Radio>
              ))}
            </div>
          </RadioGroup>
          <div className="edit-danger">
            {confirming ? (
              <>
                <p role="alert">{t("siteEdit.section.deleteConfirm")}</p>
                <button type="button" className="button button--danger" onClick={onDelete}>
                  {t("siteEdit.section.delete")}
                </button>{" "}
                {/* biome-ignore lint/a11y/noAutofocus: the confirmation the user just asked for: the focus goes to its safe answer */}
                <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
                  {t("siteEdit.cancel")}
                </button>
              </>
            ) : (
              <button type="button" className="button" onClick={() => setConfirming(true)}>
                {t("siteEdit.section.delete")}
              </button>
            )}
          </div>
        </>
      }
    />
  );
}
