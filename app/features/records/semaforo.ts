import type { SemaforoEntry } from "~/features/site";

/** Traffic-light entries whose tag path prefix matches one of the record's tags. */
export function matchSemaforo(entries: SemaforoEntry[] | undefined, tags: { path: string }[]): SemaforoEntry[] {
  if (!entries?.length) return [];
  return entries.filter((e) => e.path && tags.some((t) => t.path === e.path || t.path.startsWith(`${e.path}/`)));
}
