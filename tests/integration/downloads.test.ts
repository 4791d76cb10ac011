import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db";
import { anonymousViewer, isRefusal, viewerFor, type Viewer } from "../../app/.server/access";
import { createUser } from "../../app/features/accounts/accounts.server";
import { importFile } from "../../app/features/catalogue/import.server";
import { saveSiteOptions } from "../../app/features/site/index.server";
import { ROLE_NAMES, type RoleName } from "../../app/features/accounts/roles";
import { parseCapabilities } from "../../app/lib/capabilities";
import {
  contentDisposition,
  downloadForViewer,
  downloadOptions,
  downloadResponse,
  listOwnDownloads,
} from "../../app/features/registers/downloads.server";
import { storeWatermarkImage, watermarkCacheDir } from "../../app/features/registers/watermark.server";
import type { DownloadSize } from "../../app/features/registers/downloads";
import { testDatabases } from "../setup/db";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";

/**
 * Image downloads by capability (issue 32 §2, decision 098), through the services on both databases: the size
 * matrix of role × size (clean, watermarked or nothing) with the default capabilities and with a site's own
 * list, guessed ids (restricted record, restricted, pending or non-image media, unknown ids), the watermark in
 * the pixels, its cache and its invalidation by a settings change, the log, and the file's name.
 */

/** Decision 098's table for the default capabilities: what each role gets of each size. */
const EXPECTED: Record<RoleName, Record<DownloadSize, "clean" | "watermarked" | 404>> = {
  Ricercatore: { low: "watermarked", high: 404 },
  "Ricercatore avanzato": { low: "clean", high: 404 },
  Catalogatore: { low: "clean", high: "watermarked" },
  "Catalogatore avanzato": { low: "clean", high: "clean" },
  Manager: { low: "clean", high: "clean" },
  Amministratore: { low: "clean", high: "clean" },
};

