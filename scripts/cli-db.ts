import path from "node:path";
import { openDatabase, type Database } from "../app/.server/db";
import { DatabaseLockedError } from "../app/.server/db-lock";
import { readEnv } from "../app/.server/env";
import { logger } from "../app/.server/logger";
import { recoverInterrupted } from "../app/features/catalogue/loads.server";

/**
 * Opens the configured database for a command-line tool. When the embedded
 * database is held by the server, says which process and what to do, and exits.
 */
export async function openCliDatabase(): Promise<{ database: Database; mediaDir: string; dataDir: string }> {
  const env = readEnv();
  try {
    const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    const mediaDir = env.mediaDir ?? path.join(env.dataDir, "media");
    await recoverInterrupted(database, mediaDir, logger);
    return { database, dataDir: env.dataDir, mediaDir };
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(`\n${err.message}\n`);
      process.exit(3);
    }
    throw err;
  }
}
