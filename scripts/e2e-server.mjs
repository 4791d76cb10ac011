// Starts the built server for the end-to-end suite on a fresh embedded database
// (the demo archive is loaded into it), in this process.
import fs from "node:fs";
import { register } from "tsx/esm/api";

const dir = process.env.DATA_DIR ?? "./data-e2e";
fs.rmSync(dir, { recursive: true, force: true });
register();
const { main } = await import("../server/index.ts");
await main();
