import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { saveSiteOptions } from "../../app/features/site/site.server";
import { anonymousViewer } from "../../app/.server/access";
import { getCards } from "../../app/features/records/cards.server";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord, tempDir } from "../factories/records";

/**
 * Issue 34 §4 widgets on the server side: the footer's logout link (signed-in users only, a plain link that
 * works without JavaScript) and the traffic light on cards (the record page's rule, read in the card query;
 * decision 117).
 */
const stato = (id: string, name: string, parents: { id: string; name: { it: string } }[] = []) => ({
  id,
  type: "common" as const,
  name: { it: name },
  parents: [{ id: "stato", name: { it: "Stato" } }, ...parents],
});

for (const target of testDatabases()) {
  describe(`widgets on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let cookie = "";
    const ctx = (locale: "it" | "en" = "it") => ({ database: cat.db, viewer: anonymousViewer(), locale });

    beforeAll(async () => {
      cat = await seededCatalogue(
        target,
        [
          makeRecord({ id: "fragile", texts: { it: { label: "Vaso fragile" } }, tags: [stato("fragile", "Fragile")] }),
          makeRecord({
            id: "carta",
            texts: { it: { label: "Foglio fragile" } },
            tags: [stato("carta", "Carta", [{ id: "fragile", name: { it: "Fragile" } }])],
          }),
          makeRecord({ id: "simile", texts: { it: { label: "Vaso sano" } }, tags: [stato("fragilex", "Quasi")] }),
          makeRecord({
            id: "both",
            texts: { it: { label: "Piatto" } },
            tags: [stato("fragile", "Fragile"), stato("restauro", "Restauro")],
          }),
        ],
        { dir: tempDir() },
      );
      const user = await createUser(
        { database: cat.db },
        { email: "reader@example.org", roles: ["Ricercatore"] },
        { userId: null, address: "test" },
      );
      cookie = `teca_session=${(await createSession(cat.db, user.id, { userAgent: "test", address: "127.0.0.1" })).token}`;
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("the footer's logout link is shown to a signed-in user only, in the page's language", async () => {
      const footer = async (path: string, headers: Record<string, string> = {}) => {
        const res = await cat.server.fetch(path, { headers });
        expect(res.status).toBe(200);
        const html = await res.text();
        const m = html.match(/<footer class="site-footer">[\s\S]*?<\/footer>/);
        expect(m).not.toBeNull();
        return m![0];
      };
      expect(await footer("/")).not.toContain("/api/auth/logout");
      const it = await footer("/", { cookie });
      expect(it).toMatch(/<p class="site-footer__logout"><a href="\/api\/auth\/logout\?locale=it(&amp;next=%2F)?">Esci<\/a><\/p>/);
      const en = await footer("/en", { cookie });
      expect(en).toMatch(/href="\/api\/auth\/logout\?locale=en[^"]*">Sign out<\/a>/);
      const fr = await footer("/fr", { cookie });
      expect(fr).toContain('href="/api/auth/logout?locale=fr');
      // the link works without JavaScript: a same-origin navigation ends the session
      const out = await cat.server.fetch("/api/auth/logout?locale=en", {
        headers: { cookie, accept: "text/html", "sec-fetch-site": "same-origin" },
        redirect: "manual",
      });
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toBe("/en");
      expect(await footer("/", { cookie })).not.toContain("/api/auth/logout");
    });

    it("cards carry the traffic light of the record page's rule, in the option's order, per language", async () => {
      const refs = ["fragile", "carta", "simile", "both"].map((id) => ({ table: "ca_objects", id }));
      const names = async (locale: "it" | "en" = "it") =>
        Object.fromEntries((await getCards(ctx(locale), refs)).map((c) => [c.id, c.semaforo?.map((s) => `${s.name} ${s.colore}`) ?? []]));
      // no option: no light on any card
      expect(Object.values(await names()).flat()).toEqual([]);
      await saveSiteOptions({ database: cat.db }, "it", {
        semaforo: [
          { id: "r", path: "stato/restauro", colore: "#b91c1c", frase: "In attesa di restauro", fraseCorta: "Da restaurare" },
          { id: "f", path: "stato/fragile", colore: "#b45309", frase: "Stato fragile", fraseCorta: "" },
          { id: "vuoto", path: "", colore: "#000000", frase: "Senza percorso", fraseCorta: "Tutti" },
        ],
      });
      const it = await names();
      expect(it.fragile).toEqual(["Stato fragile #b45309"]); // no short phrase: the long one names it
      expect(it.carta).toEqual(["Stato fragile #b45309"]); // below the path
      expect(it.simile).toEqual([]); // a sibling whose name only starts the same
      expect(it.both).toEqual(["Da restaurare #b91c1c", "Stato fragile #b45309"]);
      // the English document's own list wins over the Italian one
      await saveSiteOptions({ database: cat.db }, "en", {
        semaforo: [{ id: "f", path: "stato/fragile", colore: "#b45309", frase: "Fragile condition", fraseCorta: "Fragile" }],
      });
      expect((await names("en")).both).toEqual(["Fragile #b45309"]);
    });

    it("a search page's cards show the light with its name", async () => {
      await saveSiteOptions({ database: cat.db }, "it", {
        semaforo: [{ id: "f", path: "stato/fragile", colore: "#b45309", frase: "Stato fragile", fraseCorta: "Fragile" }],
      });
      const res = await cat.server.fetch("/cerca?q=vaso");
      const html = await res.text();
      expect(html).toMatch(
        /class="semaforo-badge semaforo-badge--card"[^>]*><span aria-hidden="true" class="semaforo-badge__dot"><\/span>Fragile<\/span>/,
      );
    });
  });
}
