import { useEffect, useId, useState } from "react";
import { Dialog, Heading, Input, Label, Modal, ModalOverlay, SearchField } from "react-aria-components";
import { useI18n } from "~/i18n/context";
import { useEditorT } from "../use-editor-t";
import type { PickerImage } from "../types";

/**
 * The image picker (spec §2 editor drawer; decision 074): a search over the catalogue's images (records with
 * an image, by label or id), each result a button. Loading, empty ('No images match your search') and error
 * states are announced.
 */
export function ImagePicker({ isOpen, onClose, onPick }: { isOpen: boolean; onClose: () => void; onPick: (img: PickerImage) => void }) {
  const { locale } = useI18n();
  const t = useEditorT();
  const [q, setQ] = useState("");
  const [state, setState] = useState<{ status: "loading" | "ready" | "error"; images: PickerImage[] }>({ status: "loading", images: [] });
  const statusId = useId();
  useEffect(() => {
    if (!isOpen) return;
    const ctrl = new AbortController();
    setState((s) => ({ ...s, status: "loading" }));
    const timer = setTimeout(() => {
      fetch(`/api/auth/backend/site-edit/images?q=${encodeURIComponent(q)}&locale=${locale}`, { signal: ctrl.signal, headers: { Accept: "application/json" } })
        .then(async (res) => {
          if (!res.ok) throw new Error(String(res.status));
          const body = (await res.json()) as { images: PickerImage[] };
          setState({ status: "ready", images: body.images });
        })
        .catch(() => {
          if (!ctrl.signal.aborted) setState({ status: "error", images: [] });
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [q, locale, isOpen]);
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable className="edit-overlay">
      <Modal className="edit-modal edit-modal--picker">
        <Dialog className="edit-dialog">
          <div className="edit-dialog__header">
            <Heading slot="title">{t("siteEdit.picker.title")}</Heading>
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t("modal.close")}
            </button>
          </div>
          <SearchField value={q} onChange={setQ} className="edit-field" autoFocus aria-describedby={statusId}>
            <Label>{t("siteEdit.picker.search")}</Label>
            <Input maxLength={200} />
          </SearchField>
          <p id={statusId} role="status" className="picker__status">
            {state.status === "loading"
              ? t("app.loading")
              : state.status === "error"
                ? t("siteEdit.picker.error")
                : state.images.length === 0
                  ? t("siteEdit.picker.empty")
                  : t("siteEdit.picker.count", { count: state.images.length })}
          </p>
          {state.images.length > 0 && (
            <ul className="picker__grid" aria-label={t("siteEdit.picker.results")}>
              {state.images.map((img) => (
                <li key={`${img.table}/${img.id}`}>
                  <button type="button" className="picker__choice" onClick={() => onPick(img)}>
                    <img src={img.thumbnail} alt="" width={160} height={120} loading="lazy" />
                    <span lang={img.labelLang !== locale ? img.labelLang : undefined}>{img.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
