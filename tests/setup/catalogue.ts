import fs from "node:fs";
import path from "node:path";
import { importFile } from "../../app/features/catalogue/import.server";
import type { InterchangeInput } from "../../app/features/catalogue/interchange";
import type { TestDb } from "./db";
import { startTestServer } from "./app";
import { tempDir, writeNdjson } from "../factories/records";

/**
 * A test catalogue: a fresh database of `target` with `records` imported
 * (media files read from `dir`), served over HTTP. `close()` removes it all.
 */
export async function seededCatalogue(target: TestDb, records: (InterchangeInput | string)[], opts: { dir?: string } = {}) {
  const db = await target.open();
  const dir = opts.dir ?? tempDir();
  const store = path.join(dir, "store");
  const result = await importFile({ database: db }, writeNdjson(dir, records, "seed.ndjson"), { mediaDir: dir, mediaStore: store });
  if (result.rejected.length || result.failed) throw new Error(`seed rejected: ${JSON.stringify(result.rejected[0] ?? result.failed)}`);
  const server = await startTestServer(db, store);
  return {
    db,
    server,
    dir,
    store,
    async close() {
      await server.close();
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
