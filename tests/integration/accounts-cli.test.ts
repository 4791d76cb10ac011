import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/.server/db";
import { signIn } from "../../app/features/accounts/accounts.server";
import { testDatabases } from "../setup/db";
import { tempDir } from "../factories/records";

const root = path.resolve(import.meta.dirname, "../..");

/** `npm run user -- …` as an operator runs it, on the embedded database and on PostgreSQL. */
function cli(env: Record<string, string>, args: string[], input = "") {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/user.ts", ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    input,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

/** Every command; the refusals too when `all` (each run of the tool on PGlite costs seconds: fewer there). */
async function exercise(env: Record<string, string>, open: () => Promise<Awaited<ReturnType<typeof openDatabase>>>, all = true) {
  const add = cli(
    env,
    ["add", "--email", "Admin@Example.org", "--role", "Amministratore", "--role", "manager", "--password-stdin"],
    "Primo-accesso1\n",
  );
  expect(add.err).toBe("");
  expect(add.status).toBe(0);
  expect(add.out).toContain("Created Admin@Example.org (Amministratore, Manager; level 96)");
  if (all) {
    expect(cli(env, ["add", "--email", "admin@example.org", "--role", "Ricercatore"]).err).toContain("already exists");
    const weak = cli(env, ["add", "--email", "weak@example.org", "--role", "Ricercatore", "--password-stdin"], "password\n");
    expect(weak.status).toBe(1);
    expect(weak.err).toContain("at least 8 characters and contain a lowercase letter, an uppercase letter, a number and a symbol");
    expect(cli(env, ["add", "--email", "x@example.org", "--role", "Root"]).err).toContain('Unknown role "Root"');
  }
  const noPassword = cli(env, ["add", "--email", "ricerca@example.org", "--role", "Ricercatore"]);
  // without a password: a one-time link to the page where the user sets it
  expect(noPassword.out).toMatch(/\/reset_password\/[\w-]{40,}/);
  expect(noPassword.out).toContain("reset-link --email ricerca@example.org");

  const list = cli(env, ["list"]);
  expect(list.status).toBe(0);
  expect(list.out).toMatch(/^Admin@Example\.org\tAmministratore, Manager\tlevel 96\tactive\tlast sign-in never$/m);
  expect(list.out).toMatch(/^ricerca@example\.org\tRicercatore\tlevel 2\tactive/m);
  expect(list.out).not.toContain("weak@");

  expect(cli(env, ["set-password", "--email", "ricerca@example.org"], "Nuova-password2\n").status).toBe(0);
  if (all)
    expect(cli(env, ["set-password", "--email", "nobody@example.org"], "Nuova-password2\n").err).toContain("No user with the address");

  const db = await open();
  try {
    const meta = { address: "test", userAgent: "test" };
    expect((await signIn(db, { email: "admin@example.org", password: "Primo-accesso1", ...meta })).status).toBe("ok");
    expect((await signIn(db, { email: "ricerca@example.org", password: "Nuova-password2", ...meta })).status).toBe("ok");
  } finally {
    await db.close();
  }

  expect(cli(env, ["disable", "--email", "ricerca@example.org"]).out).toContain("Disabled ricerca@example.org");
  if (all) expect(cli(env, ["list"]).out).toMatch(/^ricerca@example\.org\tRicercatore\tlevel 2\tdisabled\tlast sign-in 20/m);
  const again = await open();
  try {
    expect((await signIn(again, { email: "ricerca@example.org", password: "Nuova-password2", address: "t", userAgent: "t" })).status).toBe(
      "failed",
    );
  } finally {
    await again.close();
  }
  expect(cli(env, ["remove", "--email", "ricerca@example.org"]).out).toContain("Removed ricerca@example.org");
  expect(cli(env, ["list"]).out).not.toContain("ricerca@");
}

describe("npm run user", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it("adds, lists, sets passwords, disables and removes users on the embedded database, and refuses while it is held", {
    timeout: 300_000,
  }, async () => {
    const dir = tempDir();
    dirs.push(dir);
    const env = { DATA_DIR: dir, DATABASE_URL: "", PGLITE_SHARED_BUFFERS: "32MB" };
    await exercise(env, () => openDatabase({ dataDir: dir }), false);
    const held = await openDatabase({ dataDir: dir });
    try {
      const refused = cli(env, ["list"]);
      expect(refused.status).toBe(3);
      expect(refused.err).toContain(`in use by process ${process.pid}`);
    } finally {
      await held.close();
    }
  });

  for (const target of testDatabases().filter((t) => t.name === "postgres")) {
    it("does the same on PostgreSQL (DATABASE_URL)", { timeout: 300_000 }, async () => {
      const db = await target.open();
      try {
        await exercise({ DATABASE_URL: db.url! }, () => openDatabase({ databaseUrl: db.url!, migrate: false }));
      } finally {
        await db.drop();
      }
    });
  }
});
