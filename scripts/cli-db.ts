import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, type Database } from "../app/.server/db";
import { DatabaseLockedError } from "../app/.server/db-lock";
import { readEnv } from "../app/.server/env";
import { logger } from "../app/.server/logger";
import { recoverInterrupted } from "../app/features/catalogue/loads.server";
import { importFile, type ImportOptions } from "../app/features/catalogue/import.server";
import { importProgress } from "../app/.server/progress";

type LoadInfo = NonNullable<ImportOptions["load"]>;

type CliDatabase = { database: Database; mediaDir: string; dataDir: string };

/**
 * Opens the configured database (of `environment`: the process's own unless a tool runs in process, as the
 * tests call it) for a command-line tool. Throws DatabaseLockedError when the embedded database is held.
 */
export async function openToolDatabase(environment: NodeJS.ProcessEnv = process.env): Promise<CliDatabase> {
  const env = readEnv(environment);
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const mediaDir = env.mediaDir ?? path.join(env.dataDir, "media");
  await recoverInterrupted({ database }, mediaDir, logger);
  return { database, dataDir: env.dataDir, mediaDir };
}

/** What a tool prints when the embedded database is held (and then exits with LOCKED_EXIT_CODE). */
export const lockedMessage = (err: DatabaseLockedError) => `\n${err.message}\n`;
export const LOCKED_EXIT_CODE = 3;

/**
 * Opens the configured database for a command-line tool. When the embedded
 * database is held by the server, says which process and what to do, and exits.
 */
export async function openCliDatabase(): Promise<CliDatabase> {
  try {
    return await openToolDatabase();
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(lockedMessage(err));
      process.exit(LOCKED_EXIT_CODE);
    }
    throw err;
  }
}

/** True when the module of `metaUrl` is the script node was started with (not imported by a test). */
export function isEntryScript(metaUrl: string): boolean {
  return !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(metaUrl);
}

/**
 * The import step every import command ends with: opens the database, imports the NDJSON file with a
 * progress bar, prints the rejected lines and the outcome, sets the exit code, closes the database.
 */
export async function runImport(
  file: string,
  options: { load?: LoadInfo; mediaDir?: string; skipInvalid?: boolean; batchSize?: number; rejectedHint?: string } = {},
): Promise<void> {
  const { database, mediaDir } = await openCliDatabase();
  const progress = importProgress(logger);
  try {
    if (options.load) console.log(`Importing ${file} (${database.kind}) …`);
    const result = await importFile({ database }, file, {
      mediaDir: options.mediaDir,
      mediaStore: mediaDir,
      skipInvalid: options.skipInvalid,
      batchSize: options.batchSize,
      load: options.load,
      onProgress: progress.onProgress,
      onStep: progress.onStep,
    });
    progress.stop();
    const shown = 200;
    for (const r of result.rejected.slice(0, shown)) console.error(`line ${r.line}: ${r.reason}`);
    if (result.rejected.length > shown) console.error(`… and ${result.rejected.length - shown} more rejected lines`);
    if (result.failed) {
      console.error(`Batch ${result.failed.batch} (from line ${result.failed.firstLine}) failed: ${result.failed.reason}`);
      console.error("The import was rolled back: the catalogue is as it was before it.");
      process.exitCode = 1;
    } else if (result.rejected.length && !options.skipInvalid) {
      console.error(
        `${result.rejected.length} line(s) rejected: nothing was imported.${options.rejectedHint ? ` ${options.rejectedHint}` : ""}`,
      );
      process.exitCode = 1;
    } else {
      const rate = result.seconds > 0 ? Math.round(result.imported / result.seconds) : result.imported;
      console.log(
        `Imported ${result.imported} records in ${result.seconds.toFixed(1)} s (${rate} records/s)${result.rejected.length ? `, skipped ${result.rejected.length} invalid line(s)` : ""}.`,
      );
    }
  } finally {
    progress.stop();
    await database.close();
  }
}
