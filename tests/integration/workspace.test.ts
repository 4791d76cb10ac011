import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { PUBLIC_VIEWER } from "../../app/.server/access";
import { listPublishedCollections } from "../../app/features/workspace/workspace.server";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";

/**
 * Issue 15 §1, §4, §5: collections, pins and their public pages over HTTP with real sessions, on both
 * databases. Another user's collection answers exactly like a missing one on every call, page and `.data`
 * URL; limits, bad input, stale renames, publishing and restricted records in a published collection.
 */
for (const target of testDatabases()) {
  describe(`workspace on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookie: Record<"anna" | "bruno" | "manager", string> = { anna: "", bruno: "", manager: "" };
    const userId: Record<string, string> = {};

    beforeAll(async () => {
      const dir = tempDir();
      await makeImage(dir, "a.jpg");
      cat = await seededCatalogue(
        target,
        [
          makeRecord({ id: "vaso", texts: { it: { label: "Vaso blu" } }, media: [{ type: "image", file: "a.jpg" }] }),
          makeRecord({ id: "piatto", texts: { it: { label: "Piatto decorato" } } }),
          makeRecord({ id: "brocca", texts: { it: { label: "Brocca smaltata" } } }),
          makeRecord({ id: "segreto", access: 2, texts: { it: { label: "Reliquiario segreto" } } }),
        ],
        { dir },
      );
      const meta = { userAgent: "test", address: "127.0.0.1" };
      for (const [who, role] of [
        ["anna", "Ricercatore"],
        ["bruno", "Ricercatore"],
        ["manager", "Manager"],
      ] as const) {
        const user = await createUser(
          { database: cat.db },
          { email: `${who}@example.org`, roles: [role] },
          { userId: null, address: "test" },
        );
        userId[who] = user.id;
        cookie[who] = `teca_session=${(await createSession(cat.db, user.id, meta)).token}`;
      }
    });
    afterAll(async () => {
      delete process.env.WORKSPACE_MAX_ITEMS;
      delete process.env.WORKSPACE_MAX_COLLECTIONS;
      await cat?.close();
    });

    type Who = keyof typeof cookie | "visitor";
    const headers = (who: Who, extra: Record<string, string> = {}) => ({ ...(who === "visitor" ? {} : { cookie: cookie[who] }), ...extra });
    const call = async (path: string, who: Who, body: unknown) => {
      const res = await cat.server.fetch(path, {
        method: "POST",
        headers: headers(who, { "content-type": "application/json", origin: cat.server.base }),
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any, res };
    };
    const page = (path: string, who: Who) => cat.server.fetch(path, { headers: headers(who) });
    const form = (path: string, who: Who, fields: Record<string, string>) =>
      cat.server.fetch(path, {
        method: "POST",
        headers: headers(who, { "content-type": "application/x-www-form-urlencoded", origin: cat.server.base }),
        body: new URLSearchParams(fields).toString(),
      });
    const create = async (who: Who, title: string, items: { table: string; id: string }[] = []) => {
      const r = await call("/api/auth/docs/saveDoc", who, { collection: "collections", locale: "it", data: { title, items } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data as { id: string; version: number; items: { id: string }[]; cover: string | null };
    };
    /** A page without what differs per response (its nonce, its request id). */
    const normalize = (html: string) =>
      html.replace(/nonce="[^"]*"/g, "").replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "");
    const removeAs = (who: Who, id: string) => call("/api/auth/docs/removeDoc", who, { collection: "collections", name: id, locale: "it" });
    const itemsOf = async (who: Who, id: string) =>
      (await call("/api/auth/docs/getCollectionItems", who, { collection: id, locale: "it" })).body.data;

    it("visitors get 401 from every auth call and the login page for the pages", async () => {
      for (const name of ["getCollections", "getCollectionItems", "saveDoc", "removeDoc", "saveUser", "getDocs", "getDocBySlug"]) {
        const r = await call(`/api/auth/docs/${name}`, "visitor", { collection: "collections", locale: "it" });
        expect(r.status, name).toBe(401);
      }
      for (const p of ["/collections", "/en/collections/AAAAAAAAAAAA"]) {
        const res = await page(p, "visitor");
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe(`${p.startsWith("/en") ? "/en" : ""}/login?redirect=${encodeURIComponent(p)}`);
      }
      const pin = await form("/workspace/pin", "visitor", { table: "ca_objects", id: "vaso", back: "/cerca" });
      expect(pin.status).toBe(401);
    });

    it("creates a collection with its first item as the cover, lists it and makes it current", async () => {
      const c = await create("anna", "Ceramiche", [{ table: "ca_objects", id: "vaso" }]);
      expect(c.items.map((i) => i.id)).toEqual(["vaso"]);
      expect(c.cover).toMatch(/^\/media\//);
      const list = await call("/api/auth/docs/getCollections", "anna", { locale: "it" });
      expect(list.status).toBe(200);
      expect(list.body.current).toBe(c.id);
      expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(["Ceramiche"]);
      expect(list.res.headers.get("cache-control")).toBe("private, no-store");
      // Bruno sees none of it.
      expect((await call("/api/auth/docs/getCollections", "bruno", { locale: "it" })).body.data).toEqual([]);
    });

    it("pins de-duplicate, add on top, remove, and follow the current collection", async () => {
      const c = await create("anna", "Da studiare");
      const pins = await call("/api/auth/docs/saveUser", "anna", {
        data: {
          current: c.id,
          pins: [
            { table: "ca_objects", id: "piatto" },
            { table: "ca_objects", id: "brocca" },
            { table: "ca_objects", id: "piatto" },
          ],
        },
      });
      expect(pins.status).toBe(200);
      expect(pins.body.data.current.id).toBe(c.id);
      expect(pins.body.data.pins.map((p: { id: string }) => p.id).sort()).toEqual(["brocca", "piatto"]);
      // the first pinned into an empty collection is its cover; adding again changes nothing
      await call("/api/auth/docs/saveUser", "anna", { data: { pins: [{ table: "ca_objects", id: "piatto" }] } });
      const data = await itemsOf("anna", c.id);
      expect(data.items.map((i: { id: string }) => i.id)).toEqual(["piatto", "brocca"]);
      const removed = await call("/api/auth/docs/saveUser", "anna", {
        data: { pins: [{ table: "ca_objects", id: "piatto", pinned: false }] },
      });
      expect(removed.body.data.pins.map((p: { id: string }) => p.id)).toEqual(["brocca"]);
      // deleting the current collection clears the choice: the first (newest) one is current again
      expect((await call("/api/auth/docs/removeDoc", "anna", { collection: "collections", name: c.id, locale: "it" })).status).toBe(200);
      const after = await call("/api/auth/docs/getCollections", "anna", { locale: "it" });
      expect(after.body.current).toBe(after.body.data[0].id);
      expect(after.body.data.some((x: { id: string }) => x.id === c.id)).toBe(false);
    });

    it("without a collection a pin is refused with a message; the no-script pin opens the new-collection form", async () => {
      const r = await call("/api/auth/docs/saveUser", "manager", { data: { pins: [{ table: "ca_objects", id: "vaso" }] } });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe("Crea prima una collezione");
      const res = await form("/workspace/pin", "manager", { table: "ca_objects", id: "vaso", back: "/en/cerca?q=vaso" });
      expect(res.status).toBe(303);
      const to = res.headers.get("location")!;
      expect(to.startsWith("/en/collections?new=1&table=ca_objects&id=vaso")).toBe(true);
      const html = await (await page(to, "manager")).text();
      expect(html).toContain("New collection with “Vaso blu”");
      // the form creates it with the record and goes back to the search
      const made = await form("/en/collections", "manager", {
        intent: "create",
        title: "Manager's",
        table: "ca_objects",
        id: "vaso",
        back: "/en/cerca?q=vaso",
      });
      expect(made.status).toBe(303);
      expect(made.headers.get("location")).toBe("/en/cerca?q=vaso");
      const list = await call("/api/auth/docs/getCollections", "manager", { locale: "en" });
      expect(list.body.data.map((x: { name: string; count: number }) => [x.name, x.count])).toEqual([["Manager's", 1]]);
      // then the no-script pin toggles it out and back in, returning to the page
      const out = await form("/workspace/pin", "manager", { table: "ca_objects", id: "vaso", back: "/cerca" });
      expect(out.status).toBe(303);
      expect(out.headers.get("location")).toBe("/cerca");
      expect((await call("/api/auth/docs/getCollections", "manager", {})).body.data[0].count).toBe(0);
      await form("/workspace/pin", "manager", { table: "ca_objects", id: "vaso", back: "https://evil.example/" });
      expect((await call("/api/auth/docs/getCollections", "manager", {})).body.data[0].count).toBe(1);
    });

    it("another user's collection answers 404 like a missing id, on every call, page and .data URL, and nothing changes", async () => {
      const c = await create("anna", "Privata di Anna", [{ table: "ca_objects", id: "brocca" }]);
      const missing = "ZZZZZZZZZZZZ";
      const ref = { table: "ca_objects", id: "vaso" };
      const bodies: [string, (id: string) => unknown][] = [
        ["getCollectionItems", (id) => ({ collection: id, locale: "it" })],
        ["saveDoc", (id) => ({ collection: "collections", name: id, data: { title: "Presa" } })],
        ["saveDoc", (id) => ({ collection: "collections", name: id, data: { add: [ref] } })],
        ["saveDoc", (id) => ({ collection: "collections", name: id, data: { remove: [{ table: "ca_objects", id: "brocca" }] } })],
        ["saveDoc", (id) => ({ collection: "collections", name: id, data: { public: true } })],
        ["saveDoc", (id) => ({ collection: "collections", name: id, data: { move: { table: "ca_objects", id: "brocca", to: 0 } } })],
        [
          "saveDoc",
          (id) => ({
            collection: "collections",
            name: id,
            data: { move: { table: "ca_objects", id: "brocca", over: { table: "ca_objects", id: "brocca" } } },
          }),
        ],
        ["saveDoc", (id) => ({ collection: "collections", name: id, data: { cover: { table: "ca_objects", id: "brocca" } } })],
        ["removeDoc", (id) => ({ collection: "collections", name: id })],
        ["saveUser", (id) => ({ data: { current: id } })],
        ["getDocBySlug", (id) => ({ collection: "collections", slug: id })],
      ];
      for (const [name, body] of bodies) {
        const theirs = await call(`/api/auth/docs/${name}`, "bruno", body(c.id));
        const none = await call(`/api/auth/docs/${name}`, "bruno", body(missing));
        expect(theirs.status, name).toBe(404);
        expect(theirs.body, name).toEqual(none.body);
      }
      for (const p of [`/collections/${c.id}`, `/fr/collections/${c.id}`, `/collections/${c.id}.data`]) {
        const theirs = await page(p, "bruno");
        const none = await page(p.replace(c.id, missing), "bruno");
        expect(theirs.status, p).toBe(404);
        expect(none.status).toBe(404);
        const text = await theirs.text();
        expect(text).not.toContain("Privata di Anna");
        expect(normalize(text.replaceAll(c.id, missing))).toBe(normalize(await none.text()));
      }
      // form posts on the page's action too
      const post = await form(`/collections/${c.id}`, "bruno", { intent: "delete" });
      expect(post.status).toBe(404);
      // nothing changed
      const mine = await itemsOf("anna", c.id);
      expect(mine.name).toBe("Privata di Anna");
      expect(mine.public).toBe(false);
      expect(mine.items.map((i: { id: string }) => i.id)).toEqual(["brocca"]);
      // the owner sees the page and its .data
      expect((await page(`/collections/${c.id}`, "anna")).status).toBe(200);
      expect((await page(`/collections/${c.id}.data`, "anna")).status).toBe(200);
    });

    it("bad input is a 400 with a clear message and changes nothing", async () => {
      const c = await create("anna", "Prove");
      const cases: [unknown, number, string][] = [
        ["{not json", 400, "La richiesta non è valida"],
        [{ collection: "collections", data: { title: "   " } }, 400, "Ricordati di inserire il titolo"],
        [{ collection: "collections", data: { title: "x".repeat(121) } }, 400, "Il titolo può avere al massimo 120 caratteri"],
        [{ collection: "annotations", data: { title: "x" } }, 400, "Tipo di documento sconosciuto"],
        [{ collection: "collections", name: "../etc", data: { title: "x" } }, 400, "Collezione non valida"],
        [{ collection: "collections", name: c.id, data: { add: [{ table: "users", id: "1" }] } }, 400, "Scheda non trovata o non valida"],
        [
          { collection: "collections", name: c.id, data: { add: [{ table: "ca_objects", id: "nessuno" }] } },
          400,
          "Scheda non trovata o non valida",
        ],
        [{ collection: "collections", name: c.id, data: { items: [{ table: "ca_objects", id: "vaso" }] } }, 400, "Le schede si aggiungono"],
        [
          { collection: "collections", name: c.id, data: { cover: { table: "ca_objects", id: "vaso" } } },
          400,
          "La copertina deve essere una scheda della collezione",
        ],
        [{ collection: "collections", name: c.id, data: { sneaky: 1 } }, 400, "La richiesta non è valida"],
      ];
      for (const [body, status, message] of cases) {
        const r = await call("/api/auth/docs/saveDoc", "anna", body);
        expect(r.status, JSON.stringify(body)).toBe(status);
        expect(r.body.error.message, JSON.stringify(body)).toContain(message);
      }
      // messages follow the locale of the body
      const en = await call("/api/auth/docs/saveDoc", "anna", { collection: "collections", locale: "en", data: { title: "" } });
      expect(en.body.error.message).toBe("Remember to enter a title");
      const data = await itemsOf("anna", c.id);
      expect(data.name).toBe("Prove");
      expect(data.items).toEqual([]);
      // a restricted record the viewer may not see cannot be pinned (it does not exist for them)
      const secret = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "collections",
        name: c.id,
        data: { add: [{ table: "ca_objects", id: "segreto" }] },
      });
      expect(secret.status).toBe(400);
      expect(await cat.db.rows(sql`select 1 from collection_items where record_id = 'segreto'`)).toEqual([]);
      // GET is not a call
      expect((await cat.server.fetch("/api/auth/docs/saveDoc", { headers: headers("anna") })).status).toBe(405);
    });

    it("a cross-site post is refused", async () => {
      const res = await cat.server.fetch("/api/auth/docs/saveDoc", {
        method: "POST",
        headers: headers("anna", { "content-type": "application/json", origin: "https://evil.example" }),
        body: JSON.stringify({ collection: "collections", data: { title: "Evil" } }),
      });
      expect(res.status).toBe(403);
      const formPost = await cat.server.fetch("/workspace/pin", {
        method: "POST",
        headers: headers("anna", { "content-type": "application/x-www-form-urlencoded" }),
        body: "table=ca_objects&id=vaso&back=%2F",
      });
      expect(formPost.status).toBe(403);
    });

    it("limits per user: items per collection and number of collections, with a clear message", async () => {
      process.env.WORKSPACE_MAX_ITEMS = "2";
      try {
        const c = await create("bruno", "Piccola", [
          { table: "ca_objects", id: "vaso" },
          { table: "ca_objects", id: "piatto" },
        ]);
        const r = await call("/api/auth/docs/saveDoc", "bruno", {
          collection: "collections",
          name: c.id,
          locale: "fr",
          data: { add: [{ table: "ca_objects", id: "brocca" }] },
        });
        expect(r.status).toBe(409);
        expect(r.body.error.message).toBe("Une collection peut contenir au plus 2 notices : retirez-en ou créez une nouvelle collection.");
        expect((await itemsOf("bruno", c.id)).items).toHaveLength(2);
        // creating over the limit adds nothing at all
        const over = await call("/api/auth/docs/saveDoc", "bruno", {
          collection: "collections",
          data: {
            title: "Troppo",
            items: [
              { table: "ca_objects", id: "vaso" },
              { table: "ca_objects", id: "piatto" },
              { table: "ca_objects", id: "brocca" },
            ],
          },
        });
        expect(over.status).toBe(409);
        expect((await call("/api/auth/docs/getCollections", "bruno", {})).body.data.map((x: { name: string }) => x.name)).toEqual([
          "Piccola",
        ]);
      } finally {
        delete process.env.WORKSPACE_MAX_ITEMS;
      }
      process.env.WORKSPACE_MAX_COLLECTIONS = "2";
      try {
        await create("bruno", "Seconda");
        const r = await call("/api/auth/docs/saveDoc", "bruno", { collection: "collections", locale: "en", data: { title: "Terza" } });
        expect(r.status).toBe(409);
        expect(r.body.error.message).toBe("You have reached the maximum number of collections (2): delete one to create another.");
        expect((await call("/api/auth/docs/getCollections", "bruno", {})).body.data).toHaveLength(2);
      } finally {
        delete process.env.WORKSPACE_MAX_COLLECTIONS;
      }
    });

    it("reorders, changes the cover, renames with the version read (a stale one is 409)", async () => {
      const c = await create("anna", "Ordine", [{ table: "ca_objects", id: "vaso" }]);
      await call("/api/auth/docs/saveDoc", "anna", {
        collection: "collections",
        name: c.id,
        data: {
          add: [
            { table: "ca_objects", id: "piatto" },
            { table: "ca_objects", id: "brocca" },
          ],
        },
      });
      expect((await itemsOf("anna", c.id)).items.map((i: { id: string }) => i.id)).toEqual(["piatto", "brocca", "vaso"]);
      await call("/api/auth/docs/saveDoc", "anna", {
        collection: "collections",
        name: c.id,
        data: { move: { table: "ca_objects", id: "vaso", to: 0 } },
      });
      await call("/api/auth/docs/saveDoc", "anna", {
        collection: "collections",
        name: c.id,
        data: { move: { table: "ca_objects", id: "piatto", by: 1 } },
      });
      const now = await itemsOf("anna", c.id);
      expect(now.items.map((i: { id: string }) => i.id)).toEqual(["vaso", "brocca", "piatto"]);
      // the form post of the page does the same, and answers where it is now
      const moved = await form(`/collections/${c.id}`, "anna", {
        intent: "move",
        dir: "up",
        table: "ca_objects",
        id: "piatto",
        label: "Piatto decorato",
      });
      expect(moved.status).toBe(200);
      expect((await itemsOf("anna", c.id)).items.map((i: { id: string }) => i.id)).toEqual(["vaso", "piatto", "brocca"]);
      const cover = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "collections",
        name: c.id,
        data: { cover: { table: "ca_objects", id: "piatto" } },
      });
      expect(cover.status).toBe(200);
      const [row] = await cat.db.rows<{ cover_id: string }>(sql`select cover_id from collections where id = ${c.id}`);
      expect(row!.cover_id).toBe("piatto");
      const version = cover.body.data.version;
      const renamed = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "collections",
        name: c.id,
        data: { title: "Ordine nuovo", version },
      });
      expect(renamed.status).toBe(200);
      const stale = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "collections",
        name: c.id,
        data: { title: "Vecchio", version },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.message).toContain("ricarica la pagina");
      expect((await itemsOf("anna", c.id)).name).toBe("Ordine nuovo");
      // removing from the page's form, then the item is gone
      const removed = await form(`/collections/${c.id}?remove=ca_objects%2Fpiatto`, "anna", {
        intent: "remove",
        table: "ca_objects",
        id: "piatto",
        label: "Piatto decorato",
      });
      expect(removed.status).toBe(303);
      expect((await itemsOf("anna", c.id)).items.map((i: { id: string }) => i.id)).toEqual(["vaso", "brocca"]);
      // a removed cover falls back to the first item
      expect(
        (await cat.db.rows<{ cover_id: string | null }>(sql`select cover_id from collections where id = ${c.id}`))[0]!.cover_id,
      ).toBeNull();
    });

    it("a drop moves an item to where another is, counting records the mover cannot see; only those who may edit it move", async () => {
      // The manager's collection holds a record Anna may not see; shared with her to edit, then with Bruno to read.
      const c = await create(
        "manager",
        "Trascinata",
        ["segreto", "vaso", "piatto", "brocca"].map((id) => ({ table: "ca_objects", id })),
      );
      expect((await form(`/collections/${c.id}`, "manager", { intent: "share", email: "anna@example.org", role: "editor" })).status).toBe(
        200,
      );
      expect((await form(`/collections/${c.id}`, "manager", { intent: "share", email: "bruno@example.org", role: "reader" })).status).toBe(
        200,
      );
      const ids = async (who: Who) => (await itemsOf(who, c.id)).items.map((i: { id: string }) => i.id);
      expect(await ids("manager")).toEqual(["segreto", "vaso", "piatto", "brocca"]);
      expect(await ids("anna")).toEqual(["vaso", "piatto", "brocca"]);
      const drop = (who: Who, id: string, over: string, extra: Record<string, unknown> = {}) =>
        call("/api/auth/docs/saveDoc", who, {
          collection: "collections",
          locale: "it",
          name: c.id,
          data: { move: { table: "ca_objects", id, over: { table: "ca_objects", id: over }, ...extra } },
        });
      // Anna drops vaso (her first) on piatto (her second): it goes after piatto, whatever sits before them
      // (her visible index 1 would have been the manager's index 1, where vaso already is: nothing would move).
      const moved = await drop("anna", "vaso", "piatto");
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.data.items.map((i: { id: string }) => i.id)).toEqual(["piatto", "vaso", "brocca"]);
      expect(await ids("manager")).toEqual(["segreto", "piatto", "vaso", "brocca"]);
      // and upwards: brocca dropped on piatto lands before it
      expect((await drop("manager", "brocca", "piatto")).status).toBe(200);
      expect(await ids("manager")).toEqual(["segreto", "brocca", "piatto", "vaso"]);
      // a reader may not (someone it is not shared with gets the missing collection's answer: the test above)
      const reader = await drop("bruno", "vaso", "brocca");
      expect(reader.status).toBe(403);
      expect(reader.body.error.message).toBe("Questa collezione è condivisa con te in sola lettura.");
      // an item not in it, or a move saying two places, changes nothing either
      const absent = await drop("anna", "vaso", "nessuno");
      expect(absent.status).toBe(404);
      // a record she may not see answers exactly as a missing one, moved or dropped on: no probing for it
      for (const probe of [await drop("anna", "vaso", "segreto"), await drop("anna", "segreto", "vaso")]) {
        expect(probe.status).toBe(404);
        expect(probe.body).toEqual(absent.body);
      }
      expect(await ids("manager")).toEqual(["segreto", "brocca", "piatto", "vaso"]);
      // nor by adding, removing or pinning: adding the hidden record is refused as any record she may not see,
      // removing it removes nothing, and her pins of this collection do not list it
      const addHidden = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "collections",
        locale: "it",
        name: c.id,
        data: { add: [{ table: "ca_objects", id: "segreto" }] },
      });
      expect(addHidden.status).toBe(400);
      expect(
        (
          await call("/api/auth/docs/saveDoc", "anna", {
            collection: "collections",
            locale: "it",
            name: c.id,
            data: { remove: [{ table: "ca_objects", id: "segreto" }] },
          })
        ).status,
      ).toBe(200);
      expect(await ids("manager")).toEqual(["segreto", "brocca", "piatto", "vaso"]);
      const pins = await call("/api/auth/docs/saveUser", "anna", { data: { current: c.id } });
      expect(pins.status).toBe(200);
      expect(pins.body.data.current.id).toBe(c.id);
      expect(pins.body.data.pins.map((p: { id: string }) => p.id).sort()).toEqual(["brocca", "piatto", "vaso"]);
      expect(absent.body.error.message).not.toBe(
        (await call("/api/auth/docs/getCollectionItems", "anna", { collection: "ZZZZZZZZZZZZ", locale: "it" })).body.error.message,
      );
      expect((await drop("anna", "vaso", "brocca", { to: 0 })).status).toBe(400);
      expect(await ids("manager")).toEqual(["segreto", "brocca", "piatto", "vaso"]);
      expect((await removeAs("manager", c.id)).status).toBe(200);
    });

    it("publishes: the public page and call show it signed out, hide restricted records by count, and 404 once unpublished", async () => {
      const c = await create("manager", "Tesori", [
        { table: "ca_objects", id: "segreto" },
        { table: "ca_objects", id: "vaso" },
      ]);
      // not published yet: the public call knows nothing
      const published = await call("/api/auth/docs/saveDoc", "manager", { collection: "collections", name: c.id, data: { public: true } });
      expect(published.status).toBe(200);
      const slug = published.body.data.slug as string;
      expect(slug).toMatch(/^tesori-[a-z0-9]{8}$/);
      const pub = await call("/api/public/docs/getDocBySlug", "visitor", { slug });
      expect(pub.status).toBe(200);
      expect(pub.body.data.items.map((i: { id: string }) => i.id)).toEqual(["vaso"]);
      expect(pub.body.data.hidden).toBe(1);
      expect(JSON.stringify(pub.body)).not.toMatch(/segreto|Reliquiario|manager@|owner/);
      const asManager = await call("/api/public/docs/getDocBySlug", "manager", { slug });
      expect(asManager.body.data.items.map((i: { id: string }) => i.id)).toEqual(["segreto", "vaso"]);
      expect(asManager.body.data.hidden).toBe(0);
      // the page, signed out, with Open Graph and Twitter tags and hreflang links
      const res = await page(`/en/public/collections/${slug}`, "visitor");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<h1>Tesori</h1>");
      expect(html).toContain('property="og:title" content="Tesori"');
      expect(html).toMatch(/property="og:image" content="http[^"]*\/media\//);
      expect(html).toContain('name="twitter:card" content="summary_large_image"');
      expect(html).toContain('hrefLang="fr"');
      expect(html).toContain("1 restricted record of this collection is not shown.");
      expect(html).not.toContain("Reliquiario");
      expect(html).toContain("Vaso blu");
      // listed among the published
      const listed = await call("/api/public/docs/getDocs", "visitor", { collection: "collections" });
      expect(listed.body.data.map((x: { slug: string }) => x.slug)).toContain(slug);
      expect(JSON.stringify(listed.body)).not.toContain(c.id);
      // unpublished: 404 on the page and the call, and gone from the listing
      await call("/api/auth/docs/saveDoc", "manager", { collection: "collections", name: c.id, data: { public: false } });
      expect((await page(`/public/collections/${slug}`, "visitor")).status).toBe(404);
      expect((await call("/api/public/docs/getDocBySlug", "visitor", { slug })).status).toBe(404);
      expect(
        (await call("/api/public/docs/getDocs", "visitor", { collection: "collections" })).body.data.map((x: { slug: string }) => x.slug),
      ).not.toContain(slug);
      // the private id is not a public address
      expect((await page(`/public/collections/${c.id.toLowerCase()}`, "visitor")).status).toBe(404);
      // publishing again revives the same address
      const again = await call("/api/auth/docs/saveDoc", "manager", { collection: "collections", name: c.id, data: { public: true } });
      expect(again.body.data.slug).toBe(slug);
    });

    it("the index of published collections: only public ones of active accounts, counts the visitor may see, pages (issue 31)", async () => {
      const publish = async (id: string, who: Who) =>
        (await call("/api/auth/docs/saveDoc", who, { collection: "collections", name: id, data: { public: true } })).body.data
          .slug as string;
      const a = await create("manager", "Indice del manager", [
        { table: "ca_objects", id: "vaso" },
        { table: "ca_objects", id: "segreto" },
      ]);
      const b = await create("bruno", "Indice di Bruno", [{ table: "ca_objects", id: "piatto" }]);
      const hidden = await create("bruno", "Indice privato", [{ table: "ca_objects", id: "brocca" }]);
      const slugA = await publish(a.id, "manager");
      const slugB = await publish(b.id, "bruno");
      // the service, for a visitor: the restricted record is not counted; for a manager it is
      const visitor = { database: cat.db, viewer: PUBLIC_VIEWER, locale: "it" as const };
      const listed = await listPublishedCollections(visitor, { page: 1, pageSize: 50 });
      const entry = (slug: string, l = listed) => l.items.find((x) => x.slug === slug);
      expect(entry(slugA)).toMatchObject({ title: "Indice del manager", count: 1 });
      expect(entry(slugB)).toMatchObject({ title: "Indice di Bruno", count: 1 });
      expect(listed.items.map((x) => x.title)).not.toContain("Indice privato");
      expect(JSON.stringify(listed)).not.toMatch(new RegExp(`${a.id}|${hidden.id}|manager@|segreto`));
      // newest publication first
      expect(listed.items.findIndex((x) => x.slug === slugB)).toBeLessThan(listed.items.findIndex((x) => x.slug === slugA));
      const manager = { kind: "user" as const, userId: userId.manager!, level: 32, roles: ["Manager"], accessLevels: [1, 2, 3] };
      expect(entry(slugA, await listPublishedCollections({ ...visitor, viewer: manager }, { page: 1, pageSize: 50 }))?.count).toBe(2);
      // paging
      const first = await listPublishedCollections(visitor, { page: 1, pageSize: 1 });
      const second = await listPublishedCollections(visitor, { page: 2, pageSize: 1 });
      expect(first.total).toBe(listed.total);
      expect(first.items).toHaveLength(1);
      expect(second.items[0]!.slug).not.toBe(first.items[0]!.slug);
      // the page, signed out, in French: links to each, no private one; a page past the last is not found
      const res = await page("/fr/public/collections", "visitor");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<h1>Collections publiées</h1>");
      expect(html).toContain(`href="/fr/public/collections/${slugA}"`);
      expect(html).toContain("Indice di Bruno");
      expect(html).not.toContain("Indice privato");
      expect(html).not.toContain("Reliquiario");
      expect(html).toMatch(/rel="canonical" href="http[^"]*\/fr\/public\/collections"/);
      expect((await page("/public/collections?page=999", "visitor")).status).toBe(404);
      expect((await page("/public/collections?page=abc", "visitor")).status).toBe(200);
      // a disabled account's publications leave the index (and come back with the account)
      await cat.db.rows(sql`update users set disabled = true where id = ${userId.bruno!}`);
      try {
        expect((await listPublishedCollections(visitor, { page: 1, pageSize: 50 })).items.map((x) => x.slug)).not.toContain(slugB);
        expect(await (await page("/public/collections", "visitor")).text()).not.toContain("Indice di Bruno");
      } finally {
        await cat.db.rows(sql`update users set disabled = false where id = ${userId.bruno!}`);
      }
      // unpublished: gone
      await call("/api/auth/docs/saveDoc", "manager", { collection: "collections", name: a.id, data: { public: false } });
      expect((await listPublishedCollections(visitor, { page: 1, pageSize: 50 })).items.map((x) => x.slug)).not.toContain(slugA);
      for (const [who, id] of [
        ["manager", a.id],
        ["bruno", b.id],
        ["bruno", hidden.id],
      ] as const)
        await removeAs(who, id);
    });

    it("the pages: list, collection with its tools, in three languages", async () => {
      const c = await create("bruno", "Pagine", [{ table: "ca_objects", id: "piatto" }]);
      const list = await (await page("/fr/collections", "bruno")).text();
      expect(list).toContain("Mes collections");
      expect(list).toContain(`/fr/collections/${c.id}`);
      const html = await (await page(`/en/collections/${c.id}`, "bruno")).text();
      expect(html).toContain("<h1>Pagine</h1>");
      expect(html).toContain("Move “Piatto decorato” earlier");
      expect(html).toContain("Publish");
      // the page makes another collection current, and only the owner's
      const piccola = (await call("/api/auth/docs/getCollections", "bruno", {})).body.data.find(
        (x: { name: string }) => x.name === "Piccola",
      );
      expect((await form(`/collections/${piccola.id}`, "anna", { intent: "current" })).status).toBe(404);
      expect((await form(`/collections/${piccola.id}`, "bruno", { intent: "current", label: "Piccola" })).status).toBe(200);
      expect((await call("/api/auth/docs/getCollections", "bruno", {})).body.current).toBe(piccola.id);
      expect((await call("/api/auth/docs/getCollections", "anna", {})).body.current).not.toBe(piccola.id);
      const confirm = await (await page(`/collections/${c.id}?remove=ca_objects%2Fpiatto`, "bruno")).text();
      expect(confirm).toContain("Sei sicuro?");
      const del = await (await page(`/collections/${c.id}?delete=1`, "bruno")).text();
      expect(del).toContain("Confermi la cancellazione?");
      const gone = await form(`/collections/${c.id}?delete=1`, "bruno", { intent: "delete" });
      expect(gone.status).toBe(303);
      expect(gone.headers.get("location")).toBe("/collections");
      expect((await page(`/collections/${c.id}`, "bruno")).status).toBe(404);
    });
  });
}
