import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Set by scripts/build.mjs in the compiled server (build/node/): the checkout's root relative to the
 * compiled files. Undefined when the sources run through tsx (tests, scripts).
 */
declare const __TECA_ROOT_FROM_BUNDLE__: string | undefined;

const here = path.dirname(fileURLToPath(import.meta.url));

/** Whether this code runs as the compiled server (build/node/*.js, plain Node) rather than from the sources. */
export const bundled = typeof __TECA_ROOT_FROM_BUNDLE__ === "string";

/** The compiled server's directory (build/node), where its entries (app.js, prepare.worker.js) lie; null from the sources. */
export const bundleDir = bundled ? here : null;

/** The checkout's root: package.json, db/migrations, public/, node_modules. */
export const root =
  typeof __TECA_ROOT_FROM_BUNDLE__ === "string" ? path.resolve(here, __TECA_ROOT_FROM_BUNDLE__) : path.resolve(here, "../..");

/** Whether the module at `moduleUrl` is the script node was started with (never inside the compiled server, where every module shares its chunk's URL). */
export function isEntry(moduleUrl: string): boolean {
  return !bundled && Boolean(process.argv[1]) && path.resolve(process.argv[1]!) === fileURLToPath(moduleUrl);
}
