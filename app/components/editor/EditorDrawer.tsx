import { useId } from "react";
import { Dialog, Modal, ModalOverlay, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useI18n } from "~/i18n/context";
import "./editor.css";
import { CloseButton } from "~/ui/CloseButton";

/**
 * The editor side drawer (spec §2 "Editor side drawer with tabs edit and manage") — shared by the moodboard
 * and story editors. Load it only from an editor route (react-aria-components stays off the visitors' pages).
 *
 * How to use it:
 *   const [open, setOpen] = useState(true);
 *   <button aria-expanded={open} aria-controls={drawerId} onClick={() => setOpen(!open)}>…</button>
 *   <EditorDrawer id={drawerId} open={open} onClose={() => setOpen(false)} label={t("moodboard.drawer")}
 *     edit={<>colour fields, the ImagePicker…</>} manage={<>title, delete…</>} />
 *
 * It is not modal by default: the canvas or the story beside it stays usable. With `modal` (the site's
 * in-place editors, decision 074) it is a dialog sliding in from the side, the page behind it inert, focus
 * kept inside and given back on close. Escape closes it either way; tabs follow the ARIA tabs pattern (arrow
 * keys between tabs). `tab`/`onTabChange` make the chosen tab controlled.
 */
export function EditorDrawer({
  id,
  open,
  onClose,
  label,
  edit,
  manage,
  tab,
  onTabChange,
  modal = false,
}: {
  id?: string;
  open: boolean;
  onClose: () => void;
  label: string;
  edit: React.ReactNode;
  manage: React.ReactNode;
  tab?: "edit" | "manage";
  onTabChange?: (tab: "edit" | "manage") => void;
  modal?: boolean;
}) {
  const headingId = useId();
  if (modal)
    return (
      <ModalOverlay isOpen={open} onOpenChange={(o) => !o && onClose()} isDismissable className="editor-drawer-overlay">
        <Modal className="editor-drawer-modal">
          <Dialog id={id} className="editor-drawer editor-drawer--modal" aria-labelledby={headingId}>
            <DrawerBody {...{ headingId, label, onClose, edit, manage, tab, onTabChange }} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    );
  if (!open) return null;
  return (
    <aside
      id={id}
      className="editor-drawer"
      aria-labelledby={headingId}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !e.defaultPrevented) {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <DrawerBody {...{ headingId, label, onClose, edit, manage, tab, onTabChange }} />
    </aside>
  );
}

function DrawerBody({
  headingId,
  label,
  onClose,
  edit,
  manage,
  tab,
  onTabChange,
}: {
  headingId: string;
  label: string;
  onClose: () => void;
  edit: React.ReactNode;
  manage: React.ReactNode;
  tab?: "edit" | "manage";
  onTabChange?: (tab: "edit" | "manage") => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <div className="editor-drawer__header">
        <h2 id={headingId} className="editor-drawer__title">
          {label}
        </h2>
        <CloseButton onClose={onClose} label={t("editor.drawer.close")} />
      </div>
      <Tabs
        className="editor-tabs"
        {...(tab ? { selectedKey: tab } : { defaultSelectedKey: "edit" })}
        onSelectionChange={(k) => onTabChange?.(k === "manage" ? "manage" : "edit")}
      >
        <TabList className="editor-tabs__list" aria-label={label}>
          <Tab id="edit" className="editor-tabs__tab">
            {t("editor.drawer.edit")}
          </Tab>
          <Tab id="manage" className="editor-tabs__tab">
            {t("editor.drawer.manage")}
          </Tab>
        </TabList>
        <TabPanel id="edit" className="editor-tabs__panel">
          {edit}
        </TabPanel>
        <TabPanel id="manage" className="editor-tabs__panel">
          {manage}
        </TabPanel>
      </Tabs>
    </>
  );
}

/**
 * A colour field (spec §2 "colour pickers"): the browser's colour input with a visible label and the value
 * as text beside it. `onRemove` adds a remove button (a swatch of a list).
 */
export function ColorField({
  label,
  value,
  onChange,
  onRemove,
  removeLabel,
}: {
  label: string;
  value: string;
  onChange: (hex: string) => void;
  onRemove?: () => void;
  removeLabel?: string;
}) {
  const id = useId();
  return (
    <p className="editor-color">
      <label htmlFor={id}>{label}</label>
      <span className="editor-color__row">
        <input id={id} type="color" value={value} onChange={(e) => onChange(e.target.value)} />
        <code aria-hidden="true">{value}</code>
        {onRemove ? (
          <button type="button" className="button button--ghost button--small" onClick={onRemove}>
            {removeLabel}
          </button>
        ) : null}
      </span>
    </p>
  );
}
