import { createContext, useContext, type ReactNode } from "react";

/** What a record card or page offers its actions: the record's table, id, title and image. */
export type CardActionTarget = { table: string; id: string; title: string; image: string | null };

/**
 * A slot for actions on records (the workspace's pin toggle, issue 15), filled by the app's root so that the
 * catalogue's cards and pages need not know the workspace. Empty by default: cards render no action.
 */
export const CardActions = createContext<((target: CardActionTarget, where: "card" | "record") => ReactNode) | null>(null);

export function useCardActions() {
  return useContext(CardActions);
}

/** How the site shows its cards (site options the root passes down: customjs `showTipologia`, decision 103). */
export const CardDisplay = createContext<{ showType: boolean }>({ showType: true });

export function useCardDisplay() {
  return useContext(CardDisplay);
}
