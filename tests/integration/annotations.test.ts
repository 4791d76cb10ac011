import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db";
import { anonymousViewer, isRefusal, viewerFor, type Viewer } from "../../app/.server/access";
import { capabilities } from "../../app/.server/session";
import { createUser } from "../../app/features/accounts/accounts.server";
import { accountMenu } from "../../app/features/accounts/menu.server";
import { importFile } from "../../app/features/catalogue/import.server";
import { saveSiteOptions } from "../../app/features/site/index.server";
import {
  addAnnotation,
  annotationsOpen,
  deleteAnnotation,
  getAnnotations,
  isAnnotationsRead,
  listAnnotations,
  moderateAnnotation,
  readAllAnnotations,
  readAnnotation,
  recordAnnotations,
  updateAnnotation,
} from "../../app/features/registers/annotations.server";
import {
  AddAnnotationSchema,
  AnnotationsQuerySchema,
  ModerateAnnotationSchema,
  UpdateAnnotationSchema,
} from "../../app/features/registers/annotations";
import { testDatabases } from "../setup/db";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";

/**
 * Annotations with moderation (issue 32 §1, decision 097), through their services on both databases: who sees which
 * note (author, another user, a curator who may or may not see the record, a visitor × state × record access),
 * editing returns a note to pending, the unread dot per curator, moderation audited, bad input refused with nothing
 * changed, the option and the capability.
 */
