import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord } from "../factories/records";
import { registerCache } from "../../app/.server/caches";

/**
 * Issue 11: "PostgreSQL restarted under load: requests fail fast with 503 and recover without restarting the
 * app". The database goes away under visitors the way a restart looks to the server — every connection
 * killed and new ones refused for a few seconds — on a throw-away database of the shared server (the
 * server itself is not restarted: other suites use it at the same time).
 */
const target = testDatabases().find((t) => t.name === "postgres");

describe.runIf(target)("PostgreSQL goes away under load and comes back", () => {
  let cat: Awaited<ReturnType<typeof seededCatalogue>>;
  let admin: pg.Client;
  let dbName = "";

  beforeAll(async () => {
    const words = ["vaso", "piatto", "brocca", "lucerna", "anfora", "coppa", "tazza", "bottiglia"];
    cat = await seededCatalogue(
      target!,
      Array.from({ length: 60 }, (_, i) =>
        makeRecord({ id: `r${i}`, texts: { it: { label: `${words[i % words.length]} ${i} di prova` }, en: { label: `test ${i}` } } }),
      ),
    );
    dbName = new URL(cat.db.url!).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${dbName} allow_connections true`).catch(() => undefined);
    await admin?.end();
    await cat?.close();
  }, 60_000);

  it("answers 503 fast while it is away, and pages again once it is back, without a restart", async () => {
    type Hit = { at: number; ms: number; status: number; url: string; kept?: boolean };
    const hits: Hit[] = [];
    const health: Hit[] = [];
    let stop = false;
    let n = 0;
    const t0 = Date.now();
    const visitor = async () => {
      while (!stop) {
        const i = n++;
        const url = [
          `/cerca?q=${["vaso", "piatto", "coppa", "anfora"][i % 4]}&page=${1 + (i % 3)}`,
          `/oggetti/r${i % 60}`,
          `/api/public/search?q=prova${i}&locale=it`,
          `/en/cerca?q=test&sort=${["az", "za"][i % 2]}`,
        ][i % 4]!;
        const start = Date.now();
        const res = await cat.server.fetch(url).catch(() => null);
        await res?.arrayBuffer().catch(() => undefined);
        hits.push({ at: start - t0, ms: Date.now() - start, status: res?.status ?? 0, url, kept: res?.headers.get("x-cache") === "hit" });
      }
    };
    const prober = async () => {
      while (!stop) {
        const start = Date.now();
        const res = await cat.server.fetch("/healthz").catch(() => null);
        health.push({ at: start - t0, ms: Date.now() - start, status: res?.status ?? 0, url: "/healthz" });
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const running = [...Array.from({ length: 6 }, visitor), prober()];
    // the caches of this catalogue are cleared when the server's LISTEN connection comes back (it may have
    // missed an import's notification meanwhile)
    let cleared = 0;
    registerCache((database) => database === cat.db && cleared++);

    // visitors being served first (the machine may be slow: wait for a dozen answers)
    for (let waited = 0; hits.length < 12 && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    // "restart": kill every connection of the catalogue's database and refuse new ones for 4 s
    const downAt = Date.now() - t0;
    await admin.query(`alter database ${dbName} allow_connections false`);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [dbName]);
    await new Promise((r) => setTimeout(r, 4000));
    await admin.query(`alter database ${dbName} allow_connections true`);
    const upAt = Date.now() - t0;
    // back: within 10 s every request is answered again
    const deadline = Date.now() + 15_000;
    let recoveredAt: number | null = null;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const recent = hits.filter((h) => h.at > Date.now() - t0 - 1500);
      if (recent.length >= 6 && recent.every((h) => h.status === 200 || h.status === 301 || h.status === 302)) {
        recoveredAt = Date.now() - t0;
        break;
      }
    }
    stop = true;
    await Promise.all(running);

    const before = hits.filter((h) => h.at + h.ms < downAt - 50);
    // (a page kept a few seconds before the outage is still served from memory: not the database's answer)
    const during = hits.filter((h) => h.at > downAt + 500 && h.at + h.ms < upAt && !h.kept);
    const statuses = (list: Hit[]) => [...new Set(list.map((h) => h.status))].sort();
    expect(before.length).toBeGreaterThan(5);
    const served = (s: number) => s === 200 || s === 301 || s === 302;
    expect(statuses(before).every(served), JSON.stringify(before.filter((h) => !served(h.status)).slice(0, 3))).toBe(true);
    // while away: told to come back (503), quickly — no 500 page, no hanging request
    expect(during.length).toBeGreaterThan(10);
    expect(statuses(during)).toEqual([503]);
    expect(Math.max(...during.map((h) => h.ms))).toBeLessThan(3000);
    // no request ever got no answer, and nothing but 200/301/503 (the first failures inside the outage's
    // first half second may be the query that found its connection killed: 503 too)
    expect(
      hits.every((h) => served(h.status) || h.status === 503),
      JSON.stringify(hits.filter((h) => !served(h.status) && h.status !== 503).slice(0, 3)),
    ).toBe(true);
    // liveness from memory throughout
    expect(health.every((h) => h.status === 200)).toBe(true);
    expect(recoveredAt, "recovered").not.toBeNull();
    expect(recoveredAt! - upAt).toBeLessThan(10_000);
    for (let waited = 0; cleared === 0 && waited < 5000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(cleared, "caches cleared after the LISTEN connection came back").toBeGreaterThan(0);
    // every connection lent out during the outage came back to the pool (none leaked for good)
    const pool = (cat.db.db as unknown as { $client: { totalCount: number; idleCount: number; waitingCount: number } }).$client;
    for (let waited = 0; pool.idleCount < pool.totalCount && waited < 5000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect({ lent: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }).toEqual({ lent: 0, waiting: 0 });
  }, 60_000);
});
