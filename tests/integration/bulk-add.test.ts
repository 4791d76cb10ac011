import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord } from "../factories/records";

/**
 * Issue 15 §1 "bulk add from a search page selection" (decision 066): POST /api/auth/docs/addItems puts a
 * selection into one collection, de-duplicated by table and id, all or nothing, on both databases. Someone
 * else's collection is the 404 of a missing one; bad input is 400 and changes nothing; over the item limit
 * nothing is added; a record the caller may not see refuses the call; a shared editor may add.
 */
for (const target of testDatabases()) {
  describe(`bulk add on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookie: Record<"anna" | "bruno", string> = { anna: "", bruno: "" };

    beforeAll(async () => {
      cat = await seededCatalogue(target, [
        makeRecord({ id: "vaso", texts: { it: { label: "Vaso blu" } } }),
        makeRecord({ id: "piatto", texts: { it: { label: "Piatto decorato" } } }),
        makeRecord({ id: "brocca", texts: { it: { label: "Brocca smaltata" } } }),
        makeRecord({ id: "tazza", texts: { it: { label: "Tazza" } } }),
        makeRecord({ id: "segreto", access: 2, texts: { it: { label: "Reliquiario segreto" } } }),
      ]);
      const meta = { userAgent: "test", address: "127.0.0.1" };
      for (const who of ["anna", "bruno"] as const) {
        const user = await createUser(
          { database: cat.db },
          { email: `${who}@example.org`, roles: ["Ricercatore"] },
          { userId: null, address: "test" },
        );
        cookie[who] = `teca_session=${(await createSession(cat.db, user.id, meta)).token}`;
      }
    });
    afterAll(async () => {
      delete process.env.WORKSPACE_MAX_ITEMS;
      await cat?.close();
    });

    type Who = keyof typeof cookie | "visitor";
    const call = async (path: string, who: Who, body: unknown) => {
      const res = await cat.server.fetch(path, {
        method: "POST",
        headers: { ...(who === "visitor" ? {} : { cookie: cookie[who] }), "content-type": "application/json", origin: cat.server.base },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any, res };
    };
    const add = (who: Who, collection: string, items: unknown, locale = "it") =>
      call("/api/auth/docs/addItems", who, { locale, collection, items });
    const ref = (id: string) => ({ table: "ca_objects", id });
    const create = async (who: Who, title: string, items: { table: string; id: string }[] = []) => {
      const r = await call("/api/auth/docs/saveDoc", who, { collection: "collections", locale: "it", data: { title, items } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data as { id: string; count: number };
    };
    const ids = async (who: Who, id: string) =>
      ((await call("/api/auth/docs/getCollectionItems", who, { collection: id, locale: "it" })).body.data.items as { id: string }[]).map(
        (i) => i.id,
      );

    it("adds a selection on top, skips what is already there and counts both", async () => {
      const c = await create("anna", "Ceramiche");
      const first = await add("anna", c.id, [ref("vaso"), ref("piatto")]);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toMatchObject({ added: 2, skipped: 0, collection: { id: c.id, name: "Ceramiche", count: 2 } });
      expect(first.res.headers.get("cache-control")).toBe("private, no-store");
      // duplicates in the call and in the collection go in once
      const second = await add("anna", c.id, [ref("piatto"), ref("brocca"), ref("brocca"), ref("vaso")]);
      expect(second.status).toBe(200);
      expect(second.body.data).toMatchObject({ added: 1, skipped: 2, collection: { count: 3 } });
      expect(await ids("anna", c.id)).toEqual(["brocca", "vaso", "piatto"]);
      // all already there: nothing added, still a success
      const again = await add("anna", c.id, [ref("vaso")]);
      expect(again.body.data).toMatchObject({ added: 0, skipped: 1 });
    });

    it("another user's collection answers exactly like a missing one, and nothing is added", async () => {
      const c = await create("anna", "Private", [ref("vaso")]);
      const theirs = await add("bruno", c.id, [ref("piatto")]);
      const missing = await add("bruno", "AAAAAAAAAAAA", [ref("piatto")]);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect(await ids("anna", c.id)).toEqual(["vaso"]);
      expect((await add("visitor", c.id, [ref("piatto")])).status).toBe(401);
    });

    it("bad input is 400 with a message and changes nothing", async () => {
      const c = await create("anna", "Intatta", [ref("vaso")]);
      const cases: [unknown, string | null][] = [
        [{ locale: "it", collection: c.id, items: [] }, "Scheda non trovata o non valida"],
        [{ locale: "it", collection: c.id, items: [{ table: "nope", id: "x" }] }, null],
        [{ locale: "it", collection: c.id, items: [{ table: "ca_objects" }] }, null],
        [{ locale: "it", collection: "short", items: [ref("piatto")] }, null],
        [{ locale: "it", collection: c.id, items: [ref("piatto")], extra: 1 }, null],
        [{ locale: "it", collection: c.id, items: Array.from({ length: 1001 }, (_, i) => ref(`r${i}`)) }, null],
        ["not json", null],
        [[1, 2], null],
      ];
      for (const [body, message] of cases) {
        const r = await call("/api/auth/docs/addItems", "anna", body);
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(typeof r.body.error.message).toBe("string");
        if (message) expect(r.body.error.message).toBe(message);
      }
      // a record the caller may not see (or that does not exist) refuses the whole call
      for (const items of [
        [ref("piatto"), ref("segreto")],
        [ref("piatto"), ref("inesistente")],
      ]) {
        const r = await add("anna", c.id, items);
        expect(r.status).toBe(400);
      }
      expect(await ids("anna", c.id)).toEqual(["vaso"]);
      // GET is not the call
      expect((await cat.server.fetch("/api/auth/docs/addItems", { headers: { cookie: cookie.anna } })).status).toBe(405);
    });

    it("over the item limit nothing is added, with the bulk message; a new collection over it is not created", async () => {
      const c = await create("anna", "Piccola", [ref("vaso")]);
      process.env.WORKSPACE_MAX_ITEMS = "3";
      try {
        const over = await add("anna", c.id, [ref("piatto"), ref("brocca"), ref("tazza")]);
        expect(over.status).toBe(409);
        expect(over.body.error).toMatchObject({ reason: "limit" });
        expect(over.body.error.message).toBe(
          "Nessuna scheda aggiunta: una collezione può contenere al massimo 3 schede. Selezionane meno o crea una nuova collezione.",
        );
        expect(await ids("anna", c.id)).toEqual(["vaso"]);
        // duplicates do not count against the limit
        const fits = await add("anna", c.id, [ref("vaso"), ref("piatto"), ref("brocca")], "en");
        expect(fits.status).toBe(200);
        expect(fits.body.data).toMatchObject({ added: 2, skipped: 1, collection: { count: 3 } });
        const before = (await call("/api/auth/docs/getCollections", "anna", { locale: "it" })).body.data.length;
        const made = await call("/api/auth/docs/saveDoc", "anna", {
          collection: "collections",
          locale: "en",
          data: { title: "Too many", items: [ref("vaso"), ref("piatto"), ref("brocca"), ref("tazza")] },
        });
        expect(made.status).toBe(409);
        expect(made.body.error.message).toMatch(/at most 3 records/);
        expect((await call("/api/auth/docs/getCollections", "anna", { locale: "it" })).body.data.length).toBe(before);
      } finally {
        delete process.env.WORKSPACE_MAX_ITEMS;
      }
    });

    it("a collection shared to edit takes a selection; one shared to read refuses it", async () => {
      const c = await create("anna", "Condivisa", [ref("vaso")]);
      const share = (role: string) =>
        call("/api/auth/docs/shareDoc", "anna", {
          collection: "collections",
          name: c.id,
          locale: "it",
          data: { share: { email: "bruno@example.org", role } },
        });
      expect((await share("reader")).status).toBe(200);
      expect((await add("bruno", c.id, [ref("piatto")])).status).toBe(403);
      expect((await share("editor")).status).toBe(200);
      const r = await add("bruno", c.id, [ref("piatto")]);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ added: 1, skipped: 0 });
      expect(await ids("anna", c.id)).toEqual(["piatto", "vaso"]);
    });
  });
}
