/**
 * The demo archive made ahead of its load, in a worker thread (load.server.ts prepareDemo): the first start
 * creates a fresh embedded database meanwhile, and PGlite's WebAssembly holds the main thread's event loop
 * while it works, so that pictures queued from there would be drawn only between its steps. Generates the
 * archive into workDir, then derives its pictures into the media store, where the import finds them by their
 * content hash. Reports progress and the result to the parent.
 */
import fs from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { deriveImage, type Derived } from "~/.server/media";
import { generateDemo } from "./generate";
import { VIEWERS_DIR } from "./generate/viewers";

export type PrepareRequest = { workDir: string; mediaDir: string; records?: number; images?: number; imageCache?: string };
export type PrepareMessage =
  | { kind: "start"; label: string; total: number; unit: string }
  | { kind: "update"; done: number }
  | { kind: "done"; result: Awaited<ReturnType<typeof generateDemo>>; derived: [string, Derived][] };

const req = workerData as PrepareRequest;
const post = (m: PrepareMessage) => parentPort!.postMessage(m);

const result = await generateDemo(req.workDir, {
  records: req.records,
  images: req.images,
  imageCache: req.imageCache,
  onImages(done, total) {
    if (done === 0) post({ kind: "start", label: "Demo: drawing images", total, unit: "images" });
    else post({ kind: "update", done });
  },
});
// The pictures, not the panorama (generate/viewers.ts): the import derives that one as a panorama.
const files = fs
  .readdirSync(result.mediaDir, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".jpg") && !f.startsWith(`${VIEWERS_DIR}${path.sep}`));
post({ kind: "start", label: "Demo: preparing images", total: files.length, unit: "images" });
let next = 0;
let done = 0;
// What each picture became, handed to the import (by the file's name in the records) so that it is not decoded twice.
const derived: [string, Derived][] = [];
const worker = async () => {
  while (next < files.length) {
    const file = files[next++]!;
    derived.push([file.split(path.sep).join("/"), await deriveImage(path.join(result.mediaDir, file), req.mediaDir)]);
    post({ kind: "update", done: ++done });
  }
};
await Promise.all(Array.from({ length: 3 }, worker));
post({ kind: "done", result, derived });
