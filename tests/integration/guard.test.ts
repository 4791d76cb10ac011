import { afterEach, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import http from "node:http";
import { allowedHostsOf, databaseGuard, hostGuard, loadLimiter, loadLimitOf, mailLinkOrigin, methodGuard } from "../../server/guard";

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

async function serve(app: express.Express) {
  const s = app.listen(0, "127.0.0.1");
  servers.push(s);
  await new Promise<void>((r) => s.once("listening", () => r()));
  return (s.address() as AddressInfo).port;
}

/** A raw request (fetch will not send a forged Host or TRACE). */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("methodGuard", () => {
  it("answers 405 with Allow for methods the site does not serve, 501 for unknown ones, 204 to OPTIONS", async () => {
    const app = express();
    app.use(methodGuard());
    app.all("/{*any}", (_req, res) => res.send("page"));
    const port = await serve(app);
    expect((await raw(port, "GET", "/")).body).toBe("page");
    expect((await raw(port, "POST", "/")).body).toBe("page");
    for (const m of ["TRACE", "PUT", "DELETE", "PATCH"]) {
      const r = await raw(port, m, "/");
      expect(r.status, m).toBe(405);
      expect(r.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    }
    expect((await raw(port, "PROPFIND", "/")).status).toBe(501);
    const o = await raw(port, "OPTIONS", "/");
    expect(o.status).toBe(204);
    expect(o.headers.allow).toContain("GET");
  });
});

describe("hostGuard", () => {
  const app = (opts: Parameters<typeof hostGuard>[0], trust = false) => {
    const a = express();
    if (trust) a.set("trust proxy", 1);
    a.use(hostGuard(opts));
    a.get("/", (req, res) => res.send(req.hostname));
    return a;
  };

  it("answers 400 to a malformed Host, whatever the configuration", async () => {
    const port = await serve(app({ allowedHosts: "*" }));
    for (const h of ["exa mple.org", "a/b", "evil.org:80:80", "<script>", "a..b"])
      expect((await raw(port, "GET", "/", { host: h })).status, h).toBe(400);
    expect((await raw(port, "GET", "/", { host: "museo.example.org:8080" })).status).toBe(200);
  });

  it("without PUBLIC_URL serves only ALLOWED_HOSTS (default: the local ones)", async () => {
    const port = await serve(app({ allowedHosts: allowedHostsOf(undefined) }));
    expect((await raw(port, "GET", "/")).status).toBe(200);
    expect((await raw(port, "GET", "/", { host: `localhost:${port}` })).status).toBe(200);
    const forged = await raw(port, "GET", "/", { host: "evil.example" });
    expect(forged.status).toBe(400);
    expect(forged.body).toContain("ALLOWED_HOSTS");
    const listed = await serve(app({ allowedHosts: allowedHostsOf("museo.example.org, archivio.example.org") }));
    expect((await raw(listed, "GET", "/", { host: "Museo.Example.org" })).status).toBe(200);
    expect((await raw(listed, "GET", "/", { host: "evil.example" })).status).toBe(400);
  });

  it("with PUBLIC_URL any well-formed host is served (its URLs come from PUBLIC_URL)", async () => {
    const port = await serve(app({ publicUrl: "https://museo.example.org", allowedHosts: allowedHostsOf(undefined) }));
    expect((await raw(port, "GET", "/", { host: "evil.example" })).status).toBe(200);
  });

  it("checks X-Forwarded-Host behind a trusted proxy", async () => {
    const port = await serve(app({ allowedHosts: allowedHostsOf("museo.example.org") }, true));
    expect((await raw(port, "GET", "/", { host: "internal:3000", "x-forwarded-host": "museo.example.org" })).status).toBe(200);
    expect((await raw(port, "GET", "/", { host: "museo.example.org", "x-forwarded-host": "evil.example" })).status).toBe(400);
  });
});

describe("loadLimiter", () => {
  it("lets `active` requests in, queues `queue` more, and answers the rest 503 with Retry-After", async () => {
    const limiter = loadLimiter({ active: 2, queue: 2, wait: 5000 });
    const gates: (() => void)[] = [];
    const app = express();
    app.use(limiter.middleware);
    app.get("/", (_req, res) => {
      gates.push(() => res.send("ok"));
    });
    const port = await serve(app);
    const pending = Array.from({ length: 4 }, () => raw(port, "GET", "/"));
    await new Promise((r) => setTimeout(r, 100));
    expect(limiter.stats()).toMatchObject({ active: 2, queued: 2 });
    const shed = await raw(port, "GET", "/");
    expect(shed.status).toBe(503);
    expect(shed.headers["retry-after"]).toBe("2");
    // each finished request lets a waiting one in
    while (gates.length || limiter.stats().active) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 30));
    }
    const done = await Promise.all(pending);
    expect(done.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(limiter.stats()).toEqual({ active: 0, queued: 0, shed: 1 });
  });

  it("answers 503 to a request that waited longer than `wait`", async () => {
    const limiter = loadLimiter({ active: 1, queue: 5, wait: 100 });
    let release: () => void = () => {};
    const app = express();
    app.use(limiter.middleware);
    app.get("/", (_req, res) => {
      release = () => res.send("ok");
    });
    const port = await serve(app);
    const first = raw(port, "GET", "/");
    await new Promise((r) => setTimeout(r, 50));
    const second = await raw(port, "GET", "/");
    expect(second.status).toBe(503);
    release();
    expect((await first).status).toBe(200);
  });

  it("frees the places of visitors who hang up, active or waiting", async () => {
    const limiter = loadLimiter({ active: 1, queue: 5, wait: 5000 });
    const app = express();
    app.use(limiter.middleware);
    app.get("/", () => undefined); // never answers
    const port = await serve(app);
    const hangUps = Array.from({ length: 3 }, () => {
      const req = http.request({ host: "127.0.0.1", port, path: "/" });
      req.on("error", () => undefined);
      req.end();
      return req;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(limiter.stats()).toMatchObject({ active: 1, queued: 2 });
    for (const r of hangUps) r.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(limiter.stats()).toMatchObject({ active: 0, queued: 0 });
  });

  it("reads its limits from the environment, by database kind", () => {
    expect(loadLimitOf({}, "pglite").active).toBe(4);
    expect(loadLimitOf({ DATABASE_POOL_SIZE: "20" }, "postgres").active).toBe(10);
    expect(loadLimitOf({ MAX_ACTIVE_REQUESTS: "3", MAX_QUEUED_REQUESTS: "7", QUEUE_WAIT_MS: "50" }, "postgres")).toEqual({
      active: 3,
      queue: 7,
      wait: 50,
    });
    expect(loadLimitOf({ MAX_ACTIVE_REQUESTS: "x" }, "pglite").active).toBe(4);
  });
});

describe("databaseGuard", () => {
  it("answers 503 at once while the database is down after a server error, and lets requests through when it is back", async () => {
    let up = true;
    const guard = databaseGuard(async () => up, { intervalMs: 50, timeoutMs: 100 });
    const app = express();
    app.use(guard.middleware);
    let handled = 0;
    app.get("/", (_req, res) => {
      handled++;
      res.status(up ? 200 : 500).send(up ? "ok" : "database error");
    });
    const port = await serve(app);
    expect((await raw(port, "GET", "/")).status).toBe(200);
    up = false;
    expect((await raw(port, "GET", "/")).status).toBe(500);
    await new Promise((r) => setTimeout(r, 30));
    expect(guard.isDown()).toBe(true);
    const t = performance.now();
    const fast = await raw(port, "GET", "/");
    expect(fast.status).toBe(503);
    expect(fast.headers["retry-after"]).toBeTruthy();
    expect(performance.now() - t).toBeLessThan(100);
    expect(handled).toBe(2);
    up = true;
    await new Promise((r) => setTimeout(r, 150));
    expect(guard.isDown()).toBe(false);
    expect((await raw(port, "GET", "/")).status).toBe(200);
  });
});

describe("links in mail (issue 29 §8)", () => {
  const local = allowedHostsOf(undefined);
  const of = (host: string, extra: Partial<Parameters<typeof mailLinkOrigin>[0]> = {}) =>
    mailLinkOrigin({ allowedHosts: local, protocol: "http", host, arrivedOnPort: 3000, ...extra });

  it("follow PUBLIC_URL when it is set, whatever the Host", () => {
    expect(of("localhost:31337", { publicUrl: "https://museo.example.org/" })).toBe("https://museo.example.org");
  });

  it("follow an allowed host only on the port the request arrived on, or none, or one ALLOWED_HOSTS names", () => {
    expect(of("localhost:3000")).toBe("http://localhost:3000");
    expect(of("localhost")).toBe("http://localhost");
    expect(of("localhost:31337")).toBeNull();
    expect(of("evil.example:3000")).toBeNull();
    expect(of("museo.example.org:8443", { allowedHosts: allowedHostsOf("museo.example.org:8443") })).toBe("http://museo.example.org:8443");
    expect(of("museo.example.org:8444", { allowedHosts: allowedHostsOf("museo.example.org:8443") })).toBeNull();
    expect(of("museo.example.org", { allowedHosts: allowedHostsOf("museo.example.org:8443") })).toBeNull();
    // "*" serves any host, but trusts none for mail: PUBLIC_URL is needed.
    expect(of("localhost:3000", { allowedHosts: "*" })).toBeNull();
    expect(of("bad host")).toBeNull();
  });

  it("an ALLOWED_HOSTS entry with a port serves that host on that port only", async () => {
    const a = express();
    a.use(hostGuard({ allowedHosts: allowedHostsOf("museo.example.org:8443, archivio.example.org") }));
    a.get("/", (_req, res) => res.send("ok"));
    const port = await serve(a);
    expect((await raw(port, "GET", "/", { host: "museo.example.org:8443" })).status).toBe(200);
    expect((await raw(port, "GET", "/", { host: "museo.example.org:9000" })).status).toBe(400);
    expect((await raw(port, "GET", "/", { host: "archivio.example.org:9000" })).status).toBe(200);
  });
});
