const KEY = "teca-chunk-reload";
const MIN_INTERVAL_MS = 60_000;

function isChunkError(reason: unknown): boolean {
  const msg = reason instanceof Error ? reason.message : String(reason ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk \d+ failed/i.test(
    msg,
  );
}

/** Reloads the page when a code chunk failed to load (a new deployment), at most once a minute. */
export function reloadForChunkError(
  reason: unknown,
  now = Date.now(),
  storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage,
  reload = () => location.reload(),
): boolean {
  if (!isChunkError(reason)) return false;
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < MIN_INTERVAL_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** Watches for chunk load failures; optionally checks an error already caught. Returns a cleanup. */
export function installChunkReload(initial?: unknown) {
  if (typeof window === "undefined") return () => {};
  if (initial) reloadForChunkError(initial);
  const onRejection = (e: PromiseRejectionEvent) => reloadForChunkError(e.reason);
  const onError = (e: ErrorEvent) => reloadForChunkError(e.error ?? e.message);
  window.addEventListener("unhandledrejection", onRejection);
  window.addEventListener("error", onError);
  return () => {
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("error", onError);
  };
}
