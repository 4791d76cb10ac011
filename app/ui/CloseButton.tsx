/** The icon button that closes a modal, a drawer or a panel: a cross, and its name for screen readers. */
export function CloseButton({ onClose, label }: { onClose?: () => void; label: string }) {
  return (
    <button type="button" className="button button--ghost button--icon" onClick={onClose}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
        <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
