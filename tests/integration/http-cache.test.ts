import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpCache } from "../../server/http-cache";

// The kept pages' rules that need a page held half-made (server/http-cache.ts, decision 030): a small app
// whose catalogue page waits until the test lets it finish.
describe("kept pages across a change", () => {
  let version = 1;
  /** The next page made waits for release(). */
  let hold = false;
  let release = () => {};
  let started = () => {};
  const server = http.createServer(
    express()
      .use(httpCache({ seconds: 300, maxBytes: 1024 * 1024 }))
      .get("/cerca", async (_req, res) => {
        const read = version;
        if (hold) {
          hold = false;
          started();
          await new Promise<void>((r) => (release = r));
        }
        res.set("Cache-Control", "public, max-age=60").send(`version ${read}`);
      })
      .post("/api/write", (_req, res) => {
        version++;
        res.status(201).send("saved");
      }),
  );
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const get = async (path: string) => {
    const res = await fetch(base + path);
    return { cache: res.headers.get("x-cache"), body: await res.text() };
  };
  const write = () => fetch(`${base}/api/write`, { method: "POST", headers: { cookie: "teca_session=someone" } });

  it("a signed-in user's write forgets the kept pages before its answer leaves", async () => {
    expect(await get("/cerca?q=a")).toEqual({ cache: null, body: "version 1" });
    expect(await get("/cerca?q=a")).toEqual({ cache: "hit", body: "version 1" });
    expect((await write()).status).toBe(201);
    expect(await get("/cerca?q=a")).toEqual({ cache: null, body: "version 2" });
  });

  it("a page being made while a write lands is served but not kept: it may hold what was there before", async () => {
    const begun = new Promise<void>((r) => (started = r));
    hold = true;
    const slow = get("/cerca?q=b");
    await begun;
    expect((await write()).status).toBe(201);
    release();
    expect(await slow).toEqual({ cache: null, body: "version 2" });
    expect(await get("/cerca?q=b")).toEqual({ cache: null, body: "version 3" });
    expect(await get("/cerca?q=b")).toEqual({ cache: "hit", body: "version 3" });
  });
});
