import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../../app/features/catalogue/import.server";
import { getRecord } from "../../app/features/records/records.server";
import { getCards } from "../../app/features/records/cards.server";
import { randomMediaSample } from "../../app/features/home/home.server";
import { anonymousViewer, viewerFor } from "../../app/.server/access";
import { savePage } from "../../app/features/site/site.server";
import { testDatabases } from "../setup/db";
import { parseCapabilities } from "../../app/lib/capabilities";
import { startTestServer } from "../setup/app";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";

/** Access levels are enforced in SQL: a visitor never sees access 2 or 3, anywhere. */
for (const target of testDatabases()) {
  describe(`access filtering on ${target.name}`, () => {
    let db: Awaited<ReturnType<typeof target.open>>;
    let server: Awaited<ReturnType<typeof startTestServer>>;
    const dir = tempDir();
    const store = path.join(dir, "store");
    const visitor = anonymousViewer();
    // Configured so that RISERVATO (32) and RISERVATO2 (64) differ; by default both are 96.
    const caps = parseCapabilities("RISERVATO:32, RISERVATO2:64");
    const riservato = viewerFor({ id: "u1", level: 32, roles: ["Catalogatore avanzato"] }, caps);
    const ctx = (viewer = visitor, locale: "it" | "en" | "fr" = "it") => ({ database: db, viewer, locale });

    beforeAll(async () => {
      db = await target.open();
      await makeImage(dir, "a.jpg");
      await makeImage(dir, "secret.jpg", 300, 300, "#000000");
      const rel = (id: string) => ({ type: "correlato", table: "ca_objects" as const, id, label: { it: "correlato" } });
      await importFile(
        { database: db },
        writeNdjson(dir, [
          makeRecord({
            id: "pub",
            texts: { it: { label: "Pubblico" }, en: { label: "Public" } },
            relations: [rel("res2"), rel("res3"), rel("pub2")],
            media: [
              { type: "image", file: "a.jpg" },
              { type: "image", file: "secret.jpg", restricted: true },
            ],
          }),
          makeRecord({ id: "pub2", texts: { it: { label: "Pubblico due" } } }),
          makeRecord({ id: "res2", access: 2, texts: { it: { label: "Riservato due" } }, media: [{ type: "image", file: "a.jpg" }] }),
          makeRecord({
            id: "res3",
            access: 3,
            texts: { it: { label: "Segreto tre" } },
            relations: [rel("pub")],
            media: [{ type: "image", file: "a.jpg" }],
          }),
          makeRecord({ table: "ca_collections", id: "fondo", texts: { it: { label: "Fondo" } } }),
          makeRecord({ table: "ca_collections", id: "serie-pub", parent: "fondo", texts: { it: { label: "Serie pubblica" } } }),
          makeRecord({ table: "ca_collections", id: "serie-ris", parent: "fondo", access: 2, texts: { it: { label: "Serie riservata" } } }),
        ]),
        { mediaDir: dir, mediaStore: store },
      );
      await savePage({ database: db }, "home", "it", "Home", {
        hero: { title: "Archivio di prova", image: { table: "ca_objects", id: "res3" } },
        sections: [
          {
            kind: "records",
            title: "In evidenza",
            refs: [
              { table: "ca_objects", id: "res2" },
              { table: "ca_objects", id: "pub2" },
            ],
          },
        ],
      });
      server = await startTestServer(db, store);
    });
    afterAll(async () => {
      await server?.close();
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("a visitor gets the public record and 404 for restricted ones, same as a missing one", async () => {
      expect(await getRecord(ctx(), "ca_objects", "pub")).not.toBeNull();
      expect(await getRecord(ctx(), "ca_objects", "res2")).toBeNull();
      expect(await getRecord(ctx(), "ca_objects", "res3")).toBeNull();
      for (const id of ["res2", "res3", "does-not-exist"]) {
        const page = await server.fetch(`/oggetti/${id}`);
        expect(page.status).toBe(404);
        const html = await page.text();
        expect(html).not.toMatch(/Riservato due|Segreto tre/);
        const api = await server.fetch(`/api/public/records/ca_objects/${id}`);
        expect(api.status).toBe(404);
        expect(await api.json()).toEqual({ error: { code: 404, message: "Not found" } });
      }
    });

    it("RISERVATO sees access 1–2 but not 3", async () => {
      expect(await getRecord(ctx(riservato), "ca_objects", "res2")).not.toBeNull();
      expect(await getRecord(ctx(riservato), "ca_objects", "res3")).toBeNull();
    });

    it("related records, children, cards and media of a visible record hide what the viewer may not see", async () => {
      const r = (await getRecord(ctx(), "ca_objects", "pub"))!;
      const related = r.relations.flatMap((g) => g.items.map((i) => i.id));
      expect(related).toEqual(["pub2"]);
      expect(r.media).toHaveLength(1); // the restricted image is hidden
      const r2 = (await getRecord(ctx(riservato), "ca_objects", "pub"))!;
      expect(r2.relations.flatMap((g) => g.items.map((i) => i.id)).sort()).toEqual(["pub2", "res2"]);
      expect(r2.media).toHaveLength(2); // more than one access level lifts the restricted flag
      const fondo = (await getRecord(ctx(), "ca_collections", "fondo"))!;
      expect(fondo.children.map((c) => c.id)).toEqual(["serie-pub"]);
      expect(fondo.childCount).toBe(1);
      const cards = await getCards(ctx(), [
        { table: "ca_objects", id: "res2" },
        { table: "ca_objects", id: "pub2" },
      ]);
      expect(cards.map((c) => c.id)).toEqual(["pub2"]);
      for (let i = 0; i < 10; i++) expect((await randomMediaSample(ctx(), 4)).map((c) => c.id)).toEqual(["pub"]);
    });

    it("the reverse side of a relation from a restricted record is not shown", async () => {
      // res3 → pub exists, but a visitor must not learn of res3 from pub's page
      const html = await (await server.fetch("/oggetti/pub", { redirect: "follow" })).text();
      expect(html).not.toContain("Segreto tre");
      expect(html).not.toContain("Riservato due");
      expect(html).toContain("Pubblico due");
    });

    it("the home page shows only visible records", async () => {
      const res = await server.fetch("/");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Pubblico due");
      expect(html).not.toContain("Riservato due");
      expect(html).not.toContain("Segreto tre");
    });

    it("the JSON API returns the record in the requested locale and validates the locale", async () => {
      const res = await server.fetch("/api/public/records/ca_objects/pub?locale=en");
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.data).toMatchObject({ id: "pub", table: "ca_objects", locale: "en", preferred_label: "Public", access: 1 });
      expect(body.data.relations[0].items.map((i: { id: string }) => i.id)).toEqual(["pub2"]);
      expect((await server.fetch("/api/public/records/oggetti/pub?locale=fr")).status).toBe(200);
      const bad = await server.fetch("/api/public/records/ca_objects/pub?locale=de");
      expect(bad.status).toBe(400);
      expect((await server.fetch("/api/public/records/nope/pub")).status).toBe(404);
      expect((await server.fetch("/api/public/records/ca_objects/'%20or%201=1--")).status).toBe(404);
    });
  });
}
