import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "../../app/.server/db";
import { DatabaseLockedError, LOCK_FILE } from "../../app/.server/db-lock";
import { seedDataDir, testDatabases } from "../setup/db";
import { makeRecord, tempDir, writeNdjson } from "../factories/records";
import { buildDir } from "../../server/build-dir";

const root = path.resolve(import.meta.dirname, "../..");
const TABLES = [
  "audit_log",
  "bot_check_spent",
  "catalogue_loads",
  "collection_items",
  "collection_links",
  "collection_shares",
  "collections",
  "console_jobs",
  "media",
  "pages",
  "password_reset_tokens",
  "pending_logins",
  "record_tags",
  "record_texts",
  "record_tombstones",
  "record_types",
  "records",
  "recovery_codes",
  "relation_types",
  "relations",
  "revisions",
  "saved_search_tokens",
  "saved_searches",
  "search_docs",
  "search_docs_en",
  "search_docs_fr",
  "search_docs_it",
  "search_lexicon",
  "search_tag_sets",
  "search_texts",
  "search_texts_en",
  "search_texts_fr",
  "search_texts_it",
  "search_words",
  "sessions",
  "site_options",
  "staging_files",
  "summary_config",
  "tags",
  "users",
  "workspace_prefs",
  "moodboards",
  "uploads",
  // issue 15 stories (0023)
  "stories",
  // sign-in and reset limits (0029, decision 081)
  "rate_limits",
  // issue 31 field labels by language (0030)
  "field_labels",
  // field names declared by imports (0031)
  "field_names",
  // issue 32's registers: downloads (0034), reproduction requests (0035), annotations (0036)
  "downloads",
  "reproduction_requests",
  "annotations",
  "annotation_reads",
  // issue 33 §5 saved relational maps (0038)
  "relation_maps",
];

for (const target of testDatabases()) {
  describe(`migrations on ${target.name}`, () => {
    it("create the catalogue schema, and running them again changes nothing", async () => {
      const db = await target.open();
      try {
        const tables = await db.rows<{ table_name: string }>(
          sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
        );
        expect(tables.map((t) => t.table_name)).toEqual([...TABLES].sort());
        await migrateDatabase(db);
        const again = await db.rows<{ n: number }>(
          sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
        );
        expect(again[0]!.n).toBe(TABLES.length);
        // accent-insensitive per-locale configurations
        const [v] = await db.rows<{ it: string; fr: string }>(
          sql`select to_tsvector(teca_ts_config('it'), 'Città')::text as it, to_tsvector(teca_ts_config('fr'), 'Église')::text as fr`,
        );
        expect(v).toEqual({ it: "'citt':1", fr: "'eglis':1" });
      } finally {
        await db.drop();
      }
    });
  });
}

describe("the embedded database directory", () => {
  const dirs: string[] = [];
  afterAll(() =>
    dirs.forEach((d) => {
      fs.rmSync(d, { recursive: true, force: true });
    }),
  );

  it("is guarded against a second opener, with a message naming the holder", async () => {
    const dir = tempDir();
    dirs.push(dir);
    seedDataDir(dir); // migrated already (this run's snapshot): the guard is under test
    const first = await openDatabase({ dataDir: dir });
    try {
      const lock = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8"));
      expect(lock.pid).toBe(process.pid);
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DatabaseLockedError);
      // A command-line tool in another process refuses clearly and writes nothing.
      const file = writeNdjson(dir, [makeRecord({ id: "x1" })]);
      const cli = spawnSync(process.execPath, ["--import", "tsx", "scripts/import.ts", file], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "" },
        encoding: "utf8",
      });
      expect(cli.status).toBe(3);
      expect(cli.stderr).toContain(`in use by process ${process.pid}`);
      expect(cli.stderr).toMatch(/Stop that process first/);
      const n = await first.rows<{ n: number }>(sql`select count(*)::int as n from records`);
      expect(n[0]!.n).toBe(0);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    // a stale lock (dead pid) is taken over
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: 2 ** 22 + 12345, command: "gone", startedAt: "x" }));
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it("the server closes it cleanly on SIGTERM", { timeout: 200_000 }, async () => {
    const dir = tempDir();
    dirs.push(dir);
    seedDataDir(dir);
    const port = 39000 + Math.floor(Math.random() * 1000);
    // the compiled app process (`npm run build`), as npm start runs it; tests/faults/lock.test.ts starts
    // server/index.ts through tsx
    const child = spawn(process.execPath, [path.join(buildDir, "node/app.js")], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", PORT: String(port), HOST: "127.0.0.1", TECA_DEMO: "0", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const deadline = Date.now() + 150_000;
    let up = false;
    while (!up && Date.now() < deadline && child.exitCode === null) {
      try {
        up = (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    expect(up, output).toBe(true);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const reopened = await openDatabase({ dataDir: dir });
    expect((await reopened.rows<{ n: number }>(sql`select count(*)::int as n from records`))[0]!.n).toBe(0);
    await reopened.close();
  });
});
