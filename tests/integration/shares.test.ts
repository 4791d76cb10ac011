import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";

/**
 * Issue 15 §4 "Beyond the anchors", decision 061: sharing a collection with named users (readers, editors)
 * and by expiring secret links (SHARE_EXTERNAL), on both databases. The owner alone sees and revokes shares;
 * a reader reads (through their own access), an editor changes items only; anyone else, and an expired or
 * revoked link, gets the same 404 as a missing id.
 */
for (const target of testDatabases()) {
  describe(`collection sharing on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    // manager: Manager (restricted records, SHARE_EXTERNAL); anna, bruno, carla: Ricercatore (neither).
    const cookie: Record<"manager" | "anna" | "bruno" | "carla", string> = { manager: "", anna: "", bruno: "", carla: "" };
    let tesori = "";

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
        ["manager", "Manager"],
        ["anna", "Ricercatore"],
        ["bruno", "Ricercatore"],
        ["carla", "Ricercatore"],
      ] as const) {
        // Anna's address is stored with capitals: shares match it regardless of case.
        const email = who === "anna" ? "Anna@Example.org" : `${who}@example.org`;
        const user = await createUser({ database: cat.db }, { email, roles: [role] }, { userId: null, address: "test" });
        cookie[who] = `teca_session=${(await createSession(cat.db, user.id, meta)).token}`;
      }
    });
    afterAll(async () => {
      await cat?.close();
    });

    type Who = keyof typeof cookie | "visitor";
    const headers = (who: Who, extra: Record<string, string> = {}) => ({ ...(who === "visitor" ? {} : { cookie: cookie[who] }), ...extra });
    const call = async (path: string, who: Who, body: unknown) => {
      const res = await cat.server.fetch(path, {
        method: "POST",
        headers: headers(who, { "content-type": "application/json", origin: cat.server.base }),
        body: JSON.stringify(body),
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
    const share = (who: Who, name: string, data?: unknown) =>
      call("/api/auth/docs/shareDoc", who, { collection: "collections", name, locale: "it", ...(data ? { data } : {}) });
    const save = (who: Who, name: string, data: unknown) =>
      call("/api/auth/docs/saveDoc", who, { collection: "collections", name, locale: "it", data });
    const items = async (who: Who, id: string) =>
      (await call("/api/auth/docs/getCollectionItems", who, { collection: id, locale: "it" })).body?.data;
    const normalize = (html: string) =>
      html.replace(/nonce="[^"]*"/g, "").replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "");
    const events = async () =>
      (
        (await cat.db.db.execute(sql`select event from audit_log where event like 'collection_%' order by id`)) as unknown as {
          rows: { event: string }[];
        }
      ).rows.map((r) => r.event);

    it("the owner shares by address — an unknown one answers the same, their own is refused — and sees the shares", async () => {
      const made = await call("/api/auth/docs/saveDoc", "manager", {
        collection: "collections",
        locale: "it",
        data: {
          title: "Tesori",
          items: [
            { table: "ca_objects", id: "vaso" },
            { table: "ca_objects", id: "segreto" },
          ],
        },
      });
      expect(made.status).toBe(201);
      tesori = made.body.data.id;
      // by the page's form (no script needed) and by the call
      const byForm = await form(`/collections/${tesori}`, "manager", { intent: "share", email: "bruno@example.org", role: "reader" });
      expect(byForm.status).toBe(200);
      expect(await byForm.text()).toContain("Condivisa con bruno@example.org");
      const known = await share("manager", tesori, { share: { email: "ANNA@example.org", role: "editor" } });
      expect(known.status).toBe(200);
      // An address without an account: the same answer as one with (no enumeration); it reaches that account if one is made.
      const unknown = await share("manager", tesori, { share: { email: "nessuno@example.org", role: "reader" } });
      expect(unknown.status).toBe(200);
      expect(unknown.body.data.people.map((p: { email: string; role: string }) => [p.email, p.role])).toEqual([
        ["bruno@example.org", "reader"],
        ["anna@example.org", "editor"],
        ["nessuno@example.org", "reader"],
      ]);
      const self = await share("manager", tesori, { share: { email: "Manager@Example.org", role: "editor" } });
      expect(self.status).toBe(400);
      expect(self.body.error.message).toBe("Questo è il tuo indirizzo: la collezione è già tua.");
      for (const [data, message] of [
        [{ share: { email: "not-an-address", role: "reader" } }, "Scrivi un indirizzo e-mail valido."],
        [{ share: { email: "x@example.org", role: "owner" } }, "Scegli se può leggere o modificare."],
        [{ link: 3 }, "Scegli una durata tra quelle proposte."],
      ] as const) {
        const r = await share("manager", tesori, data);
        expect(r.status, JSON.stringify(data)).toBe(400);
        expect(r.body.error.message).toBe(message);
      }
      const badForm = await form(`/collections/${tesori}`, "manager", { intent: "share", email: "nope", role: "reader" });
      expect(badForm.status).toBe(400);
      expect(await badForm.text()).toContain("Scrivi un indirizzo e-mail valido.");
      expect((await share("manager", tesori)).body.data.people).toHaveLength(3);
      // the owner's page lists them
      const html = await (await page(`/collections/${tesori}`, "manager")).text();
      expect(html).toContain("nessuno@example.org");
      expect(html).toContain("Collegamento segreto");
    });

    it("a reader sees it marked as shared, filtered by their own access, and can change nothing", async () => {
      const list = await call("/api/auth/docs/getCollections", "bruno", { locale: "it" });
      expect(list.body.data.map((c: { name: string; role: string; sharedBy: string }) => [c.name, c.role, c.sharedBy])).toEqual([
        ["Tesori", "reader", "manager@example.org"],
      ]);
      // a collection only read is never the current one
      expect(list.body.current).toBeNull();
      const mine = await items("bruno", tesori);
      expect(mine.items.map((i: { id: string }) => i.id)).toEqual(["segreto", "vaso"].filter((x) => x !== "segreto"));
      expect(mine.hidden).toBe(1);
      expect((await items("manager", tesori)).items).toHaveLength(2);
      for (const p of [`/collections/${tesori}`, `/en/collections/${tesori}.data`]) {
        const res = await page(p, "bruno");
        expect(res.status, p).toBe(200);
        const text = await res.text();
        expect(text).not.toContain("Reliquiario segreto");
        expect(text).not.toContain("nessuno@example.org");
      }
      const html = await (await page(`/collections/${tesori}`, "bruno")).text();
      expect(html).toContain("Condivisa da manager@example.org · sola lettura");
      expect(html).not.toContain('name="intent" value="rename"');
      expect(html).not.toContain('value="remove"');
      const tries: [string, unknown][] = [
        ["/api/auth/docs/saveDoc", { collection: "collections", name: tesori, data: { add: [{ table: "ca_objects", id: "piatto" }] } }],
        ["/api/auth/docs/saveDoc", { collection: "collections", name: tesori, data: { remove: [{ table: "ca_objects", id: "vaso" }] } }],
        ["/api/auth/docs/saveUser", { data: { current: tesori } }],
      ];
      for (const [path, body] of tries) {
        const r = await call(path, "bruno", body);
        expect(r.status, JSON.stringify(body)).toBe(403);
        expect(r.body.error.message).toBe("Questa collezione è condivisa con te in sola lettura.");
      }
      expect((await call("/api/auth/docs/removeDoc", "bruno", { collection: "collections", name: tesori })).status).toBe(403);
      // the shares are the owner's business
      expect((await share("bruno", tesori)).status).toBe(403);
      expect((await items("manager", tesori)).items).toHaveLength(2);
    });

    it("an editor adds, removes, reorders and pins into it as their current collection, but cannot rename, publish, cover, share or delete", async () => {
      const list = await call("/api/auth/docs/getCollections", "anna", { locale: "it" });
      expect(list.body.data.map((c: { name: string; role: string }) => [c.name, c.role])).toEqual([["Tesori", "editor"]]);
      // with no collection of her own, the one she edits is current: the pins go there
      expect(list.body.current).toBe(tesori);
      const pinned = await call("/api/auth/docs/saveUser", "anna", {
        data: {
          current: tesori,
          pins: [
            { table: "ca_objects", id: "piatto" },
            { table: "ca_objects", id: "piatto" },
          ],
        },
      });
      expect(pinned.status).toBe(200);
      expect(pinned.body.data.current.id).toBe(tesori);
      expect((await save("anna", tesori, { add: [{ table: "ca_objects", id: "brocca" }] })).status).toBe(200);
      expect((await save("anna", tesori, { move: { table: "ca_objects", id: "vaso", to: 0 } })).status).toBe(200);
      const removed = await form(`/collections/${tesori}`, "anna", {
        intent: "remove",
        table: "ca_objects",
        id: "brocca",
        label: "Brocca",
      });
      expect(removed.status).toBe(200);
      expect((await items("manager", tesori)).items.map((i: { id: string }) => i.id)).toEqual(["vaso", "piatto", "segreto"]);
      for (const data of [{ title: "Presa" }, { public: true }, { cover: { table: "ca_objects", id: "piatto" } }]) {
        const r = await save("anna", tesori, data);
        expect(r.status, JSON.stringify(data)).toBe(403);
        expect(r.body.error.message).toBe("Solo chi ha creato la collezione può farlo.");
      }
      expect((await call("/api/auth/docs/removeDoc", "anna", { collection: "collections", name: tesori })).status).toBe(403);
      // stories are written in one's own collections: the editor of a shared one does not open
      expect((await page(`/collections/${tesori}/stories/add`, "anna")).status).toBe(404);
      // and so are moodboards: neither the editor page, its .data, nor the call open in someone else's collection
      expect((await page(`/collections/${tesori}/moodboards/add`, "anna")).status).toBe(404);
      expect((await page(`/collections/${tesori}/moodboards/add.data`, "anna")).status).toBe(404);
      const board = { title: "Tavola", items: [] };
      const inShared = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "moodboards",
        locale: "it",
        data: { ...board, coll: tesori },
      });
      const inMissing = await call("/api/auth/docs/saveDoc", "anna", {
        collection: "moodboards",
        locale: "it",
        data: { ...board, coll: "ZZZZZZZZZZZZ" },
      });
      expect(inShared.status).toBe(404);
      expect(inShared.body).toEqual(inMissing.body);
      // she knows it exists: the refusal says why
      for (const data of [{ share: { email: "carla@example.org", role: "editor" } }, undefined, { link: 7 }]) {
        const r = await share("anna", tesori, data);
        expect(r.status, JSON.stringify(data)).toBe(403);
        expect(r.body.error.message).toBe("Solo chi ha creato la collezione può farlo.");
      }
      for (const intent of ["rename", "publish", "delete"]) {
        const res = await form(`/collections/${tesori}`, "anna", { intent, title: "Presa" });
        expect(res.status, intent).toBe(403);
      }
      const view = await items("manager", tesori);
      expect([view.name, view.public]).toEqual(["Tesori", false]);
      expect((await share("manager", tesori)).body.data.people).toHaveLength(3);
    });

    it("anyone it is not shared with gets the 404 of a missing id on every call, page and .data URL", async () => {
      const missing = "ZZZZZZZZZZZZ";
      const bodies: [string, (id: string) => unknown][] = [
        ["getCollectionItems", (id) => ({ collection: id, locale: "it" })],
        ["saveDoc", (id) => ({ collection: "collections", name: id, data: { add: [{ table: "ca_objects", id: "brocca" }] } })],
        ["removeDoc", (id) => ({ collection: "collections", name: id })],
        ["saveUser", (id) => ({ data: { current: id } })],
        ["shareDoc", (id) => ({ collection: "collections", name: id })],
        ["shareDoc", (id) => ({ collection: "collections", name: id, data: { share: { email: "carla@example.org", role: "editor" } } })],
        ["shareDoc", (id) => ({ collection: "collections", name: id, data: { link: 7 } })],
      ];
      for (const [name, body] of bodies) {
        const theirs = await call(`/api/auth/docs/${name}`, "carla", body(tesori));
        const none = await call(`/api/auth/docs/${name}`, "carla", body(missing));
        expect(theirs.status, name).toBe(404);
        expect(theirs.body, name).toEqual(none.body);
      }
      for (const p of [`/collections/${tesori}`, `/fr/collections/${tesori}.data`]) {
        const theirs = await page(p, "carla");
        const none = await page(p.replace(tesori, missing), "carla");
        expect(theirs.status, p).toBe(404);
        expect(normalize((await theirs.text()).replaceAll(tesori, missing))).toBe(normalize(await none.text()));
      }
      for (const intent of ["share", "unshare", "link"]) {
        expect(
          (await form(`/collections/${tesori}`, "carla", { intent, email: "carla@example.org", role: "editor", days: "7" })).status,
          intent,
        ).toBe(404);
      }
      expect((await call("/api/auth/docs/getCollections", "carla", {})).body.data).toEqual([]);
      expect((await share("visitor", tesori)).status).toBe(401);
    });

    it("shares follow the person (decision 067): a changed address keeps them, an address shared before its account exists reaches it, and both answered alike", async () => {
      // Bruno changes address: the share made to the old one is still his.
      await cat.db.db.execute(sql`update users set email = 'Bruno.Nuovo@example.org' where lower(email) = 'bruno@example.org'`);
      const bruno = await call("/api/auth/docs/getCollections", "bruno", { locale: "it" });
      expect(bruno.body.data.map((c: { id: string; role: string }) => [c.id, c.role])).toEqual([[tesori, "reader"]]);
      expect((await page(`/collections/${tesori}`, "bruno")).status).toBe(200);
      // Carla taking his old address gets nothing of his.
      await cat.db.db.execute(sql`update users set email = 'bruno@example.org' where lower(email) = 'carla@example.org'`);
      expect((await call("/api/auth/docs/getCollections", "carla", {})).body.data).toEqual([]);
      expect((await page(`/collections/${tesori}`, "carla")).status).toBe(404);
      await cat.db.db.execute(sql`update users set email = 'carla@example.org' where lower(email) = 'bruno@example.org'`);
      // The owner's list still shows the addresses typed, never who holds them now.
      const people = (await share("manager", tesori)).body.data.people.map((p: { email: string }) => p.email);
      expect(people).toEqual(["bruno@example.org", "anna@example.org", "nessuno@example.org"]);
      // The address without an account: the account made for it later finds the collection there.
      const waiting = (
        (await cat.db.db.execute(sql`select user_id from collection_shares where email = 'nessuno@example.org'`)) as unknown as {
          rows: { user_id: string | null }[];
        }
      ).rows;
      expect(waiting).toEqual([{ user_id: null }]);
      const nuovo = await createUser(
        { database: cat.db },
        { email: "Nessuno@Example.org", roles: ["Ricercatore"] },
        { userId: null, address: "test" },
      );
      const nessuno = `teca_session=${(await createSession(cat.db, nuovo.id, { userAgent: "test", address: "127.0.0.1" })).token}`;
      const theirs = await cat.server.fetch("/api/auth/docs/getCollections", {
        method: "POST",
        headers: { cookie: nessuno, "content-type": "application/json", origin: cat.server.base },
        body: "{}",
      });
      expect(((await theirs.json()) as { data: { id: string; role: string }[] }).data.map((c) => [c.id, c.role])).toEqual([
        [tesori, "reader"],
      ]);
      // Migration 0025 keyed the shares made before it by the address's account: its backfill, run again on a share without one.
      await cat.db.db.execute(sql`update collection_shares set user_id = null where email = 'anna@example.org'`);
      const migration = fs.readFileSync(path.resolve(import.meta.dirname, "../../db/migrations/0025_collection_shares_users.sql"), "utf8");
      const backfill = migration.split("--> statement-breakpoint").find((st) => st.trim().startsWith("UPDATE"))!;
      await cat.db.db.execute(sql.raw(backfill.replace(/^--.*$/gm, "")));
      expect((await call("/api/auth/docs/getCollections", "anna", {})).body.data.find((c: { id: string }) => c.id === tesori)?.role).toBe(
        "editor",
      );
      // A deleted user's shares go with them (migration 0026): Dora, shared with as dora@, changes address and is
      // deleted; Eva, who then takes dora@ and whose account is saved again, gets nothing.
      const dora = await createUser(
        { database: cat.db },
        { email: "dora@example.org", roles: ["Ricercatore"] },
        { userId: null, address: "test" },
      );
      await cat.db.db.execute(
        sql`insert into collection_shares (collection_id, email, user_id, role) values (${tesori}, 'dora@example.org', ${dora.id}::uuid, 'editor')`,
      );
      await cat.db.db.execute(sql`update users set email = 'dora.nuova@example.org' where id = ${dora.id}::uuid`);
      await cat.db.db.execute(sql`delete from users where id = ${dora.id}::uuid`);
      const eva = await createUser(
        { database: cat.db },
        { email: "eva@example.org", roles: ["Ricercatore"] },
        { userId: null, address: "test" },
      );
      await cat.db.db.execute(sql`update users set email = 'dora@example.org' where id = ${eva.id}::uuid`);
      await cat.db.db.execute(sql`update users set email = email where id = ${eva.id}::uuid`);
      const left = (
        (await cat.db.db.execute(sql`select user_id from collection_shares where email = 'dora@example.org'`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
      expect(left).toEqual([]);
      await cat.db.db.execute(sql`delete from users where id = ${eva.id}::uuid`);
    });

    it("a secret link needs SHARE_EXTERNAL, stores only a hash, opens read-only signed out, and 404s once expired or revoked", async () => {
      // Anna (Ricercatore) may not make links, even for her own collection.
      const own = await call("/api/auth/docs/saveDoc", "anna", { collection: "collections", locale: "it", data: { title: "Di Anna" } });
      const refused = await share("anna", own.body.data.id, { link: 7 });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe("Il tuo ruolo non permette di condividere con chi non ha un account.");
      expect(await (await page(`/collections/${own.body.data.id}`, "anna")).text()).not.toContain("Collegamento segreto");

      const made = await share("manager", tesori, { link: 7 });
      expect(made.status).toBe(201);
      const url: string = made.body.data.link.url;
      const token = /\/shared\/([A-Za-z0-9_-]{43})$/.exec(url)![1]!;
      const days = (Date.parse(made.body.data.link.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
      const stored = (
        (await cat.db.db.execute(sql`select token_hash from collection_links where collection_id = ${tesori}`)) as unknown as {
          rows: { token_hash: string }[];
        }
      ).rows;
      expect(stored.map((r) => r.token_hash)).toEqual([crypto.createHash("sha256").update(token).digest("hex")]);
      expect(made.body.data.links).toHaveLength(1);
      expect(JSON.stringify(made.body.data.links)).not.toContain(token);

      // signed out: the records a visitor may see, nothing else
      const open = await page(`/shared/${token}`, "visitor");
      expect(open.status).toBe(200);
      expect(open.headers.get("cache-control")).toBe("private, no-store");
      const html = await open.text();
      expect(html).toContain("Tesori");
      expect(html).toContain("Vaso blu");
      expect(html).not.toContain("Reliquiario segreto");
      expect(html).not.toContain(tesori);
      expect(html).not.toContain("manager@example.org");
      expect((await page(`/en/shared/${token}.data`, "visitor")).status).toBe(200);
      // the manager following it sees the restricted record too (their own access)
      expect(await (await page(`/shared/${token}`, "manager")).text()).toContain("Reliquiario segreto");

      const never = crypto.randomBytes(32).toString("base64url");
      const missing = await page(`/shared/${never}`, "visitor");
      expect(missing.status).toBe(404);
      const missingHtml = normalize(await missing.text());

      // expired: the same 404
      await cat.db.db.execute(sql`update collection_links set expires_at = now() - interval '1 second' where collection_id = ${tesori}`);
      const expired = await page(`/shared/${token}`, "visitor");
      expect(expired.status).toBe(404);
      expect(normalize((await expired.text()).replaceAll(token, never))).toBe(missingHtml);
      expect((await page(`/shared/${token}.data`, "visitor")).status).toBe(404);
      expect((await share("manager", tesori)).body.data.links).toEqual([]);

      // revoked at once, by the page's form
      const again = await share("manager", tesori, { link: 1 });
      const token2 = /\/shared\/([A-Za-z0-9_-]{43})$/.exec(again.body.data.link.url)![1]!;
      expect((await page(`/shared/${token2}`, "visitor")).status).toBe(200);
      // a link stops working while its owner is disabled, and works again when they are back
      await cat.db.db.execute(sql`update users set disabled = true where id = (select owner_id from collections where id = ${tesori})`);
      expect((await page(`/shared/${token2}`, "visitor")).status).toBe(404);
      await cat.db.db.execute(sql`update users set disabled = false where id = (select owner_id from collections where id = ${tesori})`);
      expect((await page(`/shared/${token2}`, "visitor")).status).toBe(200);
      // nobody else can revoke it
      expect((await share("anna", tesori, { revoke: again.body.data.links[0].id })).status).toBe(403);
      expect((await share("carla", tesori, { revoke: again.body.data.links[0].id })).status).toBe(404);
      const revoked = await form(`/collections/${tesori}`, "manager", { intent: "revoke", link: again.body.data.links[0].id });
      expect(revoked.status).toBe(200);
      expect(await revoked.text()).toContain("Collegamento revocato");
      expect((await page(`/shared/${token2}`, "visitor")).status).toBe(404);
      expect((await page(`/shared/${token2}.data`, "visitor")).status).toBe(404);
    });

    it("unsharing takes effect at once, and every share event is in the audit log", async () => {
      const done = await form(`/collections/${tesori}`, "manager", { intent: "unshare", email: "bruno@example.org" });
      expect(done.status).toBe(200);
      expect((await call("/api/auth/docs/getCollections", "bruno", {})).body.data).toEqual([]);
      expect((await page(`/collections/${tesori}`, "bruno")).status).toBe(404);
      // an editor turned reader loses it as their current collection
      await share("manager", tesori, { share: { email: "anna@example.org", role: "reader" } });
      const anna = await call("/api/auth/docs/getCollections", "anna", {});
      expect(anna.body.current).not.toBe(tesori);
      expect(anna.body.data.find((c: { id: string }) => c.id === tesori).role).toBe("reader");
      expect((await save("anna", tesori, { add: [{ table: "ca_objects", id: "brocca" }] })).status).toBe(403);
      // the owner deleting it takes the shares and links with it
      expect((await call("/api/auth/docs/removeDoc", "manager", { collection: "collections", name: tesori })).status).toBe(200);
      const left = (
        (await cat.db.db.execute(sql`select count(*)::int as n from collection_shares where collection_id = ${tesori}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
      expect(Number(left)).toBe(0);
      const log = await events();
      for (const e of ["collection_shared", "collection_unshared", "collection_link_created", "collection_link_revoked"])
        expect(log, e).toContain(e);
      // bruno, anna, the unknown address, anna again as reader
      expect(log.filter((e) => e === "collection_shared")).toHaveLength(4);
    });
  });
}
