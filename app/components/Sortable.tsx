import { createContext, useContext, useId, useMemo, useRef, useSyncExternalStore, type CSSProperties, type ReactNode } from "react";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type DragEndEvent,
  type Over,
} from "@dnd-kit/core";
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useI18n } from "~/i18n/context";
import "./sortable.css";

/**
 * Drag reordering with @dnd-kit (decision 065), shared by the collection page and the story editor: a list
 * whose items move by a drag handle — with the mouse, by touch, or from the keyboard (space or enter picks an
 * item up, the arrows move it, space or enter drops it, Escape cancels) — with its moves announced to screen
 * readers in the page's language. Only the routes that import this module load dnd-kit.
 *
 * The handles appear once the page is hydrated: without JavaScript they could do nothing, and the pages keep
 * their own move buttons (form posts) for that.
 */

type ItemState = {
  attributes: ReturnType<typeof useSortable>["attributes"];
  listeners: ReturnType<typeof useSortable>["listeners"];
  setActivatorNodeRef: (el: HTMLElement | null) => void;
};
const ItemContext = createContext<ItemState | null>(null);

const noSubscribe = () => () => {};
/** False on the server and while hydrating, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

type ListProps = {
  /** The items' ids in their current order. */
  ids: string[];
  /** What an item is called in the announcements ("«Vaso blu»", "block 2 (Text)"). */
  name: (id: string) => string;
  /** An item was dropped elsewhere: `id` now belongs where `overId` was (from and to are indexes in `ids`). */
  onMove: (move: { id: string; overId: string; from: number; to: number }) => void;
  /** "grid" for cards in rows and columns, "list" for one column. */
  layout: "grid" | "list";
  /** While true nothing can be picked up (e.g. a move being saved). */
  disabled?: boolean;
  children: ReactNode;
};

export function SortableList({ ids, name, onMove, layout, disabled = false, children }: ListProps) {
  const { t } = useI18n();
  const id = useId();
  const sensors = useSensors(
    // A few pixels before a press on the handle becomes a drag; touch-action: none on the handle lets touch drag it.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const total = ids.length;
  // Where the item was last said to be: a pick-up is "over" itself at once, which would drown its announcement.
  const said = useRef<unknown>(null);
  const announcements = useMemo<Announcements>(() => {
    const at = (x: Active | Over | null) => (x?.data.current?.sortable?.index as number | undefined) ?? -1;
    const item = (a: Active) => name(String(a.id));
    return {
      onDragStart: ({ active }) => {
        said.current = active.id;
        return t("sortable.start", { item: item(active), position: at(active) + 1, total });
      },
      onDragOver: ({ active, over }) => {
        if ((over?.id ?? null) === said.current) return undefined;
        said.current = over?.id ?? null;
        return over
          ? t("sortable.over", { item: item(active), position: at(over) + 1, total })
          : t("sortable.outside", { item: item(active) });
      },
      onDragEnd: ({ active, over }) =>
        over
          ? t("sortable.end", { item: item(active), position: at(over) + 1, total })
          : t("sortable.cancel", { item: item(active), position: at(active) + 1, total }),
      onDragCancel: ({ active }) => t("sortable.cancel", { item: item(active), position: at(active) + 1, total }),
    };
  }, [name, t, total]);
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onMove({ id: String(active.id), overId: String(over.id), from, to });
  };
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("sortable.instructions") } }}
    >
      <SortableContext items={ids} strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

type ItemProps = { id: string; className?: string; children: ReactNode };

/** One item (an `li`) of a SortableList; its DragHandle picks it up. */
export function SortableItem({ id, className, children }: ItemProps) {
  const { t } = useI18n();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: t("sortable.role") },
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const state = useMemo(() => ({ attributes, listeners, setActivatorNodeRef }), [attributes, listeners, setActivatorNodeRef]);
  return (
    <li ref={setNodeRef} style={style} className={`${className ?? ""} sortable-item${isDragging ? " sortable-item--dragging" : ""}`.trim()}>
      <ItemContext.Provider value={state}>{children}</ItemContext.Provider>
    </li>
  );
}

/**
 * The item's handle: a button to press and drag, or to pick up from the keyboard (shown once hydrated). While
 * the list is disabled it says so (aria-disabled) but keeps the focus, e.g. through the save after a drop.
 */
export function DragHandle({ label, className }: { label: string; className?: string }) {
  const item = useContext(ItemContext);
  const hydrated = useHydrated();
  if (!item || !hydrated) return null;
  return (
    <button
      type="button"
      ref={item.setActivatorNodeRef}
      className={`button button--ghost button--small sortable-handle ${className ?? ""}`.trim()}
      {...item.attributes}
      {...item.listeners}
      aria-label={label}
      title={label}
    >
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
        <g fill="currentColor">
          <circle cx="5.5" cy="3" r="1.5" />
          <circle cx="10.5" cy="3" r="1.5" />
          <circle cx="5.5" cy="8" r="1.5" />
          <circle cx="10.5" cy="8" r="1.5" />
          <circle cx="5.5" cy="13" r="1.5" />
          <circle cx="10.5" cy="13" r="1.5" />
        </g>
      </svg>
    </button>
  );
}
