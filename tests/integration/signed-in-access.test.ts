import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";

/**
 * Issue 13 §5: a restricted record is visible to a signed-in user whose role sees its access level — on the
 * record page, in search results, counts, facets, the map and suggestions — and still invisible to a
 * Ricercatore and to a visitor, over HTTP with real sessions, on both databases.
 */
for (const target of testDatabases()) {
  describe(`signed-in access on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const cookies: Record<"visitor" | "ricercatore" | "manager", string | undefined> = {
      visitor: undefined,
      ricercatore: undefined,
      manager: undefined,
    };
    const tag = (id: string, name: string) => ({ id, name: { it: name, en: name } });

    beforeAll(async () => {
      const dir = tempDir();
      await makeImage(dir, "a.jpg");
      cat = await seededCatalogue(
        target,
        [
          makeRecord({
            id: "pubblico",
            texts: { it: { label: "Vaso di zafferano pubblico" } },
            tags: [tag("t-ceramica", "Ceramica")],
            date: { start: "1850-01-01", end: "1850-12-31" },
            coordinates: { lat: 45.46, lng: 9.19 },
          }),
          makeRecord({
            id: "riservato",
            access: 2,
            texts: { it: { label: "Zafferaniera segreta" }, en: { label: "Secret saffron jar" } },
            tags: [tag("t-argento", "Argenteria riservata")],
            date: { start: "1720-01-01", end: "1720-12-31" },
            coordinates: { lat: 41.9, lng: 12.5 },
            media: [{ type: "image", file: "a.jpg" }],
          }),
        ],
        { dir },
      );
      const meta = { userAgent: "test", address: "127.0.0.1" };
      for (const [who, role] of [
        ["ricercatore", "Ricercatore"],
        ["manager", "Manager"],
      ] as const) {
        const user = await createUser(
          { database: cat.db },
          { email: `${who}@example.org`, roles: [role] },
          { userId: null, address: "test" },
        );
        cookies[who] = `teca_session=${(await createSession(cat.db, user.id, meta)).token}`;
      }
    });
    afterAll(async () => cat?.close());

    const get = (url: string, who: keyof typeof cookies) =>
      cat.server.fetch(url, { headers: cookies[who] ? { cookie: cookies[who]! } : {} });
    const json = async (url: string, who: keyof typeof cookies) => {
      const res = await get(url, who);
      expect(res.status, url).toBe(200);
      return res.json();
    };

    it("the record page: 200 to the manager, the 404 page to the researcher and the visitor", async () => {
      const moved = await get("/oggetti/riservato", "manager");
      expect(moved.status).toBe(301);
      const res = await get(moved.headers.get("location")!, "manager");
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Zafferaniera segreta");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      for (const who of ["ricercatore", "visitor"] as const) {
        // (no redirect to the record's address either: that would say the record exists)
        const other = await get("/oggetti/riservato", who);
        expect(other.status, who).toBe(404);
        expect(await other.text()).not.toContain("Zafferaniera");
      }
    });

    it("search results, counts and facets", async () => {
      const url = "/api/public/search?q=zafferan&locale=it";
      const m = await json(url, "manager");
      expect(m.data.map((c: { id: string }) => c.id).sort()).toEqual(["pubblico", "riservato"]);
      expect(m.count).toBe(2);
      const tagNames = (f: { tags: { name: string }[] }) => f.tags.map((t) => t.name);
      expect(tagNames(m.facets)).toContain("Argenteria riservata");
      expect(m.facets.decades.map((d: { decade: number }) => d.decade)).toContain(1720);
      expect(m.facets.media.withMedia).toBe(1);
      for (const who of ["ricercatore", "visitor"] as const) {
        const r = await json(url, who);
        expect(
          r.data.map((c: { id: string }) => c.id),
          who,
        ).toEqual(["pubblico"]);
        expect(r.count).toBe(1);
        expect(tagNames(r.facets)).not.toContain("Argenteria riservata");
        expect(r.facets.decades.map((d: { decade: number }) => d.decade)).not.toContain(1720);
        expect(r.facets.media.withMedia).toBe(0);
        expect(JSON.stringify(r)).not.toMatch(/Zafferaniera|riservato"/);
      }
      // a filter on the restricted record's tag counts nothing for those who may not see it
      expect((await json("/api/public/search?filtro=t-argento&locale=it", "manager")).count).toBe(1);
      expect((await json("/api/public/search?filtro=t-argento&locale=it", "ricercatore")).count).toBe(0);
    });

    it("the map", async () => {
      const page = async (who: keyof typeof cookies) => (await get("/cerca?q=zafferan&view=map", who)).text();
      expect(await page("manager")).toContain("Zafferaniera segreta");
      for (const who of ["ricercatore", "visitor"] as const) {
        const html = await page(who);
        expect(html).toContain("Vaso di zafferano pubblico");
        expect(html, who).not.toContain("Zafferaniera");
        expect(html).not.toContain("12.5");
      }
    });

    it("suggestions", async () => {
      expect((await json("/api/public/suggest?q=zafferaniera&locale=it", "manager")).data).toContain("Zafferaniera segreta");
      for (const who of ["ricercatore", "visitor"] as const)
        expect((await json("/api/public/suggest?q=zafferaniera&locale=it", who)).data, who).toEqual([]);
    });
  });
}
