import { useEffect, useId, useRef } from "react";
import { CloseButton } from "./CloseButton";

/**
 * Modal or drawer on the native <dialog>: focus is trapped by the browser,
 * Escape closes it and focus returns to the opener.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  variant = "modal",
  closeLabel = "Chiudi",
  className = "",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  variant?: "modal" | "drawer" | "fullscreen";
  closeLabel?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    const onClosed = () => {
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClosed);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClosed);
    };
  }, [onClose]);
  return (
    <dialog
      ref={ref}
      className={`modal modal--${variant} ${className}`}
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onClose();
        }
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose(); // click on the backdrop
      }}
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <CloseButton onClose={onClose} label={closeLabel} />
      </div>
      <div className="modal__body">{open ? children : null}</div>
    </dialog>
  );
}
