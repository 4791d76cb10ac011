// npm run backup -- [--out FILE]
// PGlite: a consistent copy of the embedded database (stop the server first); PostgreSQL (DATABASE_URL):
// pg_dump in its custom format, taken while the site runs. Media files (MEDIA_DIR, data/media) are
// content-addressed and only ever added: copy them with any file tool (README, "Backups").
import path from "node:path";
import { Command } from "commander";
import { backupDatabase, defaultBackupFile } from "../app/.server/backup";
import { DatabaseLockedError } from "../app/.server/db-lock";
import { readEnv } from "../app/.server/env";

const env = readEnv();
const target = { databaseUrl: env.databaseUrl, dataDir: env.dataDir };
const opts = new Command()
  .name("npm run backup --")
  .description("Backs up the catalogue database (PGlite: the data directory; PostgreSQL: pg_dump custom format).")
  .option("--out <file>", "backup file", defaultBackupFile(target))
  .parse()
  .opts<{ out: string }>();

try {
  const t0 = performance.now();
  const { file, bytes } = await backupDatabase(target, path.resolve(opts.out));
  console.log(`Backup written to ${file} (${(bytes / 1e6).toFixed(1)} MB, ${((performance.now() - t0) / 1000).toFixed(1)} s).`);
  console.log(`Restore with: npm run restore -- ${path.relative(process.cwd(), file)}`);
} catch (err) {
  if (err instanceof DatabaseLockedError) console.error(`${err.message}\nThe embedded database is backed up while the server is stopped.`);
  else console.error((err as Error).message);
  process.exit(err instanceof DatabaseLockedError ? 3 : 1);
}
