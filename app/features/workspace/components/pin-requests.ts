/** The pin calls, shared by the toggle and the new-collection drawer. */

/** Pin requests go one after the other, in the order pressed: a quick out-and-in ends in, as shown. */
let queue: Promise<unknown> = Promise.resolve();
export function inOrder<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

export async function post(path: string, body: unknown): Promise<{ ok: boolean; message: string | null }> {
  try {
    // keepalive: a pin pressed just before leaving the page still arrives.
    const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), keepalive: true });
    if (res.ok) return { ok: true, message: null };
    const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { ok: false, message: data?.error?.message ?? null };
  } catch {
    return { ok: false, message: null };
  }
}
