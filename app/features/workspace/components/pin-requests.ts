/** The pin calls, shared by the toggle, the new-collection drawer and the bulk add. */
import { apiFetch } from "~/lib/api-fetch";

/** Pin requests go one after the other, in the order pressed: a quick out-and-in ends in, as shown. */
let queue: Promise<unknown> = Promise.resolve();
export function inOrder<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Posts a JSON call; answers whether it succeeded, the error's message, and the answer's `data`. Through
 * apiFetch: an expired session goes to the login page with 'Sessione scaduta' (spec §8).
 */
export async function post<T = unknown>(path: string, body: unknown): Promise<{ ok: boolean; message: string | null; data?: T }> {
  try {
    // keepalive: a pin pressed just before leaving the page still arrives.
    const res = await apiFetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      keepalive: true,
    });
    const answer = (await res.json().catch(() => null)) as { data?: T; error?: { message?: string } } | null;
    if (res.ok) return { ok: true, message: null, data: answer?.data };
    return { ok: false, message: answer?.error?.message ?? null };
  } catch {
    return { ok: false, message: null };
  }
}
