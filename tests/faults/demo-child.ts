// A process that loads a small demo archive into the catalogue named by DATA_DIR / DATABASE_URL, as the
// server does at its first start (app/features/demo/load.server.ts), for the fault suite to kill.
import path from "node:path";
import { openDatabase } from "../../app/.server/db";
import { logger } from "../../app/.server/logger";
import { recoverInterrupted } from "../../app/features/catalogue/loads.server";
import { ensureDemo } from "../../app/features/demo/load.server";

const dataDir = process.env.DATA_DIR!;
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
try {
  const mediaDir = path.join(dataDir, "media");
  await recoverInterrupted({ database }, mediaDir, logger);
  const loaded = await ensureDemo(
    { database },
    {
      mediaDir,
      workDir: path.join(dataDir, "demo"),
      logger,
      tty: false,
      records: Number(process.env.DEMO_RECORDS ?? 300),
      images: Number(process.env.DEMO_IMAGES ?? 12),
    },
  );
  console.log(loaded ? "demo loaded" : "demo already there");
} finally {
  await database.close();
}
