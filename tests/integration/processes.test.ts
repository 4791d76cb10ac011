import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../app/.server/db";
import { catalogueChanged, pagesChanged, registerPages, watchCatalogue } from "../../app/.server/caches";
import { facetsOnce, type FacetRow } from "../../app/features/search/facets.server";
import { importFile } from "../../app/features/catalogue/import.server";
import { testDatabases } from "../setup/db";
import { makeRecord, tempDir, writeNdjson } from "../factories/records";
import { buildDir } from "../../server/build-dir";

const root = path.resolve(import.meta.dirname, "../..");
/** A GET on a new connection each time (the cluster balances connections, not requests). */
const getJson = <T>(url: string) =>
  new Promise<T>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => (res.statusCode === 200 ? resolve(JSON.parse(body) as T) : reject(new Error(`${res.statusCode} ${body}`))));
      })
      .on("error", reject);
  });
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

// The embedded database serves one process: an import clears that process's caches, and there is no one
// else to tell (decision 031).
describe("one process on pglite", () => {
  it("an import clears the catalogue caches of its process; listening is a no-op", async () => {
    const db = await testDatabases()[0]!.open();
    try {
      await watchCatalogue(db);
      const row = (total: number) => ({ total }) as FacetRow;
      expect((await facetsOnce(db, "k", async () => row(1))).total).toBe(1);
      expect((await facetsOnce(db, "k", async () => row(2))).total).toBe(1);
      catalogueChanged(db);
      expect((await facetsOnce(db, "k", async () => row(2))).total).toBe(2);
    } finally {
      await db.drop();
    }
  });
});

