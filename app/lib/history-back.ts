import { safeLocalPath } from "./safe-path";

/**
 * The way back from a history opened from the admin bar (issue 31 §4): the history's address carries the page
 * being edited (`back`, a path of this site only: decision 077's rule); a restore returns there with
 * `restored=1`, which the admin bar announces. The page's own address is kept without that mark.
 */
export const BACK_PARAM = "back";
export const RESTORED_PARAM = "restored";

const BASE = "http://local.invalid";

/** The page to return to, or null when there is none (or it is not a path of this site). */
export function historyBack(value: string | null | undefined): string | null {
  return safeLocalPath(value, "") || null;
}

/** A page's address without the restore's mark (what a history link carries as `back`). */
export function withoutRestored(pathAndSearch: string): string {
  const u = new URL(pathAndSearch, BASE);
  u.searchParams.delete(RESTORED_PARAM);
  return u.pathname + u.search + u.hash;
}

/** A history's address with the page to return to. */
export function historyHref(href: string, back: string): string {
  const u = new URL(href, BASE);
  u.searchParams.set(BACK_PARAM, withoutRestored(back));
  return u.pathname + u.search + u.hash;
}

/** Where a restore made from such a history goes: the page, marked as restored. */
export function afterRestore(back: string): string {
  const u = new URL(back, BASE);
  u.searchParams.set(RESTORED_PARAM, "1");
  return u.pathname + u.search + u.hash;
}
