/**
 * Work a request or a timer starts and does not wait for (a password-reset mail, an alerts run, a console
 * job): registered here so that a graceful stop (server/index.ts) and the tests' server (tests/setup/app.ts)
 * can wait for it before the database closes, instead of leaving it to fail on a closed pool (issue 30 §5).
 *
 * The registry lives on globalThis: the tests' server runs the production build, whose modules are copies of
 * the sources the tests import; both must see the same work.
 */

type Kind = "mail" | "alerts" | "job";
type Registry = Map<Promise<unknown>, Kind>;

const KEY = Symbol.for("teca.background-work");
const registry = ((globalThis as Record<symbol, Registry | undefined>)[KEY] ??= new Map());

/** Registers `work` (already started) until it settles; answers it. */
export function inBackground<T>(kind: Kind, work: Promise<T>): Promise<T> {
  const entry = work.then(
    () => undefined,
    () => undefined,
  );
  registry.set(entry, kind);
  void entry.finally(() => registry.delete(entry));
  return work;
}

/** Resolves once the registered work of these kinds (all by default), and what it started meanwhile, has settled. */
export async function backgroundSettled(kinds: Kind[] = ["mail", "alerts", "job"]): Promise<void> {
  for (;;) {
    const waiting = [...registry].filter(([, kind]) => kinds.includes(kind)).map(([p]) => p);
    if (!waiting.length) return;
    await Promise.all(waiting);
  }
}
