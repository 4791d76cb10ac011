import { contentLocale } from "~/lib/locale";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useI18n } from "~/i18n/context";
import { useEditorT } from "../use-editor-t";
import type { MenuItem } from "~/features/site";
import { useSettingsDoc } from "../use-settings-doc";
import { DocNotices } from "./DocNotices";
import { MultiEditor, stripEmpty, type Column, type Row } from "./MultiEditor";
import "~/components/editor/in-place.css";

/** The editable list's limit (spec §5, §9). */
export const MENU_MAX = 100;

/**
 * The header menu in edit mode (decision 074): the settings item `menu` of the page's language as an
 * editable list (label and address per entry, moved up and down, at most 100; empty rows stripped on save).
 * It stays mounted through edit mode (its draft survives closing the menu drawer) and shows itself in the
 * drawer's slot (`#menu-edit-slot`) while the drawer is open.
 */
export const MENU_SLOT_ID = "menu-edit-slot";

export default function MenuEditor({ open }: { open: boolean }) {
  const { locale } = useI18n();
  const t = useEditorT();
  const columns: Column[] = [
    { name: "label", label: (n) => t("siteEdit.menu.label", { n }), maxLength: 100 },
    { name: "path", label: (n) => t("siteEdit.menu.path", { n }), maxLength: 2000 },
  ];
  const doc = useSettingsDoc<MenuItem[]>("menu", contentLocale(locale), {
    prepare: (rows) => stripEmpty(rows as Row[], columns) as MenuItem[],
  });
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(open ? document.getElementById(MENU_SLOT_ID) : null), [open]);
  if (!slot) return null;
  if (doc.status !== "ready" || !doc.draft) {
    return createPortal(
      <p role={doc.status === "error" ? "alert" : "status"}>{doc.status === "error" ? t("siteEdit.loadError") : t("siteEdit.loading")}</p>,
      slot,
    );
  }
  return createPortal(
    <div className="menu-edit">
      <DocNotices
        showLanguage={false}
        fallback={doc.fallback}
        errors={doc.errors}
        conflict={doc.conflict}
        draft={doc.draft}
        onKeepMine={doc.keepMine}
        onTakeTheirs={doc.takeTheirs}
      />
      <MultiEditor
        id="menu-items"
        legend={t("siteEdit.menu.title", { max: MENU_MAX })}
        rows={doc.draft as Row[]}
        columns={columns}
        max={MENU_MAX}
        movable
        valueLang={doc.fallback || contentLocale(locale) !== locale ? "it" : undefined}
        onChange={(rows) => doc.setDraft(rows as MenuItem[])}
      />
    </div>,
    slot,
  );
}
