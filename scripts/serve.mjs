// `npm run serve`: the compiled server (build/node/serve.js, made by `npm run build`) with plain Node, as
// production runs it: see server/serve.ts.
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { serverEntry } from "./build.mjs";

if (!fs.existsSync(serverEntry)) {
  console.error("No build found: run `npm run build` first (or `npm start`, which builds).");
  process.exit(1);
}
await (await import(pathToFileURL(serverEntry).href)).serve();
