import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useUnsavedChanges } from "~/components/editor/useUnsavedChanges";

/**
 * Edit mode (spec §3 admin state isEdit, isDirty, isSaving, hideEdit; §4; decision 074). Small on purpose:
 * it is in every page's bundle, the editors themselves are loaded only when edit mode turns on.
 *
 * - Edit mode is turned on only for an administrator (`canEdit`, the ADMIN capability the server checks on
 *   every save too) and only after the dirty check: with unsaved edits the switch first asks.
 * - Each editor registers a saver while it holds unsaved edits; the admin bar's save runs them all. A save
 *   that fully succeeds shows the confirmation for SAVED_MS, then the button reverts.
 * - Leaving with unsaved edits asks 'Sei sicuro di voler proseguire?' (useBlocker for the app's links,
 *   beforeunload for the rest); declining stays, the edits kept.
 */
export const SAVED_MS = 3000;

/**
 * An item being edited, with the address of its history (issue 31 §4): the admin bar's "Cronologia" lists
 * them, adding where to come back to after a restore (`back`).
 */
export type HistoryLink = { id: string; label: string; href: string };

/** What a saver reports: `ok` (saved or unchanged) or not (it shows its own message: conflict, invalid). */
export type Saver = () => Promise<boolean>;

type EditMode = {
  canEdit: boolean;
  hideEdit: boolean;
  isEdit: boolean;
  isDirty: boolean;
  isSaving: boolean;
  /** The save confirmation is showing (SAVED_MS after a successful save). */
  saved: boolean;
  /** The last save left something unsaved (an editor shows why). */
  failed: boolean;
  /** Bumped by reset: editors start again from the stored values. */
  generation: number;
  setEdit(on: boolean): void;
  /** An editor's unsaved edits: its saver while dirty, null once clean. */
  track(id: string, saver: Saver | null): void;
  save(): Promise<void>;
  reset(): void;
  /** The histories of what is being edited, in the order the editors registered. */
  histories: HistoryLink[];
  /** An editor's history link while it is mounted (null: none). */
  registerHistory(id: string, link: HistoryLink | null): void;
};

const EditModeContext = createContext<EditMode | null>(null);

const OFF: EditMode = {
  canEdit: false,
  hideEdit: true,
  isEdit: false,
  isDirty: false,
  isSaving: false,
  saved: false,
  failed: false,
  generation: 0,
  setEdit() {},
  track() {},
  save: async () => {},
  reset() {},
  histories: [],
  registerHistory() {},
};

export function useEditMode(): EditMode {
  return useContext(EditModeContext) ?? OFF;
}

/** Registers an editor's saver while it is dirty (and unregisters it when it unmounts). */
export function useTrackedEdits(id: string, dirty: boolean, saver: Saver) {
  const { track } = useEditMode();
  const ref = useRef(saver);
  ref.current = saver;
  useEffect(() => {
    track(id, dirty ? () => ref.current() : null);
  }, [id, dirty, track]);
  useEffect(() => () => track(id, null), [id, track]);
}

/** Offers an editor's history in the admin bar while the editor is mounted. */
export function useHistoryLink(link: HistoryLink | null) {
  const { registerHistory } = useEditMode();
  const id = link?.id ?? "";
  const label = link?.label ?? "";
  const href = link?.href ?? "";
  useEffect(() => {
    if (!id) return;
    registerHistory(id, { id, label, href });
    return () => registerHistory(id, null);
  }, [id, label, href, registerHistory]);
}

export function EditModeProvider({ canEdit, hideEdit, children }: { canEdit: boolean; hideEdit: boolean; children: React.ReactNode }) {
  const [isEdit, setIsEdit] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [dirtyIds, setDirtyIds] = useState<string[]>([]);
  const [histories, setHistories] = useState<HistoryLink[]>([]);
  const savers = useRef(new Map<string, Saver>());
  const revalidator = useRevalidator();
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // the leave guard's question, registered while it is mounted (that is, while there is something to lose)
  const ask = useRef<((go: () => void) => void) | null>(null);
  const isDirty = dirtyIds.length > 0;

  const track = useCallback((id: string, saver: Saver | null) => {
    if (saver) savers.current.set(id, saver);
    else savers.current.delete(id);
    setDirtyIds((ids) => (saver ? (ids.includes(id) ? ids : [...ids, id]) : ids.includes(id) ? ids.filter((i) => i !== id) : ids));
    if (saver) setFailed(false);
  }, []);

  const registerHistory = useCallback((id: string, link: HistoryLink | null) => {
    setHistories((list) => {
      const rest = list.filter((h) => h.id !== id);
      return link ? [...rest, link] : rest.length === list.length ? list : rest;
    });
  }, []);

  const reset = useCallback(() => {
    savers.current.clear();
    setDirtyIds([]);
    setIsSaving(false);
    setFailed(false);
    setGeneration((g) => g + 1);
  }, []);

  const setEdit = useCallback(
    (on: boolean) => {
      if (!canEdit || (on && hideEdit)) return;
      const apply = () => {
        reset();
        setIsEdit(on);
      };
      // The dirty check: unsaved edits are never dropped without asking.
      if (savers.current.size > 0 && ask.current) ask.current(apply);
      else apply();
    },
    [canEdit, hideEdit, reset],
  );

  const save = useCallback(async () => {
    if (!canEdit || isSaving) return;
    setIsSaving(true);
    setFailed(false);
    let ok = true;
    for (const saver of [...savers.current.values()]) {
      try {
        ok = (await saver()) && ok;
      } catch {
        ok = false;
      }
    }
    setIsSaving(false);
    if (!ok) {
      setFailed(true);
      return;
    }
    revalidator.revalidate();
    setSaved(true);
    if (savedTimer.current) clearTimeout(savedTimer.current);
    savedTimer.current = setTimeout(() => setSaved(false), SAVED_MS);
  }, [canEdit, isSaving, revalidator]);

  useEffect(() => () => void (savedTimer.current && clearTimeout(savedTimer.current)), []);

  const value = useMemo<EditMode>(
    () => ({
      canEdit,
      hideEdit,
      isEdit: canEdit && isEdit,
      isDirty,
      isSaving,
      saved,
      failed,
      generation,
      setEdit,
      track,
      save,
      reset,
      histories,
      registerHistory,
    }),
    [canEdit, hideEdit, isEdit, isDirty, isSaving, saved, failed, generation, setEdit, track, save, reset, histories, registerHistory],
  );

  return (
    <EditModeContext.Provider value={value}>
      {children}
      {/* mounted only while there is something to lose: an editor elsewhere (moodboards, stories) has its own blocker */}
      {canEdit && isDirty && <LeaveGuard reset={reset} ask={ask} />}
    </EditModeContext.Provider>
  );
}

/**
 * Leaving with unsaved edits: the editors' one guard (components/editor/useUnsavedChanges): the app's own
 * navigations ask in its dialog (useBlocker, mounted for administrators with unsaved edits only: a router has
 * one blocker); a reload, a typed address or a plain link (the language switch) gets the browser's own
 * question. The switch's dirty check asks in the same dialog; going on starts the editors again.
 */
function LeaveGuard({ reset, ask }: { reset: () => void; ask: React.MutableRefObject<((go: () => void) => void) | null> }) {
  const unsaved = useUnsavedChanges(true, { staleAfterMs: null, onProceed: reset });
  useEffect(() => {
    ask.current = unsaved.ask;
    return () => {
      ask.current = null;
    };
  }, [ask, unsaved.ask]);
  return unsaved.prompt;
}
