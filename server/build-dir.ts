import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Where `npm run build` writes the app and the server reads it: `build/`, or `TECA_BUILD_DIR` (used by
 * engineers who build and test several working copies side by side; react-router.config.ts reads it too).
 */
export const buildDir = process.env.TECA_BUILD_DIR ? path.resolve(process.env.TECA_BUILD_DIR) : path.join(root, "build");
