import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/.server/db";
import { signIn } from "../../app/features/accounts/accounts.server";
import { main } from "../../scripts/user";
import { seedDataDir, testDatabases } from "../setup/db";
import { tempDir } from "../factories/records";

const root = path.resolve(import.meta.dirname, "../..");

/** `npm run user -- …` as an operator runs it, called in process (scripts/user.ts main), on the embedded database and on PostgreSQL. */
async function cli(env: Record<string, string>, args: string[], input = "") {
  let out = "";
  let err = "";
  const status = await main(args, {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdin: input,
    out: (line) => (out += `${line}\n`),
    err: (line) => (err += `${line}\n`),
  });
  return { status, out, err };
}

/** Every command; the refusals too when `all` (each run of the tool on PGlite opens its data directory: fewer there). */
async function exercise(env: Record<string, string>, open: () => Promise<Awaited<ReturnType<typeof openDatabase>>>, all = true) {
  const add = await cli(
    env,
    ["add", "--email", "Admin@Example.org", "--role", "Amministratore", "--role", "manager", "--password-stdin"],
    "Primo-accesso1\n",
  );
  expect(add.err).toBe("");
  expect(add.status).toBe(0);
  expect(add.out).toContain("Created Admin@Example.org (Amministratore, Manager; level 96)");
  if (all) {
    expect((await cli(env, ["add", "--email", "admin@example.org", "--role", "Ricercatore"])).err).toContain("already exists");
    const weak = await cli(env, ["add", "--email", "weak@example.org", "--role", "Ricercatore", "--password-stdin"], "password\n");
    expect(weak.status).toBe(1);
    expect(weak.err).toContain("at least 8 characters and contain a lowercase letter, an uppercase letter, a number and a symbol");
    expect((await cli(env, ["add", "--email", "x@example.org", "--role", "Root"])).err).toContain('Unknown role "Root"');
  }
  const noPassword = await cli(env, ["add", "--email", "ricerca@example.org", "--role", "Ricercatore"]);
  // without a password: a one-time link to the page where the user sets it
  expect(noPassword.out).toMatch(/\/reset_password\/[\w-]{40,}/);
  expect(noPassword.out).toContain("reset-link --email ricerca@example.org");

  const list = await cli(env, ["list"]);
  expect(list.status).toBe(0);
  expect(list.out).toMatch(/^Admin@Example\.org\tAmministratore, Manager\tlevel 96\tactive\tlast sign-in never$/m);
  expect(list.out).toMatch(/^ricerca@example\.org\tRicercatore\tlevel 2\tactive/m);
  expect(list.out).not.toContain("weak@");

  expect((await cli(env, ["set-password", "--email", "ricerca@example.org"], "Nuova-password2\n")).status).toBe(0);
  expect((await cli(env, ["set-password", "--email", "nobody@example.org"], "Nuova-password2\n")).err).toContain(
    "No user with the address",
  );

  const db = await open();
  try {
    const meta = { address: "test", userAgent: "test" };
    expect((await signIn({ database: db }, { email: "admin@example.org", password: "Primo-accesso1", ...meta })).status).toBe("ok");
    expect((await signIn({ database: db }, { email: "ricerca@example.org", password: "Nuova-password2", ...meta })).status).toBe("ok");
  } finally {
    await db.close();
  }

  expect((await cli(env, ["disable", "--email", "ricerca@example.org"])).out).toContain("Disabled ricerca@example.org");
  if (all) expect((await cli(env, ["list"])).out).toMatch(/^ricerca@example\.org\tRicercatore\tlevel 2\tdisabled\tlast sign-in 20/m);
  const again = await open();
  try {
    expect(
      (await signIn({ database: again }, { email: "ricerca@example.org", password: "Nuova-password2", address: "t", userAgent: "t" }))
        .status,
    ).toBe("failed");
  } finally {
    await again.close();
  }
  expect((await cli(env, ["remove", "--email", "ricerca@example.org"])).out).toContain("Removed ricerca@example.org");
  expect((await cli(env, ["list"])).out).not.toContain("ricerca@");
}

describe("npm run user", () => {
  const dirs: string[] = [];
  const sharedBuffers = process.env.PGLITE_SHARED_BUFFERS;
  // the tool's embedded database opens in this process: a small page cache, as an operator's one-off run
  beforeAll(() => {
    process.env.PGLITE_SHARED_BUFFERS = "32MB";
  });
  afterAll(() => {
    if (sharedBuffers === undefined) delete process.env.PGLITE_SHARED_BUFFERS;
    else process.env.PGLITE_SHARED_BUFFERS = sharedBuffers;
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("adds, lists, sets passwords, disables and removes users on the embedded database, and refuses while it is held", async () => {
    const dir = tempDir();
    dirs.push(dir);
    seedDataDir(dir);
    const env = { DATA_DIR: dir, DATABASE_URL: "" };
    await exercise(env, () => openDatabase({ dataDir: dir }), false);
    const held = await openDatabase({ dataDir: dir });
    try {
      const refused = await cli(env, ["list"]);
      expect(refused.status).toBe(3);
      expect(refused.err).toContain(`in use by process ${process.pid}`);
      // the one run as a process (the script's entry: arguments, output, exit code): the same refusal
      const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/user.ts", "list"], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: "warn", ...env },
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(r.status).toBe(3);
      expect(r.stderr).toContain(`in use by process ${process.pid}`);
      expect(r.stdout).toBe("");
    } finally {
      await held.close();
    }
  });

  for (const target of testDatabases().filter((t) => t.name === "postgres")) {
    it("does the same on PostgreSQL (DATABASE_URL)", async () => {
      const db = await target.open();
      try {
        await exercise({ DATABASE_URL: db.url! }, () => openDatabase({ databaseUrl: db.url!, migrate: false }));
      } finally {
        await db.drop();
      }
    });
  }
});