// What several server processes on one PostgreSQL database must agree on (decision 031). PGlite serves one
// process: these rules exist on PostgreSQL only.
for (const target of testDatabases().filter((t) => t.name === "postgres")) {
  describe(`processes sharing ${target.name}`, () => {
    const opened: Database[] = [];
    afterAll(async () => {
      for (const d of opened.reverse()) await ((d as Database & { drop?: () => Promise<void> }).drop?.() ?? d.close());
    });

    it("an import in one process clears the catalogue caches of the others", async () => {
      const one = await target.open();
      opened.push(one);
      const two = await openDatabase({ databaseUrl: one.url!, migrate: false });
      opened.push(two);
      await watchCatalogue(one);
      await watchCatalogue(two);
      const row = (total: number) => ({ total }) as FacetRow;
      expect((await facetsOnce(two, "k", async () => row(1))).total).toBe(1);
      expect((await facetsOnce(two, "k", async () => row(2))).total).toBe(1);
      catalogueChanged(one);
      let total = 1;
      for (let i = 0; i < 50 && total === 1; i++) {
        await new Promise((r) => setTimeout(r, 100));
        total = (await facetsOnce(two, "k", async () => row(2))).total;
      }
      expect(total).toBe(2);
    });

    it("a signed-in user's write in one process forgets the kept pages of the others, not their catalogue caches", async () => {
      const one = await target.open();
      opened.push(one);
      const two = await openDatabase({ databaseUrl: one.url!, migrate: false });
      opened.push(two);
      let cleared = 0;
      registerPages(() => cleared++);
      await watchCatalogue(two);
      const row = (total: number) => ({ total }) as FacetRow;
      expect((await facetsOnce(two, "k", async () => row(1))).total).toBe(1);
      // what another process sends when one of its users writes (pagesChanged there)
      await one.rows(sql`select pg_notify('teca_catalogue', 'pages:' || gen_random_uuid())`);
      for (let i = 0; i < 50 && cleared === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(cleared).toBe(1);
      expect((await facetsOnce(two, "k", async () => row(2))).total).toBe(1);
      // and what this process sends: its own pages at once, the others' by the notification (not heard by itself twice)
      const heard: string[] = [];
      const stop = await one.listen!("teca_catalogue", (p) => heard.push(p));
      pagesChanged(two);
      expect(cleared).toBe(2);
      for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      await stop();
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatch(/^pages:/);
      await new Promise((r) => setTimeout(r, 300));
      expect(cleared).toBe(2);
    });

    it("a statement running past the server's timeout is cancelled", async () => {
      const base = await target.open();
      opened.push(base);
      const bounded = await openDatabase({ databaseUrl: base.url!, migrate: false, statementTimeoutMs: 200 });
      opened.push(bounded);
      const err = await bounded.rows(sql`select pg_sleep(2)`).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      expect(err?.cause?.message ?? err?.message).toMatch(/statement timeout/);
      expect(await bounded.rows(sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
    });

    // With the front (the default), its /healthz lists the app processes; without it (TECA_FRONT=0) node:cluster
    // shares the port and each worker answers /healthz itself, on the connection the primary gave it.
    for (const front of [true, false])
      it(`npm run serve starts WEB_CONCURRENCY processes on one port${front ? " behind the front" : " (node:cluster, TECA_FRONT=0)"}; an import is seen by all of them at once`, async () => {
        if (!fs.existsSync(path.join(buildDir, "server/index.js")) || !fs.existsSync(path.join(buildDir, "node/serve.js")))
          throw new Error("Run `npm run build` before the integration tests.");
        const db = await target.open();
        opened.push(db);
        const dir = tempDir();
        await importFile(
          { database: db },
          writeNdjson(dir, [makeRecord({ id: "p1", texts: { it: { label: "Ventaglio dipinto" } } })], "a.ndjson"),
          {
            mediaDir: dir,
            mediaStore: dir,
          },
        );
        const port = await freePort();
        // `npm run serve`: the compiled server, with plain Node
        const child: ChildProcess = spawn(process.execPath, ["scripts/serve.mjs"], {
          cwd: root,
          env: {
            ...process.env,
            DATABASE_URL: db.url!,
            WEB_CONCURRENCY: "2",
            PORT: String(port),
            HOST: "127.0.0.1",
            TECA_DEMO: "0",
            LOG_LEVEL: "warn",
            DATA_DIR: dir,
            TECA_FRONT: front ? "" : "0",
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout!.on("data", (d) => (output += d));
        child.stderr!.on("data", (d) => (output += d));
        const base = `http://127.0.0.1:${port}`;
        try {
          const pids = new Set<number>();
          const deadline = Date.now() + 60_000;
          while (pids.size < 2 && Date.now() < deadline) {
            try {
              const h = await getJson<{ pid: number; front?: number; apps?: { pid?: number; status: string }[] }>(`${base}/healthz`);
              if (front) {
                expect(h.front).toBe(child.pid);
                for (const a of h.apps ?? []) if (a.status === "ok" && a.pid) pids.add(a.pid);
              } else pids.add(h.pid);
            } catch {
              await new Promise((r) => setTimeout(r, 200));
            }
          }
          expect(pids.size, output).toBe(2);
          // each of them compiled JavaScript without tsx's loader (the front's app.js, or the cluster's workers)
          for (const pid of pids) expect(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8")).not.toContain("tsx");
          const count = async () => (await getJson<{ count: number }>(`${base}/api/public/search?q=ventaglio&locale=it`)).count;
          // each process computes and caches the count (the front sends one request to each in turn)
          for (let i = 0; i < 4; i++) expect(await count()).toBe(1);
          await importFile(
            { database: db },
            writeNdjson(dir, [makeRecord({ id: "p2", texts: { it: { label: "Ventaglio di piume" } } })], "b.ndjson"),
            {
              mediaDir: dir,
              mediaStore: dir,
            },
          );
          await new Promise((r) => setTimeout(r, 500));
          const after = [];
          for (let i = 0; i < 4; i++) after.push(await count());
          expect(after).toEqual([2, 2, 2, 2]);
        } finally {
          const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
          child.kill("SIGTERM");
          // every process stops cleanly
          expect(await exited, output).toBe(0);
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }, 120_000);
  });
}
