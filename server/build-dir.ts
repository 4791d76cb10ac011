import path from "node:path";
import { root } from "../app/.server/root";

/**
 * Where `npm run build` writes the app and the server reads it: `build/`, or `TECA_BUILD_DIR` (used by
 * engineers who build and test several working copies side by side; react-router.config.ts reads it too).
 */
export const buildDir = process.env.TECA_BUILD_DIR ? path.resolve(process.env.TECA_BUILD_DIR) : path.join(root, "build");
