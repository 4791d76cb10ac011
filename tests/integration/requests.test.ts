import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db";
import { anonymousViewer, isRefusal, viewerFor } from "../../app/.server/access";
import { createUser } from "../../app/features/accounts/accounts.server";
import { accountMenu } from "../../app/features/accounts/menu.server";
import { importFile } from "../../app/features/catalogue/import.server";
import { saveSiteOptions } from "../../app/features/site/index.server";
import {
  allRequests,
  createRequest,
  decideRequest,
  listRequests,
  myRequests,
  requestByToken,
  requestFile,
  requestForm,
  requestsOpen,
  requestsRegisterOpen,
} from "../../app/features/registers/requests.server";
import { requestsCsv } from "../../app/features/registers/requests-csv.server";
import { DecisionSchema, NewRequestSchema, RequestsQuerySchema, type NewRequest } from "../../app/features/registers/requests";
import { testDatabases } from "../setup/db";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";

/**
 * Reproduction requests and the Registro Richieste (issue 32 §3, decision 099), through their services on both
 * databases: off (the option empty) they are everyone's 404; a signed-in user asks for an image they can see; the
 * office and the requester are mailed (the outbox, the requester's language); managers (MANAGE_USERS) approve or
 * refuse, once; the link serves its requester only, until its date — with the clock moved past it, expired.
 */