for (const target of testDatabases()) {
  describe(`image downloads on ${target.name}`, () => {
    let db: Database & { drop: () => Promise<void> };
    const dir = tempDir();
    const store = path.join(dir, "store");
    const dataDir = path.join(dir, "data");
    const users = {} as Record<RoleName, Viewer>;
    const media = {} as Record<"plain" | "restricted" | "secret" | "pending" | "doc" | "quoted", number>;
    const ctx = (viewer: Viewer) => ({ database: db, viewer, locale: "it" as const, mediaDir: store });
    const visitor = anonymousViewer();
    const outcome = (p: Promise<Response>) =>
      p.then(
        (res) => (res.headers.get("content-disposition")?.includes(".jpg") && res.headers.get("x-teca-cache") ? "generated" : "file"),
        (err) => (isRefusal(err) ? err.status : `failed: ${(err as Error).message}`),
      );
    const pixels = async (res: Response) =>
      sharp(Buffer.from(await res.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });

    beforeAll(async () => {
      process.env.DATA_DIR = dataDir;
      db = await target.open();
      await makeImage(dir, "vaso.jpg", 2400, 1600, "#3a6ea5");
      await makeImage(dir, "retro.jpg", 1200, 900, "#555555");
      await makeImage(dir, "segreto.jpg", 800, 600, "#225588");
      await makeImage(dir, "nuovo.jpg", 800, 600, "#882255");
      fs.writeFileSync(path.join(dir, "scheda.pdf"), "%PDF-1.4\n%%EOF\n");
      await importFile(
        { database: db },
        writeNdjson(dir, [
          makeRecord({
            id: "vaso",
            texts: { it: { label: "Vaso" } },
            numero: { prefix: "INV", number: "12" },
            source: { license: "CC BY 4.0" },
            media: [
              { type: "image", file: "vaso.jpg" },
              { type: "image", file: "retro.jpg", restricted: true },
              { type: "image", file: "nuovo.jpg" },
              { type: "application", file: "scheda.pdf" },
            ],
          }),
          makeRecord({ id: "segreto", access: 2, texts: { it: { label: "Segreto" } }, media: [{ type: "image", file: "segreto.jpg" }] }),
          makeRecord({
            id: "citato",
            texts: { it: { label: 'Il "vaso" di Ñandú — 東京' } },
            media: [{ type: "image", file: "segreto.jpg" }],
          }),
        ]),
        { mediaDir: dir, mediaStore: store },
      );
      const rows = await db.rows<{ id: number; record: string; file: string; media_type: string; restricted: boolean }>(sql`
        select m.id, r.id as record, m.original as file, m.media_type, m.restricted from media m join records r on r.uid = m.record_uid
        order by r.id, m.ord`);
      const vaso = rows.filter((r) => r.record === "vaso");
      media.plain = Number(vaso[0]!.id);
      media.restricted = Number(vaso.find((r) => r.restricted)!.id);
      media.pending = Number(vaso[2]!.id);
      media.doc = Number(vaso.find((r) => r.media_type === "application")!.id);
      media.secret = Number(rows.find((r) => r.record === "segreto")!.id);
      media.quoted = Number(rows.find((r) => r.record === "citato")!.id);
      // a file attached from the drop box and not yet confirmed (decision 092)
      await db.rows(sql`update media set pending = true where id = ${media.pending}`);
      for (const role of ROLE_NAMES) {
        const u = await createUser(
          { database: db },
          { email: `${role.replace(/\s/g, "-").toLowerCase()}@example.org`, roles: [role] },
          { userId: null, address: "test" },
        );
        users[role] = viewerFor({ id: u.id, level: u.level, roles: u.roles });
      }
    });
    afterAll(async () => {
      await db?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("gives each role the sizes decision 098 says, clean or watermarked, and visitors nothing", async () => {
      const seen: Record<string, Record<string, unknown>> = {};
      for (const role of ROLE_NAMES) {
        seen[role] = {};
        for (const size of ["low", "high"] as const) {
          const res = await downloadForViewer(ctx(users[role]), { mediaId: media.plain, size }).then(
            (r) => r,
            (err) => err,
          );
          if (isRefusal(res)) {
            seen[role][size] = res.status;
            continue;
          }
          const r = res as Response;
          expect(r.status).toBe(200);
          // a watermarked file is always a generated JPEG; a clean high one is the original as stored
          const log = await db.rows<{ watermarked: boolean }>(sql`
            select watermarked from downloads where user_id = ${users[role].userId}::uuid and size = ${size} order by id desc limit 1`);
          seen[role][size] = log[0]!.watermarked ? "watermarked" : "clean";
          const { info } = await pixels(r);
          expect([info.width, info.height], `${role} ${size}`).toEqual(size === "low" ? [1600, 1066] : [2400, 1600]);
        }
      }
      expect(seen).toEqual(EXPECTED);
      for (const size of ["low", "high"] as const)
        expect(await outcome(downloadForViewer(ctx(visitor), { mediaId: media.plain, size }))).toBe(404);
    });

    it("answers 404 to guessed ids: a restricted record, restricted, pending or non-image media, unknown ids", async () => {
      const researcher = users.Ricercatore;
      const cataloguer = users["Catalogatore avanzato"];
      const manager = users.Manager;
      // restricted media: only viewers with more than one access level see it (spec §6)
      expect(await outcome(downloadForViewer(ctx(researcher), { mediaId: media.restricted, size: "low" }))).toBe(404);
      expect(await outcome(downloadForViewer(ctx(cataloguer), { mediaId: media.restricted, size: "high" }))).toBe(404);
      expect(await outcome(downloadForViewer(ctx(manager), { mediaId: media.restricted, size: "high" }))).toBe("file");
      // a record with access 2: RISERVATO (Manager and up) only, whatever the download capability
      expect(await outcome(downloadForViewer(ctx(cataloguer), { mediaId: media.secret, size: "high" }))).toBe(404);
      expect(await outcome(downloadForViewer(ctx(manager), { mediaId: media.secret, size: "low" }))).toBe("generated");
      for (const viewer of [researcher, manager, users.Amministratore]) {
        expect(await outcome(downloadForViewer(ctx(viewer), { mediaId: media.pending, size: "low" }))).toBe(404);
        expect(await outcome(downloadForViewer(ctx(viewer), { mediaId: media.doc, size: "low" }))).toBe(404);
        expect(await outcome(downloadForViewer(ctx(viewer), { mediaId: 987654321, size: "low" }))).toBe(404);
      }
      // downloadResponse skips the capability check, never the visibility one
      expect(await outcome(downloadResponse(ctx(researcher), { mediaId: media.secret, size: "high", watermarked: false }))).toBe(404);
      expect(await outcome(downloadResponse(ctx(visitor), { mediaId: media.restricted, size: "low", watermarked: true }))).toBe(404);
      expect(await outcome(downloadResponse(ctx(visitor), { mediaId: media.plain, size: "low", watermarked: true }))).toBe("generated");
    });

    it("reads the site's own capability list, not the defaults", async () => {
      // this site gives researchers the high size with a watermark, and the clean low one to administrators only
      const caps = parseCapabilities("DOWNLOAD_BASSA:64, DOWNLOAD_ALTA_WATERMARK:2, DOWNLOAD_ALTA:64");
      const grant = async (role: RoleName, size: DownloadSize) => {
        const before = await db.rows<{ n: number }>(sql`select count(*)::int as n from downloads`);
        const out = await outcome(downloadForViewer(ctx(users[role]), { mediaId: media.plain, size }, caps));
        if (out === 404) return 404;
        const [row] = await db.rows<{ watermarked: boolean; n: number }>(
          sql`select watermarked, (select count(*)::int from downloads) as n from downloads order by id desc limit 1`,
        );
        expect(row!.n).toBe(before[0]!.n + 1);
        return row!.watermarked ? "watermarked" : "clean";
      };
      expect(await grant("Ricercatore", "high")).toBe("watermarked");
      expect(await grant("Ricercatore", "low")).toBe("watermarked");
      expect(await grant("Ricercatore avanzato", "low")).toBe("watermarked");
      expect(await grant("Catalogatore", "high")).toBe(404);
      expect(await grant("Manager", "high")).toBe(404);
      expect(await grant("Amministratore", "high")).toBe("clean");
      // the record page offers the same
      const item = { id: media.plain, mediaType: "image", width: 2400, height: 1600, local: true };
      expect(downloadOptions(users.Ricercatore, [item], caps)[media.plain]).toEqual([
        { size: "low", watermarked: true, width: 1600, height: 1066 },
        { size: "high", watermarked: true, width: 2400, height: 1600 },
      ]);
      expect(downloadOptions(users.Ricercatore, [item])[media.plain]).toEqual([
        { size: "low", watermarked: true, width: 1600, height: 1066 },
      ]);
      expect(downloadOptions(visitor, [item])).toEqual({});
      expect(downloadOptions(users.Manager, [{ ...item, mediaType: "application" }])).toEqual({});
    });

    it("burns the watermark into the lower right and leaves the rest of the picture as it was", async () => {
      const clean = await pixels(await downloadResponse(ctx(users.Manager), { mediaId: media.plain, size: "low", watermarked: false }));
      const marked = await pixels(await downloadResponse(ctx(users.Manager), { mediaId: media.plain, size: "low", watermarked: true }));
      expect(marked.info).toMatchObject({ width: clean.info.width, height: clean.info.height });
      const { width, height, channels } = clean.info;
      const diff = (x0: number, y0: number, x1: number, y1: number) => {
        let sum = 0;
        let max = 0;
        for (let y = y0; y < y1; y++)
          for (let x = x0; x < x1; x++)
            for (let c = 0; c < 3; c++) {
              const i = (y * width + x) * channels + c;
              const d = Math.abs(clean.data[i]! - marked.data[i]!);
              sum += d;
              max = Math.max(max, d);
            }
        return { mean: sum / ((x1 - x0) * (y1 - y0) * 3), max };
      };
      // the text: 3 % of the short side high, right-aligned a little inside the lower-right corner
      const corner = diff(Math.round(width * 0.75), Math.round(height * 0.9), width, height);
      const rest = diff(0, 0, width, Math.round(height * 0.8));
      expect(corner.mean).toBeGreaterThan(5);
      expect(corner.max).toBeGreaterThan(100);
      expect(rest.mean).toBeLessThan(1);
      expect(rest.max).toBeLessThanOrEqual(4);
    });

    it("caches the watermarked file, and makes it again when the watermark setting changes", async () => {
      const ask = () => downloadResponse(ctx(users.Ricercatore), { mediaId: media.quoted, size: "low", watermarked: true });
      const cachedFiles = () => fs.readdirSync(watermarkCacheDir()).filter((f) => f.startsWith(`${media.quoted}-low-`));
      const first = await ask();
      expect(first.headers.get("x-teca-cache")).toBe("miss");
      const bytes = Buffer.from(await first.arrayBuffer());
      const again = await ask();
      expect(again.headers.get("x-teca-cache")).toBe("hit");
      expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
      expect(cachedFiles()).toHaveLength(1);
      expect(watermarkCacheDir()).toBe(path.join(dataDir, "cache", "watermarked"));

      // the site's name is in the watermark: renaming the site makes a new file and removes the old one
      await saveSiteOptions({ database: db }, "it", { title: "Archivio Rinominato" });
      const renamed = await ask();
      expect(renamed.headers.get("x-teca-cache")).toBe("miss");
      expect(Buffer.from(await renamed.arrayBuffer()).equals(bytes)).toBe(false);
      expect(cachedFiles()).toHaveLength(1);

      // an image uploaded in /settings replaces the text, tiled over the whole picture
      const logo = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
        .png()
        .toBuffer();
      const name = await storeWatermarkImage(logo);
      expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(await storeWatermarkImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
      expect(await storeWatermarkImage(Buffer.from("not an image"))).toBeNull();
      await saveSiteOptions({ database: db }, "it", { title: "Archivio Rinominato", watermarkImage: name });
      const tiled = await ask();
      expect(tiled.headers.get("x-teca-cache")).toBe("miss");
      const { data, info } = await pixels(tiled);
      // red at 40 % over the blue-grey picture, from the top-left corner: the top left is no longer the picture
      expect(data[0]!).toBeGreaterThan(80);
      expect(info.width).toBe(800);
      expect(cachedFiles()).toHaveLength(1);
      await saveSiteOptions({ database: db }, "it", {});
    });

    it("logs every download, and lists a user's own on their account", async () => {
      const viewer = users["Ricercatore avanzato"];
      await db.rows(sql`delete from downloads where user_id = ${viewer.userId}::uuid`);
      await downloadForViewer(ctx(viewer), { mediaId: media.plain, size: "low", address: "10.1.2.3" });
      const rows = await db.rows<{
        media_id: number;
        record_table: string;
        record_id: string;
        size: string;
        watermarked: boolean;
        address: string;
      }>(sql`select media_id, record_table, record_id, size, watermarked, address from downloads where user_id = ${viewer.userId}::uuid`);
      expect(rows.map((r) => ({ ...r, media_id: Number(r.media_id) }))).toEqual([
        { media_id: media.plain, record_table: "ca_objects", record_id: "vaso", size: "low", watermarked: false, address: "10.1.2.3" },
      ]);
      // a refused download is not logged
      await downloadForViewer(ctx(viewer), { mediaId: media.plain, size: "high" }).catch(() => undefined);
      expect(await db.rows(sql`select 1 from downloads where user_id = ${viewer.userId}::uuid`)).toHaveLength(1);
      const own = await listOwnDownloads(ctx(viewer));
      expect(own).toMatchObject([
        { mediaId: media.plain, record: { table: "ca_objects", id: "vaso", label: "Vaso" }, size: "low", watermarked: false },
      ]);
      // another user's downloads are not theirs; a visitor has no list
      const others = await listOwnDownloads(ctx(users.Catalogatore));
      expect(others.some((d) => d.id === own[0]!.id)).toBe(false);
      expect(await listOwnDownloads(ctx(visitor)).catch((err) => (isRefusal(err) ? err.status : err))).toBe(404);
    });

    it("names the file after the record, escaped for the header (quotes, non-ASCII)", async () => {
      const res = await downloadResponse(ctx(users.Manager), { mediaId: media.plain, size: "high", watermarked: false });
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="Vaso - INV 12.jpg"; filename*=UTF-8''Vaso%20-%20INV%2012.jpg`,
      );
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const quoted = await downloadResponse(ctx(users.Manager), { mediaId: media.quoted, size: "low", watermarked: true });
      const header = quoted.headers.get("content-disposition")!;
      expect(header).toBe(
        `attachment; filename="Il _vaso_ di Nandu _ __.jpg"; filename*=UTF-8''Il%20%22vaso%22%20di%20%C3%91and%C3%BA%20%E2%80%94%20%E6%9D%B1%E4%BA%AC.jpg`,
      );
      // a header value is ASCII only, and the fallback name has no quote or backslash left to break out of
      expect(/^[\x20-\x7e]*$/.test(header)).toBe(true);
      expect(contentDisposition('a\\b"c\r\nd/e', "png")).toBe(
        `attachment; filename="a b_c d e.png"; filename*=UTF-8''a%20b%22c%20d%20e.png`,
      );
      expect(contentDisposition("", "jpg")).toContain('filename="image.jpg"');
      expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe('Il "vaso" di Ñandú — 東京.jpg');
    });
  });
}
