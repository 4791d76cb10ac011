import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { ImagePicker } from "~/features/workspace/editor/ImagePicker";
import type { PickerImage, PickerSource } from "~/features/workspace/editor/images";
import { useEditorT } from "../use-editor-t";

/**
 * The editors' one image picker (workspace/editor/ImagePicker.tsx: the catalogue's images and the uploads,
 * with a search) in a dialog, for the in-place editors. A record's image is what a hero or a records section
 * can show (`sources` ["catalogue"]); a page's text takes an upload too.
 */
export function PickerDialog({
  isOpen,
  onClose,
  onPick,
  sources,
  title,
}: {
  isOpen: boolean;
  onClose: () => void;
  onPick: (img: PickerImage) => void;
  sources: readonly PickerSource[];
  title?: string;
}) {
  const t = useEditorT();
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
          <ImagePicker sources={sources} onPick={onPick} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
