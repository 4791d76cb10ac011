// The front process of the embedded database (server/front.ts, decision 031): `npm run serve` without
// DATABASE_URL listens through it. /healthz answers from the front's memory while the app process's event
// loop is held (here: the app stopped with SIGSTOP, as a long PGlite statement holds it), and says 503 once
// the app has not heartbeaten for HEALTH_TIMEOUT_MS; a killed app is started again; every other request
// reaches the app with its Host, body and the client's address (a forged X-Forwarded-For is not believed);
// SIGTERM stops both and releases the database's lock.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/.server/db";
import { LOCK_FILE } from "../../app/.server/db-lock";
import { appHeapMB, appNiceness, forwardHeaders, removeStaleDirs, usesFront } from "../../server/front";
import { buildDir } from "../../server/build-dir";
import { tempDir } from "../factories/records";
import { seedDataDir } from "../setup/db";
import { root } from "./helpers";

type Health = { status: string; pid?: number; front: number; restarts: number; requests: { active: number; queued: number } };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** One request on a fresh connection: status, headers, body, and how long it took. */
function request(
  port: number,
  opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; ms: number }>((resolve, reject) => {
    const t = performance.now();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: opts.method ?? "GET",
        path: opts.path ?? "/",
        headers: opts.headers,
        agent: false,
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body, ms: performance.now() - t }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(opts.body);
  });
}

const health = async (port: number) => {
  const r = await request(port, { path: "/healthz", timeoutMs: 5000 });
  return { ...r, json: JSON.parse(r.body) as Health };
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("the front's settings", () => {
  it("runs on both databases unless TECA_FRONT=0, with the apps at nice 10 on PGlite and 0 on PostgreSQL unless APP_NICENESS says", () => {
    expect(usesFront({})).toBe(true);
    expect(usesFront({ DATABASE_URL: "postgres://x" })).toBe(true);
    expect(usesFront({ TECA_FRONT: "0" })).toBe(false);
    expect(usesFront({ DATABASE_URL: "postgres://x", TECA_FRONT: "0" })).toBe(false);
    expect(appNiceness({})).toBe(10);
    expect(appNiceness({ DATABASE_URL: "postgres://x" })).toBe(0);
    expect(appNiceness({ DATABASE_URL: "postgres://x", APP_NICENESS: "3" })).toBe(3);
    expect(appNiceness({ APP_NICENESS: "0" })).toBe(0);
    // out of range or not a number: the default
    expect(appNiceness({ APP_NICENESS: "20" })).toBe(10);
    expect(appNiceness({ APP_NICENESS: "x", DATABASE_URL: "postgres://x" })).toBe(0);
    // the apps' heap: 512 MB for one, 768 shared by several (256 at least), unless APP_HEAP_MB says
    expect(appHeapMB({}, 1)).toBe(512);
    expect(appHeapMB({}, 2)).toBe(384);
    expect(appHeapMB({}, 8)).toBe(256);
    expect(appHeapMB({ APP_HEAP_MB: "1024" }, 2)).toBe(1024);
    expect(appHeapMB({ APP_HEAP_MB: "lots" }, 1)).toBe(512);
  });
});

describe("the front's socket directories", () => {
  it("a killed front's directory is removed by the next front; a running front's and other names are left", () => {
    const tmp = tempDir();
    // a pid no process has (beyond pid_max)
    const dead = path.join(tmp, "teca-4194999-abc123");
    const alive = path.join(tmp, `teca-${process.pid}-def456`);
    const other = path.join(tmp, "teca-notes");
    for (const d of [dead, alive, other]) fs.mkdirSync(d);
    fs.writeFileSync(path.join(dead, "app.sock"), "");
    removeStaleDirs(tmp);
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(alive)).toBe(true);
    expect(fs.existsSync(other)).toBe(true);
    // a missing directory is not an error
    expect(() => removeStaleDirs(path.join(tmp, "missing"))).not.toThrow();
  });
});

describe("the front's headers", () => {
  it("pass Host unchanged, drop hop-by-hop headers and a client's own X-Forwarded-*, and add the client's address", () => {
    const raw = [
      "Host",
      "teca.example:8080",
      "Connection",
      "keep-alive, X-Secret-Hop",
      "X-Secret-Hop",
      "1",
      "X-Forwarded-For",
      "203.0.113.9",
      "X-Forwarded-Proto",
      "https",
      "X-Forwarded-Host",
      "evil.example",
      "Cookie",
      "a=1",
    ];
    expect(forwardHeaders(raw, "127.0.0.1", false)).toEqual(["Host", "teca.example:8080", "Cookie", "a=1", "X-Forwarded-For", "127.0.0.1"]);
    // Behind a trusted reverse proxy (TRUST_PROXY=1): what it says is kept, the proxy's own address added.
    expect(forwardHeaders(raw, "10.0.0.2", true)).toEqual([
      "Host",
      "teca.example:8080",
      "X-Forwarded-Proto",
      "https",
      "X-Forwarded-Host",
      "evil.example",
      "Cookie",
      "a=1",
      "X-Forwarded-For",
      "203.0.113.9, 10.0.0.2",
    ]);
  });
});

