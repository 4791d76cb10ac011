import { useEffect, useId, useRef, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { ImagePicker } from "~/features/workspace";
import type { PickerImage, PickerSource } from "~/components/editor/images";
import { useEditorT } from "../use-editor-t";

/**
 * The editors' one image picker (workspace/components/ImagePicker.tsx: the catalogue's images and the uploads,
 * with a search) in a dialog, for the in-place editors. A record's image is what a hero or a records section
 * can show (`sources` ["catalogue"]); a page's text takes an upload too.
 */
export function PickerDialog({
  isOpen,
  onClose,
  onPick,
  sources,
  title,
  askAlt = false,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** With `askAlt`, the alternative text the editor wrote (a record's title offered, an upload's left to write). */
  onPick: (img: PickerImage, alt?: string) => void;
  sources: readonly PickerSource[];
  title?: string;
  askAlt?: boolean;
}) {
  const t = useEditorT();
  const id = useId();
  const [chosen, setChosen] = useState<PickerImage | null>(null);
  const [alt, setAlt] = useState("");
  const altRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!isOpen) setChosen(null);
  }, [isOpen]);
  useEffect(() => {
    if (chosen) altRef.current?.focus();
  }, [chosen]);
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable className="edit-overlay">
      <Modal className="edit-modal edit-modal--picker">
        <Dialog className="edit-dialog">
          <div className="edit-dialog__header">
            <Heading slot="title">{title ?? t("siteEdit.picker.title")}</Heading>
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t("modal.close")}
            </button>
          </div>
          {chosen ? (
            <form
              className="edit-alt"
              onSubmit={(e) => {
                e.preventDefault();
                onPick(chosen, alt.trim());
              }}
            >
              <img src={chosen.url} alt="" className="edit-alt__preview" />
              <p className="edit-field">
                <label htmlFor={`${id}-alt`}>{t("siteEdit.page.alt")}</label>
                <input
                  id={`${id}-alt`}
                  ref={altRef}
                  value={alt}
                  maxLength={300}
                  onChange={(e) => setAlt(e.target.value)}
                  aria-describedby={`${id}-alt-hint`}
                />
                <small id={`${id}-alt-hint`}>{t("siteEdit.page.altHint")}</small>
              </p>
              <p className="edit-alt__actions">
                <button type="button" className="button" onClick={() => setChosen(null)}>
                  {t("siteEdit.page.back")}
                </button>
                <button type="submit" className="button button--primary">
                  {t("siteEdit.page.insert")}
                </button>
              </p>
            </form>
          ) : (
            <ImagePicker
              sources={sources}
              onPick={(img) => {
                if (!askAlt) return onPick(img);
                setAlt(img.ref ? img.title : "");
                setChosen(img);
              }}
            />
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