for (const target of testDatabases()) {
  describe(`reproduction requests on ${target.name}`, () => {
    let db: Database & { drop: () => Promise<void> };
    const users: Record<"anna" | "bruno" | "manager" | "cataloguer", { id: string; level: number; roles: string[] }> = {} as never;
    const ctx = (who: keyof typeof users, locale: "it" | "en" | "fr" = "it") => ({ database: db, viewer: viewerFor(users[who]), locale });
    const visitor = () => ({ database: db, viewer: anonymousViewer(), locale: "it" as const });
    let store = "";
    const media: Record<"vaso" | "vaso2" | "segreto" | "velato", number> = {} as never;
    const mail = { origin: "https://archivio.example.org" };
    const ask = (over: Partial<NewRequest> = {}): NewRequest => ({
      media: media.vaso,
      purpose: "publication",
      resolution: "high",
      format: "tiff",
      notes: "",
      terms: "on",
      ...over,
    });
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => "allowed",
        (err) => (isRefusal(err) ? `refused ${err.status}` : `failed: ${(err as Error).message}`),
      );
    const saved = { DATA_DIR: process.env.DATA_DIR, SMTP_URL: process.env.SMTP_URL };
    const dataDir = tempDir("teca-requests-mail-");
    const outbox = () => {
      const dir = path.join(dataDir, "outbox");
      return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    };
    /** The messages written since `from` (the outbox's files in order), their quoted-printable decoded. */
    const mailsSince = (from: number) =>
      outbox()
        .slice(from)
        .map((f) => {
          const raw = fs.readFileSync(path.join(dataDir, "outbox", f), "utf8").replace(/=\r?\n/g, "");
          const bytes = raw.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
          return Buffer.from(bytes, "latin1").toString("utf8");
        });

    beforeAll(async () => {
      process.env.DATA_DIR = dataDir;
      delete process.env.SMTP_URL;
      db = await target.open();
      const dir = tempDir();
      store = dir;
      await makeImage(dir, "a.jpg");
      await importFile(
        { database: db },
        writeNdjson(dir, [
          makeRecord({
            id: "vaso",
            texts: { it: { label: "Vaso" } },
            media: [
              { type: "image", file: "a.jpg" },
              { type: "image", file: "a.jpg", restricted: true },
            ],
          }),
          makeRecord({ id: "segreto", access: 2, texts: { it: { label: "Segreto" } }, media: [{ type: "image", file: "a.jpg" }] }),
        ]),
        { mediaDir: dir, mediaStore: dir },
      );
      const rows = await db.rows<{ id: number; rid: string; restricted: boolean }>(
        sql`select m.id, r.id as rid, m.restricted from media m join records r on r.uid = m.record_uid order by m.id`,
      );
      media.vaso = Number(rows.find((r) => r.rid === "vaso" && !r.restricted)!.id);
      media.velato = Number(rows.find((r) => r.rid === "vaso" && r.restricted)!.id);
      media.segreto = Number(rows.find((r) => r.rid === "segreto")!.id);
      for (const [who, role, first] of [
        ["anna", "Ricercatore", "Anna"],
        ["bruno", "Ricercatore avanzato", "Bruno"],
        ["manager", "Manager", "Mara"],
        ["cataloguer", "Catalogatore avanzato", "Carla"],
      ] as const) {
        const u = await createUser(
          { database: db },
          { email: `${who}@example.org`, roles: [role], firstName: first, lastName: "Test" },
          { userId: null, address: "test" },
        );
        users[who] = { id: u.id, level: u.level, roles: u.roles };
      }
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    afterAll(async () => {
      await db?.drop();
      process.env.DATA_DIR = saved.DATA_DIR;
      if (saved.SMTP_URL) process.env.SMTP_URL = saved.SMTP_URL;
    });

    it("is off (404 for everyone, entries absent) while richiediimmagine_email is empty", async () => {
      expect(await refused(requestForm(ctx("anna"), media.vaso))).toBe("refused 404");
      expect(await refused(createRequest(ctx("anna"), ask(), mail))).toBe("refused 404");
      expect(await refused(listRequests(ctx("manager"), RequestsQuerySchema.parse({})))).toBe("refused 404");
      expect(await refused(myRequests(ctx("anna")))).toBe("refused 404");
      expect(await requestsOpen(ctx("anna"))).toBe(false);
      expect(await requestsRegisterOpen(ctx("manager"))).toBe(false);
      expect(outbox()).toEqual([]);
    });

    it("asks for a visible image only, signed in only, and mails the office and the requester in their language", async () => {
      await saveSiteOptions({ database: db }, "it", {
        richiediimmagine_email: "riproduzioni@example.org",
        richiediimmagine_terms: "condizioni",
      });
      expect(await requestsOpen(ctx("anna"))).toBe(true);
      expect(await requestsOpen(visitor())).toBe(false);
      expect(await refused(requestForm(visitor(), media.vaso))).toBe("refused 404");
      // a restricted record's image, a restricted image: not found for a researcher
      expect(await refused(requestForm(ctx("anna"), media.segreto))).toBe("refused 404");
      expect(await refused(requestForm(ctx("anna"), media.velato))).toBe("refused 404");
      expect(await refused(createRequest(ctx("anna"), ask({ media: media.segreto }), mail))).toBe("refused 404");
      expect(await refused(requestForm(ctx("anna"), 999_999))).toBe("refused 404");
      const form = await requestForm(ctx("anna"), media.vaso);
      expect(form).toMatchObject({ record: { table: "ca_objects", id: "vaso", title: "Vaso" }, terms: "condizioni" });
      expect(form.images.map((i) => i.id)).toEqual([media.vaso]);

      const before = outbox().length;
      const entry = await createRequest(ctx("anna", "fr"), ask({ notes: "Pour le catalogue de l'exposition" }), { ...mail, ui: "fr" });
      expect(entry).toMatchObject({ status: "pending", purpose: "publication", resolution: "high", format: "tiff", locale: "fr" });
      const [office, requester] = mailsSince(before);
      expect(office).toContain("To: riproduzioni@example.org");
      expect(office).toContain("Anna Test ha chiesto una riproduzione");
      expect(office).toContain("https://archivio.example.org/requests");
      expect(office).toContain("Content-Type: text/html");
      expect(requester).toContain("To: anna@example.org");
      expect(requester).toContain("nous avons reçu votre demande de reproduction");
      expect(requester).toContain("Usage: Publication");
      expect(requester).toContain("https://archivio.example.org/fr/account/requests");
      const [audit] = await db.rows<{ event: string; actor_id: string }>(
        sql`select event, actor_id from audit_log where event = 'request_created' order by id desc limit 1`,
      );
      expect(audit).toEqual({ event: "request_created", actor_id: users.anna.id });
    });

    it("refuses bad input on the form and on the decision, changing nothing", () => {
      const bad = (body: Record<string, unknown>) => NewRequestSchema.safeParse(body).error?.issues.map((i) => i.message) ?? [];
      const good = { media: "1", purpose: "study", resolution: "low", format: "jpeg", notes: "", terms: "on" };
      expect(bad(good)).toEqual([]);
      expect(bad({ ...good, terms: undefined })).toEqual(["requests.error.terms"]);
      expect(bad({ ...good, purpose: "resale" })).toEqual(["requests.error.purpose"]);
      expect(bad({ ...good, resolution: "huge", format: "gif" })).toEqual(["requests.error.resolution", "requests.error.format"]);
      expect(bad({ ...good, notes: "x".repeat(2001) })).toEqual(["requests.error.notes"]);
      expect(bad({ ...good, media: "abc" })).toEqual(["requests.error.media"]);
      const decision = (body: Record<string, unknown>) => DecisionSchema.safeParse(body).error?.issues.map((i) => i.message) ?? [];
      const id = "00000000-0000-4000-8000-000000000000";
      expect(decision({ intent: "approve", id, watermarked: "yes", days: "7" })).toEqual([]);
      expect(DecisionSchema.parse({ intent: "approve", id, watermarked: "no" })).toMatchObject({ days: 7, watermarked: false });
      expect(decision({ intent: "approve", id, watermarked: "yes", days: "0" })).toEqual(["requests.error.days"]);
      expect(decision({ intent: "approve", id, watermarked: "yes", days: "91" })).toEqual(["requests.error.days"]);
      expect(decision({ intent: "approve", id, watermarked: "maybe", days: "7" })).toEqual(["requests.error.watermark"]);
      expect(decision({ intent: "refuse", id, reason: "   " })).toEqual(["requests.error.reason"]);
      expect(decision({ intent: "refuse", id, reason: "x".repeat(2001) })).toEqual(["requests.error.reasonLong"]);
    });

    it("only managers decide, once; the requester is mailed the decision in their language", async () => {
      const [pending] = await myRequests(ctx("anna"));
      const approve = { intent: "approve" as const, id: pending!.id, watermarked: true, days: 7 };
      expect(await refused(decideRequest(ctx("anna"), approve, mail))).toBe("refused 404");
      expect(await refused(decideRequest(ctx("cataloguer"), approve, mail))).toBe("refused 404");
      expect(await refused(listRequests(ctx("cataloguer"), RequestsQuerySchema.parse({})))).toBe("refused 404");
      expect(await refused(decideRequest(visitor(), approve, mail))).toBe("refused 404");
      const before = outbox().length;
      const { entry, token } = await decideRequest(ctx("manager"), approve, { ...mail, address: "10.0.0.9" });
      expect(entry).toMatchObject({ status: "approved", watermarked: true });
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(new Date(entry.expiresAt!).getTime() - new Date(entry.decidedAt!).getTime()).toBe(7 * 86_400_000);
      // only the SHA-256 of the token is kept
      const [stored] = await db.rows<{ token_hash: string }>(
        sql`select token_hash from reproduction_requests where id = ${entry.id}::uuid`,
      );
      expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.token_hash).not.toContain(token!);
      const [decided] = mailsSince(before);
      expect(decided).toContain("To: anna@example.org");
      expect(decided).toContain("votre demande de reproduction a été approuvée");
      expect(decided).toContain(`https://archivio.example.org/fr/richieste/scarica/${token}`);
      // a second decision (another manager first, a second press) finds nothing pending
      expect(await refused(decideRequest(ctx("manager"), { intent: "refuse", id: entry.id, reason: "tardi" }, mail))).toBe("refused 404");
      expect(outbox().length).toBe(before + 1);

      // a refusal carries its reason, in the requester's language (Italian here)
      const other = await createRequest(ctx("bruno"), ask({ purpose: "commercial", resolution: "low", format: "jpeg" }), {
        ...mail,
        ui: "it",
      });
      const mid = outbox().length;
      const no = await decideRequest(ctx("manager"), { intent: "refuse", id: other.id, reason: "Diritti di terzi sull'immagine" }, mail);
      expect(no.entry).toMatchObject({ status: "not_approved", reason: "Diritti di terzi sull'immagine" });
      expect(no.token).toBeUndefined();
      const [refusal] = mailsSince(mid);
      expect(refusal).toContain("To: bruno@example.org");
      expect(refusal).toContain("la tua richiesta di riproduzione non è stata approvata");
      expect(refusal).toContain("Motivo: Diritti di terzi sull'immagine");
      const audit = await db.rows<{ event: string; actor_id: string; subject_id: string; address: string }>(
        sql`select event, actor_id, subject_id, address from audit_log where event in ('request_approved', 'request_refused') order by id`,
      );
      expect(audit.map((a) => [a.event, a.actor_id, a.subject_id])).toEqual([
        ["request_approved", users.manager.id, users.anna.id],
        ["request_refused", users.manager.id, users.bruno.id],
      ]);
      expect(audit[0]!.address).toBe("10.0.0.9");
    });

    it("the link serves its requester only, until its date; with the clock moved past it, expired (410)", async () => {
      const fresh = await createRequest(ctx("anna"), ask({ purpose: "study" }), mail);
      const { token } = await decideRequest(ctx("manager"), { intent: "approve", id: fresh.id, watermarked: false, days: 2 }, mail);
      const ticket = await requestByToken(ctx("anna"), token!);
      expect(ticket).toMatchObject({ expired: false, entry: { id: fresh.id, status: "approved", watermarked: false } });
      expect(await refused(requestByToken(ctx("bruno"), token!))).toBe("refused 404");
      expect(await refused(requestByToken(ctx("manager"), token!))).toBe("refused 404");
      expect(await refused(requestByToken(visitor(), token!))).toBe("refused 404");
      expect(await refused(requestByToken(ctx("anna"), `${token!.slice(0, -2)}xx`))).toBe("refused 404");
      expect(await refused(requestByToken(ctx("anna"), "short"))).toBe("refused 404");

      // the file: the original (high, clean) converted to the TIFF asked for, logged as the requester's download
      const file = await requestFile({ ...ctx("anna"), mediaDir: store }, token!, { address: "10.0.0.7" });
      expect(file?.status).toBe(200);
      expect(file?.headers.get("Content-Type")).toBe("image/tiff");
      expect(file?.headers.get("Content-Disposition")).toMatch(/attachment;.*\.tif/);
      const bytes = Buffer.from(await file!.arrayBuffer());
      expect(bytes.subarray(0, 4).toString("latin1")).toMatch(/^(II\*\0|MM\0\*)$/);
      const [logged] = await db.rows<{ user_id: string; size: string; watermarked: boolean }>(
        sql`select user_id, size, watermarked from downloads order by id desc limit 1`,
      );
      expect(logged).toMatchObject({ user_id: users.anna.id, size: "high", watermarked: false });
      expect(await refused(requestFile({ ...ctx("bruno"), mediaDir: store }, token!))).toBe("refused 404");

      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 2 * 86_400_000 + 60_000);
      const late = await requestByToken(ctx("anna"), token!);
      expect(late).toMatchObject({ expired: true, entry: { status: "expired" } });
      expect(await requestFile({ ...ctx("anna"), mediaDir: store }, token!)).toBeNull();
      // the register and the requester's list say so too (one rule, computed)
      expect((await myRequests(ctx("anna"))).find((e) => e.id === fresh.id)?.status).toBe("expired");
      const expired = await listRequests(ctx("manager"), RequestsQuerySchema.parse({ status: "expired" }));
      expect(expired.entries.map((e) => e.id)).toContain(fresh.id);
      vi.useRealTimers();
      expect((await requestByToken(ctx("anna"), token!)).expired).toBe(false);
    });

    it("the register filters by status, purpose, date and requester, pending first", async () => {
      const ids = async (q: Record<string, string>) =>
        (await listRequests(ctx("manager"), RequestsQuerySchema.parse(q))).entries.map(
          (e) => `${e.requester.email}:${e.purpose}:${e.status}`,
        );
      const all = await listRequests(ctx("manager"), RequestsQuerySchema.parse({}));
      expect(all.total).toBe(3);
      expect(await ids({ status: "pending" })).toEqual([]);
      await createRequest(ctx("bruno"), ask({ purpose: "exhibition" }), mail);
      expect((await listRequests(ctx("manager"), RequestsQuerySchema.parse({}))).entries[0]).toMatchObject({ status: "pending" });
      expect(await ids({ status: "pending" })).toEqual(["bruno@example.org:exhibition:pending"]);
      expect(await ids({ status: "not_approved" })).toEqual(["bruno@example.org:commercial:not_approved"]);
      expect((await ids({ status: "approved" })).sort()).toEqual([
        "anna@example.org:publication:approved",
        "anna@example.org:study:approved",
      ]);
      expect(await ids({ purpose: "commercial" })).toEqual(["bruno@example.org:commercial:not_approved"]);
      expect((await ids({ q: "Anna" })).length).toBe(2);
      expect((await ids({ q: "bruno@" })).length).toBe(2);
      expect(await ids({ q: "%" })).toEqual([]);
      const today = new Date().toISOString().slice(0, 10);
      expect((await ids({ from: today, to: today })).length).toBe(4);
      expect(await ids({ to: "2001-01-01" })).toEqual([]);
      // a bad filter is the default
      expect((await ids({ status: "lost", purpose: "x", from: "yesterday", page: "-1" })).length).toBe(4);
    });

    it("exports CSV with formula-like cells made text, labelled in the interface's language", async () => {
      await createRequest(ctx("bruno"), ask({ notes: '=HYPERLINK("http://evil.example","x")' }), mail);
      const entries = await allRequests(ctx("manager"), RequestsQuerySchema.parse({ q: "bruno" }));
      const csv = requestsCsv(entries, "https://archivio.example.org", "fr");
      const [head, ...rows] = csv.replace(/^\uFEFF/, "").split("\r\n");
      expect(head).toContain("Date de la demande");
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(rows.join("\n")).toContain("Non approuvée");
      expect(rows.join("\n")).toContain("https://archivio.example.org/fr/oggetti/vaso");
    });

    it("the menu entries follow the option and MANAGE_USERS (spec §6)", () => {
      const profile = (roles: string[], capabilities: string[]) =>
        ({ id: "x", email: "x@example.org", firstName: "", lastName: "", roles, capabilities, sso: false }) as never;
      const on = { richiediimmagine_email: "riproduzioni@example.org" };
      const manager = profile(["Manager"], ["MANAGE_USERS"]);
      const researcher = profile(["Ricercatore"], ["PRIVATE"]);
      expect(accountMenu(manager, on)).toMatchObject({ requests: true, myRequests: true });
      expect(accountMenu(manager, { richiediimmagine_email: "" })).toMatchObject({ requests: false, myRequests: false });
      expect(accountMenu(manager, {})).toMatchObject({ requests: false, myRequests: false });
      expect(accountMenu(researcher, on)).toMatchObject({ requests: false, myRequests: true });
      expect(accountMenu(null, on)).toBeNull();
    });
  });
}