describe("the front's body framing (no request smuggling)", () => {
  it("keeps Content-Length and Host whatever Connection names, and re-frames a chunked body", () => {
    expect(
      forwardHeaders(["Host", "h", "Content-Length", "5", "Connection", "content-length, host, transfer-encoding"], "127.0.0.1", false),
    ).toEqual(["Host", "h", "Content-Length", "5", "X-Forwarded-For", "127.0.0.1"]);
    expect(forwardHeaders(["Host", "h", "Transfer-Encoding", "chunked"], "127.0.0.1", false)).toEqual([
      "Transfer-Encoding",
      "chunked",
      "Host",
      "h",
      "X-Forwarded-For",
      "127.0.0.1",
    ]);
  });

  it("a body smuggling a second request with a forged address reaches the app as one request's body; handed or passed on, a forged address is not believed", {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const front = spawn(process.execPath, ["--import", "tsx", "tests/faults/fixtures/front-recording.ts"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), TRUST_PROXY: "" },
      stdio: "ignore",
    });
    const exited = new Promise((r) => front.once("exit", r));
    try {
      await until("the stand-in app", async () => ((await request(port, { path: "/seen" })).status === 200 ? true : undefined), 30_000);
      const smuggled = "GET /smuggled HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\n\r\n";
      const chunk = `${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`;
      const attacks = [
        `GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: ${smuggled.length}\r\nConnection: content-length\r\n\r\n${smuggled}`,
        `DELETE /b HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunk}`,
      ];
      for (const raw of attacks) {
        await new Promise<void>((resolve, reject) => {
          const sock = net.connect(port, "127.0.0.1", () => sock.end(raw));
          sock.on("data", () => {});
          sock.on("close", () => resolve());
          sock.on("error", reject);
          setTimeout(() => sock.destroy(), 3000).unref();
        });
      }
      // A connection is the app's (handed over): a client's own X-Forwarded-* are not believed there either.
      expect(
        (await request(port, { path: "/c", headers: { "X-Forwarded-For": "6.6.6.6", "X-Forwarded-Host": "evil.example" } })).status,
      ).toBe(200);
      // A connection that asks for /healthz first is the front's: what follows on it is passed on.
      const kept = await new Promise<string>((resolve, reject) => {
        let text = "";
        const sock = net.connect(port, "127.0.0.1", () =>
          sock.write(
            "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /d HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\nConnection: close\r\n\r\n",
          ),
        );
        sock.on("data", (d) => (text += d));
        sock.on("close", () => resolve(text));
        sock.on("error", reject);
        setTimeout(() => sock.destroy(), 3000).unref();
      });
      expect(kept.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
      expect(kept).toContain('"status":"ok"');
      await new Promise((r) => setTimeout(r, 300));
      const seen = JSON.parse((await request(port, { path: "/seen" })).body) as {
        method: string;
        path: string;
        forwardedFor: string | null;
      }[];
      expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /a", "DELETE /b", "GET /c", "GET /d"]);
      expect(seen.every((r) => r.forwardedFor === "127.0.0.1")).toBe(true);
    } finally {
      front.kill("SIGTERM");
      await exited;
    }
  });
});

