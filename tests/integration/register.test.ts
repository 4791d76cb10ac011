import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db";
import { isRefusal, viewerFor } from "../../app/.server/access";
import { createUser } from "../../app/features/accounts/accounts.server";
import { accountMenu } from "../../app/features/accounts/menu.server";
import { importFile } from "../../app/features/catalogue/import.server";
import { saveSiteOptions } from "../../app/features/site/index.server";
import { actOnRegister, listRegister } from "../../app/features/registers/register.server";
import { registerCsv } from "../../app/features/registers/register-csv.server";
import { RegisterQuerySchema } from "../../app/features/registers/register";
import { testDatabases } from "../setup/db";
import { makeRecord, tempDir, writeNdjson } from "../factories/records";

/**
 * The collection register (issue 32 §4, decision 099), through its services on both databases: what others can
 * reach of users' collections and stories, for MANAGE_USERS while the `registro` option is on; never a collection
 * neither published nor shared; unpublishing and revoking a link, audited.
 */
for (const target of testDatabases()) {
  describe(`the collection register on ${target.name}`, () => {
    let db: Database & { drop: () => Promise<void> };
    const users: Record<"anna" | "bruno" | "manager" | "researcher", { id: string; level: number; roles: string[] }> = {} as never;
    const ctx = (who: keyof typeof users) => ({ database: db, viewer: viewerFor(users[who]), locale: "it" as const });
    const query = (q: Record<string, string> = {}) => RegisterQuerySchema.parse(q);
    const ids = async (q: Record<string, string> = {}) =>
      (await listRegister(ctx("manager"), query(q))).entries.map((e) => `${e.kind}:${e.title}`).sort();
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => "allowed",
        (err) => (isRefusal(err) ? `refused ${err.status}` : `failed: ${(err as Error).message}`),
      );

    beforeAll(async () => {
      db = await target.open();
      const dir = tempDir();
      await importFile(
        { database: db },
        writeNdjson(dir, [
          makeRecord({ id: "vaso", texts: { it: { label: "Vaso" } } }),
          makeRecord({ id: "segreto", access: 2, texts: { it: { label: "Segreto" } } }),
          makeRecord({ id: "piatto", texts: { it: { label: "Piatto" } } }),
        ]),
        { mediaDir: dir, mediaStore: dir },
      );
      for (const [who, role, first] of [
        ["anna", "Ricercatore", "Anna"],
        ["bruno", "Ricercatore avanzato", "Bruno"],
        ["manager", "Manager", "Mara"],
        ["researcher", "Catalogatore avanzato", "Rita"],
      ] as const) {
        const u = await createUser(
          { database: db },
          { email: `${who}@example.org`, roles: [role], firstName: first, lastName: "Test" },
          { userId: null, address: "test" },
        );
        users[who] = { id: u.id, level: u.level, roles: u.roles };
      }
      const a = users.anna.id;
      const b = users.bruno.id;
      await db.rows(sql`insert into collections (id, owner_id, title, public, published_slug, published_at) values
        ('c-pub', ${a}::uuid, 'Pubblicata di Anna', true, 'pubblicata-di-anna', now()),
        ('c-priv', ${a}::uuid, 'Privata di Anna', false, null, null),
        ('c-was', ${a}::uuid, 'Ritirata di Anna', false, 'ritirata-di-anna', now() - interval '2 days'),
        ('c-shared', ${b}::uuid, 'Condivisa di Bruno', false, null, null),
        ('c-link', ${b}::uuid, '=HYPERLINK("http://x")', false, null, null),
        ('c-expired', ${b}::uuid, 'Link scaduto di Bruno', false, null, null)`);
      await db.rows(sql`insert into collection_items (collection_id, record_table, record_id, position) values
        ('c-pub', 'ca_objects', 'vaso', 0), ('c-pub', 'ca_objects', 'segreto', 1), ('c-priv', 'ca_objects', 'piatto', 0),
        ('c-shared', 'ca_objects', 'piatto', 0)`);
      await db.rows(sql`insert into collection_shares (collection_id, email, user_id, role) values
        ('c-shared', 'anna@example.org', ${a}::uuid, 'reader'), ('c-shared', 'nessuno@example.org', null, 'reader')`);
      await db.rows(sql`insert into collection_links (id, collection_id, token_hash, expires_at) values
        ('l-live', 'c-link', 'h1', now() + interval '7 days'), ('l-old', 'c-expired', 'h2', now() - interval '1 day')`);
      const blocks = JSON.stringify([
        { type: "text", html: "<p>x</p>" },
        { type: "record", record: { table: "ca_objects", id: "segreto" } },
        { type: "image", record: { table: "ca_objects", id: "vaso" } },
      ]);
      await db.rows(sql`insert into stories (id, collection_id, owner_id, title, blocks, public, published_slug, published_at) values
        ('s-pub', 'c-priv', ${a}::uuid, 'Storia di Anna', ${blocks}::jsonb, true, 'storia-di-anna', now()),
        ('s-draft', 'c-priv', ${a}::uuid, 'Bozza di Anna', '[]'::jsonb, false, null, null)`);
    });
    afterAll(async () => {
      await db?.drop();
    });

    it("is refused (404) while the option is off, and to a user without MANAGE_USERS when it is on", async () => {
      expect(await refused(listRegister(ctx("manager"), query()))).toBe("refused 404");
      await saveSiteOptions({ database: db }, "it", { registro: true });
      expect(await refused(listRegister(ctx("manager"), query()))).toBe("allowed");
      expect(await refused(listRegister(ctx("researcher"), query()))).toBe("refused 404");
      expect(await refused(listRegister(ctx("anna"), query()))).toBe("refused 404");
      expect(await refused(actOnRegister(ctx("anna"), { intent: "unpublish", kind: "collection", id: "c-pub" }))).toBe("refused 404");
    });

    it("lists what others can reach — published, shared with people, a live link — and never a private collection or story", async () => {
      expect(await ids()).toEqual([
        'collection:=HYPERLINK("http://x")',
        "collection:Condivisa di Bruno",
        "collection:Pubblicata di Anna",
        "story:Storia di Anna",
      ]);
      const page = await listRegister(ctx("manager"), query());
      expect(page.total).toBe(4);
      const by = (title: string) => page.entries.find((e) => e.title === title)!;
      expect(by("Pubblicata di Anna")).toMatchObject({
        publishedSlug: "pubblicata-di-anna",
        items: 2,
        restrictedItems: 1,
        sharedWith: 0,
        links: [],
        owner: { name: "Anna Test", email: "anna@example.org" },
      });
      expect(by("Condivisa di Bruno")).toMatchObject({ publishedSlug: null, sharedWith: 2, items: 1, restrictedItems: 0 });
      expect(by('=HYPERLINK("http://x")').links.map((l) => l.id)).toEqual(["l-live"]);
      // a story counts the records its blocks show, and the restricted ones among them
      expect(by("Storia di Anna")).toMatchObject({ kind: "story", items: 2, restrictedItems: 1, publishedSlug: "storia-di-anna" });
      // an unpublished collection keeps its slug for a later publication, but is not published now
      expect(page.entries.some((e) => e.title === "Ritirata di Anna")).toBe(false);
    });

    it("filters by kind, by why it is visible and by title or owner", async () => {
      expect(await ids({ kind: "story" })).toEqual(["story:Storia di Anna"]);
      expect(await ids({ state: "link" })).toEqual(['collection:=HYPERLINK("http://x")']);
      expect(await ids({ state: "shared" })).toEqual(["collection:Condivisa di Bruno"]);
      expect(await ids({ state: "published", kind: "collection" })).toEqual(["collection:Pubblicata di Anna"]);
      expect(await ids({ q: "bruno@" })).toEqual(['collection:=HYPERLINK("http://x")', "collection:Condivisa di Bruno"]);
      expect(await ids({ q: "storia" })).toEqual(["story:Storia di Anna"]);
      // wildcards typed are text, and a bad filter is the default
      expect(await ids({ q: "%" })).toEqual([]);
      expect(await ids({ kind: "moodboard", state: "x", page: "-3" })).toHaveLength(4);
    });

    it("exports CSV with a formula-like title made text", async () => {
      const entries = (await listRegister(ctx("manager"), query({ state: "link" }))).entries;
      const csv = registerCsv(entries, "https://archivio.example.org", "fr");
      const [head, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
      expect(head).toContain("Adresse publique");
      expect(row).toContain(`"'=HYPERLINK(""http://x"")"`);
      expect(row).toContain("bruno@example.org");
    });

    it("unpublishes and revokes a link, audited; doing it again says it is gone", async () => {
      await actOnRegister(ctx("manager"), { intent: "unpublish", kind: "collection", id: "c-pub" }, { address: "10.0.0.1" });
      await actOnRegister(ctx("manager"), { intent: "unpublish", kind: "story", id: "s-pub" });
      await actOnRegister(ctx("manager"), { intent: "revokeLink", link: "l-live" });
      expect(await ids()).toEqual(["collection:Condivisa di Bruno"]);
      const [pub] = await db.rows<{ public: boolean; published_slug: string }>(
        sql`select public, published_slug from collections where id = 'c-pub'`,
      );
      expect(pub).toEqual({ public: false, published_slug: "pubblicata-di-anna" });
      expect(await refused(actOnRegister(ctx("manager"), { intent: "revokeLink", link: "l-live" }))).toBe("refused 404");
      expect(await refused(actOnRegister(ctx("manager"), { intent: "unpublish", kind: "collection", id: "c-pub" }))).toBe("refused 404");
      // a private collection is not in the register, so it cannot be acted on through it
      expect(await refused(actOnRegister(ctx("manager"), { intent: "unpublish", kind: "collection", id: "c-priv" }))).toBe("refused 404");
      const audit = await db.rows<{ event: string; subject_id: string; address: string }>(
        sql`select event, subject_id, address from audit_log where event like 'register_%' order by id`,
      );
      expect(audit.map((a) => [a.event, a.subject_id])).toEqual([
        ["register_unpublished", users.anna.id],
        ["register_unpublished", users.anna.id],
        ["register_link_revoked", users.bruno.id],
      ]);
      expect(audit[0]!.address).toBe("10.0.0.1");
    });

    it("the menu entry follows the option and MANAGE_USERS (spec §6)", () => {
      const profile = (roles: string[], capabilities: string[]) =>
        ({ id: "x", email: "x@example.org", firstName: "", lastName: "", roles, capabilities, sso: false }) as never;
      expect(accountMenu(profile(["Manager"], ["MANAGE_USERS"]), { registro: true })?.register).toBe(true);
      expect(accountMenu(profile(["Manager"], ["MANAGE_USERS"]), { registro: false })?.register).toBe(false);
      expect(accountMenu(profile(["Catalogatore avanzato"], ["LOGIN_BACKEND"]), { registro: true })?.register).toBe(false);
    });
  });
}