type Who = "anna" | "bruno" | "curator" | "lowCurator" | "researcher";
for (const target of testDatabases()) {
  describe(`annotations on ${target.name}`, () => {
    let db: Database & { drop: () => Promise<void> };
    const users = {} as Record<Who, { id: string; level: number; roles: string[] }>;
    const media: Record<string, number> = {};
    // A site may configure its capabilities (spec §6): the curator who sees public records only, and the researcher
    // who sees restricted ones without curating, are such a site's users.
    const viewer = (who: Who | "visitor"): Viewer => {
      if (who === "visitor") return anonymousViewer(capabilities());
      const v = viewerFor(users[who], capabilities());
      if (who === "lowCurator") return { ...v, accessLevels: [1] };
      if (who === "researcher") return { ...v, accessLevels: [1, 2] };
      return v;
    };
    const ctx = (who: Who | "visitor", locale: "it" | "en" | "fr" = "it") => ({ database: db, viewer: viewer(who), locale });
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => "allowed",
        (err) => (isRefusal(err) ? `refused ${err.status}` : `failed: ${(err as Error).message}`),
      );
    const add = (who: Who, record: string, body: string, extra: Partial<{ media: number; region: object; named: boolean }> = {}) =>
      addAnnotation(ctx(who), AddAnnotationSchema.parse({ table: "ca_objects", id: record, body, ...extra }));
    const bodies = async (who: Who | "visitor", record: string) =>
      (await recordAnnotations(ctx(who), { table: "ca_objects", id: record })).map((a) => `${a.body}:${a.status}`).sort();
    const count = async () => Number((await db.rows<{ n: number }>(sql`select count(*)::int as n from annotations`))[0]!.n);
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      db = await target.open();
      const dir = tempDir();
      await makeImage(dir, "a.jpg", 800, 600);
      await makeImage(dir, "b.jpg", 600, 800, "#224466");
      await importFile(
        { database: db },
        writeNdjson(dir, [
          makeRecord({
            id: "vaso",
            texts: { it: { label: "Vaso blu" } },
            media: [
              { type: "image", file: "a.jpg" },
              { type: "image", file: "b.jpg", restricted: true },
            ],
          }),
          makeRecord({ id: "segreto", access: 2, texts: { it: { label: "Anfora riservata" } }, media: [{ type: "image", file: "a.jpg" }] }),
          makeRecord({ id: "piatto", texts: { it: { label: "Piatto" } }, media: [{ type: "image", file: "a.jpg" }] }),
        ]),
        { mediaDir: dir, mediaStore: dir },
      );
      for (const m of await db.rows<{ id: number; rid: string; ord: number }>(
        sql`select m.id, r.id as rid, m.ord from media m join records r on r.uid = m.record_uid order by m.id`,
      ))
        media[`${m.rid}${m.ord}`] = Number(m.id);
      for (const [who, role, first] of [
        ["anna", "Ricercatore", "Anna"],
        ["bruno", "Ricercatore", "Bruno"],
        // Manager: MANAGE_ANNOTATIONS and RISERVATO (sees access 2)
        ["curator", "Manager", "Cleo"],
        // a curator who may see public records only (see `viewer` above)
        ["lowCurator", "Manager", "Lino"],
        // a cataloguer who sees restricted records and images, and curates nothing
        ["researcher", "Catalogatore avanzato", "Rita"],
      ] as const) {
        const u = await createUser(
          { database: db },
          { email: `${who.toLowerCase()}@example.org`, roles: [role], firstName: first, lastName: "Test" },
          { userId: null, address: "test" },
        );
        users[who] = { id: u.id, level: u.level, roles: u.roles };
      }
    });
    afterAll(async () => {
      await db?.drop();
    });

    it("is off until the site's option turns it on: nothing listed, nothing added, no moderation", async () => {
      expect(await refused(add("anna", "vaso", "Prima"))).toBe("refused 404");
      expect(await recordAnnotations(ctx("anna"), { table: "ca_objects", id: "vaso" })).toEqual([]);
      expect(await refused(listAnnotations(ctx("curator"), AnnotationsQuerySchema.parse({})))).toBe("refused 404");
      expect(await annotationsOpen(ctx("curator"))).toBe(false);
      expect(await count()).toBe(0);
      await saveSiteOptions({ database: db }, "it", { annotations: true });
      expect(await annotationsOpen(ctx("curator"))).toBe(true);
      expect(await annotationsOpen(ctx("anna"))).toBe(false);
      expect(await annotationsOpen(ctx("researcher"))).toBe(false);
    });

    it("adds notes pending, on a public and a restricted record, with a region on one of the record's images", async () => {
      const a = await add("anna", "vaso", 'Il <b>vaso</b> & "il" coperchio\nseconda riga', {
        media: media.vaso0,
        region: { x: 0.1, y: 0.2, w: 0.3, h: 0.4 },
      });
      expect(a).toMatchObject({ status: "pending", mine: true, region: { x: 0.1, y: 0.2, w: 0.3, h: 0.4 }, reason: null });
      expect(a.media?.id).toBe(media.vaso0);
      // stored as typed: escaping is the page's (React's) job
      expect(a.body).toBe('Il <b>vaso</b> & "il" coperchio\nseconda riga');
      ids.annaPending = a.id;
      ids.annaApproved = (await add("anna", "vaso", "Da approvare", { named: false })).id;
      ids.annaRejected = (await add("anna", "vaso", "Da rifiutare")).id;
      ids.brunoPending = (await add("bruno", "vaso", "Di Bruno")).id;
      // the researcher (RISERVATO) annotates the restricted record
      ids.secretPending = (await add("researcher", "segreto", "Sul riservato")).id;
      ids.secretApproved = (await add("researcher", "segreto", "Riservato approvato")).id;
      expect(await count()).toBe(6);
    });

    it("refuses bad input and foreign records or images, changing nothing", async () => {
      const before = await count();
      const bad = (body: unknown) => AddAnnotationSchema.safeParse(body);
      const base = { table: "ca_objects", id: "vaso" };
      expect(bad({ ...base, body: "" }).error?.issues[0]?.message).toBe("annotations.error.empty");
      expect(bad({ ...base, body: "   \n " }).error?.issues[0]?.message).toBe("annotations.error.empty");
      expect(bad({ ...base, body: "x".repeat(4001) }).error?.issues[0]?.message).toBe("annotations.error.tooLong");
      expect(bad({ ...base, body: "x".repeat(4000) }).success).toBe(true);
      expect(bad({ ...base, body: "ok", media: media.vaso0, region: { x: -0.1, y: 0, w: 0.5, h: 0.5 } }).success).toBe(false);
      expect(bad({ ...base, body: "ok", media: media.vaso0, region: { x: 0.6, y: 0, w: 0.5, h: 0.5 } }).success).toBe(false);
      expect(bad({ ...base, body: "ok", media: media.vaso0, region: { x: 0, y: 0, w: 0, h: 0.5 } }).success).toBe(false);
      expect(bad({ ...base, body: "ok", media: media.vaso0, region: { x: 0, y: 0, w: 1.5, h: 0.5 } }).success).toBe(false);
      // a region needs its image
      expect(bad({ ...base, body: "ok", region: { x: 0, y: 0, w: 0.5, h: 0.5 } }).success).toBe(false);
      // a visitor adds nothing
      expect(await refused(addAnnotation(ctx("visitor"), AddAnnotationSchema.parse({ ...base, body: "x" })))).toBe("refused 404");
      // a record the author may not see, one that does not exist, a table that is not one
      expect(await refused(add("anna", "segreto", "x"))).toBe("refused 404");
      expect(await refused(add("anna", "nessuno", "x"))).toBe("refused 404");
      expect(await refused(addAnnotation(ctx("anna"), AddAnnotationSchema.parse({ table: "users", id: "vaso", body: "x" })))).toBe(
        "refused 404",
      );
      // another record's image, and a restricted image the author may not see
      expect(await refused(add("anna", "vaso", "x", { media: media.piatto0, region: { x: 0, y: 0, w: 0.5, h: 0.5 } }))).toBe("refused 404");
      expect(await refused(add("anna", "vaso", "x", { media: media.vaso1, region: { x: 0, y: 0, w: 0.5, h: 0.5 } }))).toBe("refused 404");
      // another user's note cannot be edited; nor moderated by a non-curator
      expect(
        await refused(updateAnnotation(ctx("bruno"), UpdateAnnotationSchema.parse({ annotation: ids.annaPending, body: "preso" }))),
      ).toBe("refused 404");
      expect(await refused(moderateAnnotation(ctx("bruno"), { annotation: ids.annaPending, decision: "approve" }))).toBe("refused 404");
      expect(await refused(deleteAnnotation(ctx("bruno"), { annotation: ids.annaPending }))).toBe("refused 404");
      // a rejection needs a reason of 1–500 characters
      expect(ModerateAnnotationSchema.safeParse({ annotation: 1, decision: "reject", reason: "  " }).error?.issues[0]?.message).toBe(
        "annotations.error.reason",
      );
      expect(ModerateAnnotationSchema.safeParse({ annotation: 1, decision: "reject", reason: "x".repeat(501) }).success).toBe(false);
      expect(await count()).toBe(before);
      const [anna] = await db.rows<{ body: string; status: string }>(
        sql`select body, status from annotations where id = ${ids.annaPending}`,
      );
      expect(anna).toEqual({ body: 'Il <b>vaso</b> & "il" coperchio\nseconda riga', status: "pending" });
    });

    it("moderates: approve, reject with a reason the author reads; audited; the curator's reading follows", async () => {
      await moderateAnnotation(ctx("curator"), { annotation: ids.annaApproved, decision: "approve" }, { address: "10.0.0.9" });
      const r = await moderateAnnotation(ctx("curator"), { annotation: ids.annaRejected, decision: "reject", reason: "Fuori tema" });
      expect(r).toMatchObject({ status: "rejected", reason: "Fuori tema" });
      await moderateAnnotation(ctx("curator"), { annotation: ids.secretApproved, decision: "approve" });
      // the curator who may not see the restricted record may not moderate its notes
      expect(await refused(moderateAnnotation(ctx("lowCurator"), { annotation: ids.secretPending, decision: "approve" }))).toBe(
        "refused 404",
      );
      const audit = await db.rows<{ event: string; subject_id: string; actor_id: string; address: string; detail: unknown }>(
        sql`select event, subject_id, actor_id, address, detail from audit_log where event like 'annotation_%' order by id`,
      );
      expect(audit.map((a) => [a.event, a.subject_id, a.actor_id])).toEqual([
        ["annotation_approved", users.anna.id, users.curator.id],
        ["annotation_rejected", users.anna.id, users.curator.id],
        ["annotation_approved", users.researcher.id, users.curator.id],
      ]);
      expect(audit[0]!.address).toBe("10.0.0.9");
      const detail = typeof audit[1]!.detail === "string" ? JSON.parse(audit[1]!.detail) : audit[1]!.detail;
      expect(detail).toMatchObject({ annotation: ids.annaRejected, reason: "Fuori tema" });
    });

    it("shows each viewer what decision 097 says: author × other × curators × visitor, by state and record access", async () => {
      // public record: the author sees their own in every state and the approved; another user and the visitor the approved only
      expect(await bodies("anna", "vaso")).toEqual([
        "Da approvare:approved",
        "Da rifiutare:rejected",
        'Il <b>vaso</b> & "il" coperchio\nseconda riga:pending',
      ]);
      expect(await bodies("bruno", "vaso")).toEqual(["Da approvare:approved", "Di Bruno:pending"]);
      expect(await bodies("visitor", "vaso")).toEqual(["Da approvare:approved"]);
      expect(await bodies("researcher", "vaso")).toEqual(["Da approvare:approved"]);
      // curators see every note of a record they may see
      expect(await bodies("curator", "vaso")).toHaveLength(4);
      expect(await bodies("lowCurator", "vaso")).toHaveLength(4);
      // restricted record: nobody who may not see it sees its notes, approved or not, curator or not
      expect(await bodies("visitor", "segreto")).toEqual([]);
      expect(await bodies("anna", "segreto")).toEqual([]);
      expect(await bodies("lowCurator", "segreto")).toEqual([]);
      expect(await bodies("curator", "segreto")).toEqual(["Riservato approvato:approved", "Sul riservato:pending"]);
      expect(await bodies("researcher", "segreto")).toEqual(["Riservato approvato:approved", "Sul riservato:pending"]);
      // and the moderation list follows the same rule
      const low = await listAnnotations(ctx("lowCurator"), AnnotationsQuerySchema.parse({}));
      expect(low.entries.map((e) => e.record.id)).not.toContain("segreto");
      expect(low.total).toBe(4);
      expect((await listAnnotations(ctx("curator"), AnnotationsQuerySchema.parse({}))).total).toBe(6);
    });

    it("attributes approved notes as their authors chose, hides the reason and regions of images the reader may not see", async () => {
      const seen = await recordAnnotations(ctx("visitor"), { table: "ca_objects", id: "vaso" });
      expect(seen[0]).toMatchObject({ body: "Da approvare", named: false, author: null, mine: false, reason: null });
      await updateAnnotation(
        ctx("anna"),
        UpdateAnnotationSchema.parse({ annotation: ids.annaApproved, body: "Da approvare", named: true }),
      );
      await moderateAnnotation(ctx("curator"), { annotation: ids.annaApproved, decision: "approve" });
      const named = await recordAnnotations(ctx("visitor"), { table: "ca_objects", id: "vaso" });
      expect(named[0]!.author).toEqual({ name: "Anna Test", email: null });
      // a note whose region is on a restricted image: the region is not shown to who may not see that image
      const b = await add("researcher", "vaso", "Sul retro", { media: media.vaso1, region: { x: 0.5, y: 0.5, w: 0.5, h: 0.5 } });
      await moderateAnnotation(ctx("curator"), { annotation: b.id, decision: "approve" });
      const forVisitor = (await recordAnnotations(ctx("visitor"), { table: "ca_objects", id: "vaso" })).find((a) => a.id === b.id)!;
      expect(forVisitor).toMatchObject({ media: null, region: null });
      const forCurator = (await recordAnnotations(ctx("curator"), { table: "ca_objects", id: "vaso" })).find((a) => a.id === b.id)!;
      expect(forCurator.region).toEqual({ x: 0.5, y: 0.5, w: 0.5, h: 0.5 });
      await deleteAnnotation(ctx("curator"), { annotation: b.id });
    });

    it("editing an approved note returns it to pending, and makes it unread again", async () => {
      await readAllAnnotations(ctx("curator"));
      expect(await isAnnotationsRead(ctx("curator"))).toBe(true);
      const edited = await updateAnnotation(
        ctx("anna"),
        UpdateAnnotationSchema.parse({ annotation: ids.annaApproved, body: "Da approvare, corretta", named: true }),
      );
      expect(edited).toMatchObject({ status: "pending", reason: null, body: "Da approvare, corretta" });
      expect(await bodies("visitor", "vaso")).toEqual([]);
      expect(await isAnnotationsRead(ctx("curator"))).toBe(false);
      // a rejected note, edited, is pending again without its reason
      const again = await updateAnnotation(ctx("anna"), UpdateAnnotationSchema.parse({ annotation: ids.annaRejected, body: "Ripensata" }));
      expect(again).toMatchObject({ status: "pending", reason: null });
    });

    it("keeps the dot per curator: reading one note is theirs, not another curator's; the author's own never counts", async () => {
      await readAllAnnotations(ctx("curator"));
      await readAllAnnotations(ctx("lowCurator"));
      expect(await isAnnotationsRead(ctx("curator"))).toBe(true);
      expect(await isAnnotationsRead(ctx("lowCurator"))).toBe(true);
      const n = await add("bruno", "piatto", "Nuova");
      expect(await isAnnotationsRead(ctx("curator"))).toBe(false);
      expect(await isAnnotationsRead(ctx("lowCurator"))).toBe(false);
      // the unread filter lists it for both
      const unread = await listAnnotations(ctx("curator"), AnnotationsQuerySchema.parse({ unread: "1" }));
      expect(unread.entries.map((e) => e.id)).toEqual([n.id]);
      expect(unread.unread).toBe(1);
      await readAnnotation(ctx("curator"), { annotation: n.id });
      expect(await isAnnotationsRead(ctx("curator"))).toBe(true);
      expect(await isAnnotationsRead(ctx("lowCurator"))).toBe(false);
      // a note on the restricted record does not light the dot of a curator who may not see it
      await readAllAnnotations(ctx("lowCurator"));
      await add("researcher", "segreto", "Ancora riservato");
      expect(await isAnnotationsRead(ctx("lowCurator"))).toBe(true);
      expect(await isAnnotationsRead(ctx("curator"))).toBe(false);
      // a curator's own note is read by them
      await readAllAnnotations(ctx("curator"));
      await add("curator", "piatto", "Del curatore");
      expect(await isAnnotationsRead(ctx("curator"))).toBe(true);
      expect(await isAnnotationsRead(ctx("lowCurator"))).toBe(false);
      // non-curators have nothing to read
      expect(await isAnnotationsRead(ctx("anna"))).toBe(true);
      expect(await isAnnotationsRead(ctx("visitor"))).toBe(true);
    });

    it("lists for curators newest first, names the record by title, type and inventory, and filters by status, record and author", async () => {
      const q = (p: Record<string, string>) => listAnnotations(ctx("curator"), AnnotationsQuerySchema.parse(p));
      const all = await q({});
      const times = all.entries.map((e) => e.updatedAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(all.entries.every((e) => e.record.title && !e.record.title.includes("ca_objects"))).toBe(true);
      expect(all.entries.find((e) => e.record.id === "vaso")?.record).toMatchObject({
        title: "Vaso blu",
        link: expect.stringContaining("/oggetti/vaso"),
      });
      expect((await q({ status: "rejected" })).entries.map((e) => e.body)).toEqual([]);
      expect((await q({ status: "approved" })).entries.map((e) => e.body)).toEqual(["Riservato approvato"]);
      expect((await q({ record: "anfora" })).entries.every((e) => e.record.id === "segreto")).toBe(true);
      expect((await q({ author: "bruno@" })).entries.map((e) => e.body).sort()).toEqual(["Di Bruno", "Nuova"]);
      expect((await q({ author: "%" })).total).toBe(0);
      // bad filters are the defaults
      expect((await q({ status: "x", page: "-1", unread: "maybe" })).total).toBe(all.total);
      // the author's own notes through getAnnotations without a record
      expect((await getAnnotations(ctx("bruno"), {})).map((a) => a.body).sort()).toEqual(["Di Bruno", "Nuova"]);
    });

    it("deletes: the author their own, a curator any they may see (audited); others nothing", async () => {
      expect(await refused(deleteAnnotation(ctx("lowCurator"), { annotation: ids.secretPending }))).toBe("refused 404");
      await deleteAnnotation(ctx("anna"), { annotation: ids.annaPending });
      await deleteAnnotation(ctx("curator"), { annotation: ids.brunoPending }, { address: "10.0.0.2" });
      const gone = await db.rows(sql`select id from annotations where id in (${ids.annaPending}, ${ids.brunoPending})`);
      expect(gone).toEqual([]);
      const audit = await db.rows<{ event: string; subject_id: string }>(
        sql`select event, subject_id from audit_log where event = 'annotation_deleted' order by id`,
      );
      // the curator's deletions are audited (the author deleting their own note is not an administrative act)
      expect(audit.map((a) => a.subject_id)).toEqual([users.researcher.id, users.bruno.id]);
      expect(await refused(deleteAnnotation(ctx("anna"), { annotation: ids.annaPending }))).toBe("refused 404");
    });

    it("the menu entry follows the option and MANAGE_ANNOTATIONS, with the unread dot (spec §6)", () => {
      const profile = (capabilities: string[]) =>
        ({ id: "x", email: "x@example.org", firstName: "", lastName: "", roles: [], capabilities, sso: false }) as never;
      expect(accountMenu(profile(["MANAGE_ANNOTATIONS"]), { annotations: { read: false } })?.annotations).toEqual({ unread: true });
      expect(accountMenu(profile(["MANAGE_ANNOTATIONS"]), { annotations: { read: true } })?.annotations).toEqual({ unread: false });
      // off (or not computed: the viewer lacks the capability), no entry
      expect(accountMenu(profile(["MANAGE_ANNOTATIONS"]), { annotations: null })?.annotations).toBeNull();
      expect(accountMenu(profile(["LOGIN_BACKEND"]), { annotations: { read: false } })?.annotations).toBeNull();
    });
  });
}