describe("the front process on PGlite", () => {
  const dir = tempDir("teca-front-");
  seedDataDir(dir); // migrated already (this run's snapshot): the front is under test, not the migrations
  let child: ChildProcess | undefined;
  let output = "";
  afterAll(() => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers /healthz while the app is held, restarts a killed app, proxies with the client's address, stops cleanly", {
    timeout: 400_000,
  }, async () => {
    if (!fs.existsSync(path.join(buildDir, "server/index.js")) || !fs.existsSync(path.join(buildDir, "node/serve.js")))
      throw new Error("Run `npm run build` before the fault suite.");
    const port = await freePort();
    // `npm run serve`: the compiled server, with plain Node
    child = spawn(process.execPath, ["scripts/serve.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dir,
        DATABASE_URL: "",
        PORT: String(port),
        HOST: "127.0.0.1",
        TECA_DEMO: "0",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        HEALTH_TIMEOUT_MS: "1500",
        BOT_CHECK: "off",
        TRUST_PROXY: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((r) => child!.once("exit", (code) => r(code)));

    // The front listens at once and says the app is starting; then the app answers.
    const first = await until("the front", async () => (await health(port)).json, 60_000);
    expect(first.front).toBe(child.pid);
    const up = await until(
      "the app",
      async () => {
        const h = await health(port);
        return h.status === 200 ? h.json : undefined;
      },
      200_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}\n${output}`);
    });
    expect(up.status).toBe("ok");
    const appPid = up.pid!;
    expect(appPid).not.toBe(child.pid);
    // the compiled app process (build/node/app.js), without tsx's loader: about 50–120 MB less a process
    const command = fs.readFileSync(`/proc/${appPid}/cmdline`, "utf8").split("\0");
    expect(command).toContain(path.join(buildDir, "node/app.js"));
    expect(command.join(" ")).not.toContain("tsx");
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).pid).toBe(appPid);

    // Every other request is the app's: pages, HEAD, the methods it refuses, a forged Host.
    const page = await request(port, { path: "/en" });
    expect(page.status).toBe(200);
    expect(page.headers["x-request-id"]).toBeTruthy();
    expect(page.body).toContain("<html");
    const head = await request(port, { method: "HEAD", path: "/en" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect((await request(port, { method: "TRACE" })).status).toBe(405);
    expect((await request(port, { method: "OPTIONS" })).headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    expect((await request(port, { headers: { Host: "evil.example" } })).status).toBe(400);
    // A 4 MB sign-in body arrives whole (the JSON parses: a failed sign-in, not a 400), from the client's
    // address as the front saw it, whatever X-Forwarded-For the client sent.
    const body = JSON.stringify({ email: "nobody@example.org", password: "wrong-password", pad: "x".repeat(4 * 1024 * 1024) });
    const login = await request(port, {
      method: "POST",
      path: "/api/public/login",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9" },
      body,
    });
    expect(login.status, login.body).toBe(401);
    // Visitors who leave before their answer leave the app's queue too.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => request(port, { path: `/cerca?q=vaso${i}`, timeoutMs: 5 }).catch(() => undefined)),
    );
    await until(
      "the abandoned requests to go",
      async () => {
        const h = (await health(port)).json;
        return h.requests.active === 0 && h.requests.queued === 0 ? true : undefined;
      },
      30_000,
    );

    // The app's event loop held (stopped): /healthz still answers at once, 200 until the app's last
    // heartbeat is HEALTH_TIMEOUT_MS old, then 503; a page waits for the app.
    process.kill(appPid, "SIGSTOP");
    try {
      const times: number[] = [];
      let held: Awaited<ReturnType<typeof health>> | undefined;
      const end = Date.now() + 4000;
      while (Date.now() < end) {
        held = await health(port);
        times.push(held.ms);
        await new Promise((r) => setTimeout(r, 100));
      }
      // (the app answers nothing at all meanwhile: every answer is the front's, each probe answered well within
      // its 5 s timeout; how fast is the load bench's to measure, not a test's)
      expect(times.length).toBeGreaterThan(5);
      expect(held!.status).toBe(503);
      expect(held!.json.status).toBe("unresponsive");
      const waiting = request(port, { path: "/fr" });
      await new Promise((r) => setTimeout(r, 300));
      process.kill(appPid, "SIGCONT");
      expect((await waiting).status).toBe(200);
    } finally {
      process.kill(appPid, "SIGCONT");
    }
    await until("the heartbeat", async () => ((await health(port)).status === 200 ? true : undefined), 10_000);

    // kill -9: the front answers 503 meanwhile and starts the app again, which takes the lock over.
    process.kill(appPid, "SIGKILL");
    await until(
      "the front to notice",
      async () => {
        const h = await health(port);
        return h.status === 503 && h.json.status === "restarting" ? h : undefined;
      },
      10_000,
    );
    const meanwhile = await request(port, { path: "/" });
    if (meanwhile.status !== 200) {
      expect(meanwhile.status).toBe(503);
      expect(meanwhile.headers["retry-after"]).toBeTruthy();
    }
    const again = await until(
      "the restarted app",
      async () => {
        const h = await health(port);
        return h.status === 200 ? h.json : undefined;
      },
      200_000,
    );
    expect(again.pid).not.toBe(appPid);
    expect(again.restarts).toBe(1);
    expect(again.front).toBe(child.pid);
    expect((await request(port, { path: "/" })).status).toBe(200);
    expect(output).toContain("The app process stopped; starting it again");

    // SIGTERM: the app stops first (the database closed, its lock file gone), then the front, exit code 0.
    child.kill("SIGTERM");
    expect(await exited, output).toBe(0);
    expect(() => process.kill(again.pid!, 0)).toThrow();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const db = await openDatabase({ dataDir: dir });
    try {
      const rows = await db.rows<{ address: string }>(sql`select address from audit_log where event = 'login_failed'`);
      expect(rows.map((r) => r.address)).toEqual(["127.0.0.1"]);
    } finally {
      await db.close();
    }
  });
});
