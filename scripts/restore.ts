// npm run restore -- FILE
// Replaces the catalogue database with a backup made by `npm run backup`. PGlite: stop the server first;
// the replaced directory is kept beside the new one. PostgreSQL: one transaction (all or nothing).
import path from "node:path";
import { Command } from "commander";
import { restoreDatabase } from "../app/.server/backup";
import { DatabaseLockedError } from "../app/.server/db-lock";
import { readEnv } from "../app/.server/env";

const program = new Command()
  .name("npm run restore --")
  .description("Restores the catalogue database from a backup made by npm run backup.")
  .argument("<file>", "backup file (.tar.gz for PGlite, .dump for PostgreSQL)")
  .parse();
const env = readEnv();
const file = path.resolve(program.args[0]!);
const pgBackup = !file.endsWith(".tar.gz");
if (pgBackup !== Boolean(env.databaseUrl)) {
  console.error(
    env.databaseUrl
      ? `${file} looks like a PGlite backup (.tar.gz) but DATABASE_URL is set: unset it to restore the embedded database.`
      : `${file} looks like a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`,
  );
  process.exit(2);
}
try {
  const t0 = performance.now();
  const { kept } = await restoreDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir }, file);
  console.log(`Restored ${file} in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  if (kept) console.log(`The database it replaced is kept in ${kept}: remove it once the restored catalogue looks right.`);
} catch (err) {
  if (err instanceof DatabaseLockedError) console.error(`${err.message}\nStop the server before restoring the embedded database.`);
  else console.error((err as Error).message);
  process.exit(err instanceof DatabaseLockedError ? 3 : 1);
}
