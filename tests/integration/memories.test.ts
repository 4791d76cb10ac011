import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db";
import { anonymousViewer, isRefusal, viewerFor, type Viewer } from "../../app/.server/access";
import { capabilities } from "../../app/.server/session";
import { createUser } from "../../app/features/accounts/accounts.server";
import { getMemoryPage, getMemorySection, listMemoryCollection, listMemorySections } from "../../app/features/pages/memories.server";
import { getContentPage, getPageDraft, pageHistory, savePageDraft } from "../../app/features/pages/pages.server";
import { createCollection } from "../../app/features/workspace/workspace.server";
import { createStory, updateStory } from "../../app/features/stories/stories.server";
import { saveItem, SettingsError } from "../../app/features/settings/settings.server";
import { getHome, getHomeStories } from "../../app/features/home/home.server";
import { testDatabases } from "../setup/db";

/**
 * Memories (issue 34 §1, decision 115) and the home page's stories (issue 34 §3, decision 116), through their
 * services on both databases: listing by section and collection, what a visitor and an administrator see
 * (drafts, the Italian text standing in), writes for administrators only with revisions, bad input refused with
 * nothing written; a home section of published stories, a private story refused, a withdrawn one not shown.
 */
type Who = "admin" | "researcher" | "visitor";
for (const target of testDatabases()) {
  describe(`memories and home stories on ${target.name}`, () => {
    let db: Database & { drop: () => Promise<void> };
    const users = {} as Record<"admin" | "researcher", { id: string; level: number; roles: string[] }>;
    const viewer = (who: Who): Viewer => (who === "visitor" ? anonymousViewer(capabilities()) : viewerFor(users[who], capabilities()));
    const ctx = (who: Who, locale: "it" | "en" | "fr" = "it") => ({ database: db, viewer: viewer(who), locale });
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => "allowed",
        (err) => (isRefusal(err) ? `refused ${err.status}` : `failed: ${(err as Error).message}`),
      );
    const text = { html: "<p>Un ricordo.</p>", description: "Le cinque del mattino." };
    const count = async () => Number((await db.rows<{ n: number }>(sql`select count(*)::int as n from pages`))[0]!.n);
    const section = (slug: string, title: string, published = true, locale: "it" | "en" | "fr" = "it", version = 0) =>
      savePageDraft(ctx("admin"), { kind: "memory-section", slug, locale, version, value: { title, ...text, published } });
    const memory = (
      slug: string,
      title: string,
      more: { section?: string; collection?: string; published?: boolean; locale?: "it" | "en" | "fr"; html?: string } = {},
    ) =>
      savePageDraft(ctx("admin"), {
        kind: "memory",
        slug,
        locale: more.locale ?? "it",
        version: 0,
        value: {
          title,
          ...text,
          ...(more.html ? { html: more.html } : {}),
          published: more.published ?? true,
          section: more.section ?? "voci",
          collection: more.collection ?? "",
        },
      });

    beforeAll(async () => {
      db = await target.open();
      for (const [key, email, roles] of [
        ["admin", "admin@example.org", ["Amministratore"]],
        ["researcher", "ricerca@example.org", ["Ricercatore"]],
      ] as const) {
        const u = await createUser(
          { database: db },
          { email, roles: [...roles], password: "Archivio-2026" },
          { userId: null, address: "test" },
        );
        const [row] = await db.rows<{ level: number }>(sql`select level from users where id = ${u.id}`);
        users[key] = { id: u.id, level: Number(row!.level), roles: [...roles] };
      }
    });
    afterAll(async () => {
      await db?.drop();
    });

    it("lists no section on an empty site", async () => {
      expect(await listMemorySections(ctx("visitor"))).toEqual([]);
      expect(await getMemorySection(ctx("visitor"), "voci")).toBeNull();
    });

    it("writes sections and pages for administrators only, with a revision each", async () => {
      expect(await section("voci", "Voci della filanda")).toMatchObject({ status: "saved", version: 1 });
      expect(
        await memory("la-sirena", "La sirena delle cinque", {
          collection: "interviste-1956",
          html: '<p><img src="/media/x.jpg" alt="Maria"></p>',
        }),
      ).toMatchObject({ status: "saved" });
      expect(await memory("il-capo", "Il capo reparto", { collection: "interviste-1956" })).toMatchObject({ status: "saved" });
      expect(await memory("cento-anni", "Cento anni di acciaio")).toMatchObject({ status: "saved" });
      expect(await memory("bozza", "Una bozza", { published: false })).toMatchObject({ status: "saved" });
      const before = await count();
      for (const who of ["researcher", "visitor"] as const) {
        expect(
          await refused(
            savePageDraft(ctx(who), {
              kind: "memory",
              slug: "altra",
              locale: "it",
              version: 0,
              value: { title: "Altra", ...text, published: true, section: "voci" },
            }),
          ),
        ).toBe("refused 404");
        expect(await refused(getPageDraft(ctx(who), "la-sirena", "it", "memory"))).toMatch(/^refused/);
      }
      expect(await count()).toBe(before);
      const history = await pageHistory(ctx("admin"), "memories/la-sirena", "it");
      expect(history.total).toBe(1);
      // an unchanged save writes nothing
      const draft = await getPageDraft(ctx("admin"), "la-sirena", "it", "memory");
      expect(draft.value).toMatchObject({
        title: "La sirena delle cinque",
        section: "voci",
        collection: "interviste-1956",
        published: true,
      });
      expect(
        await savePageDraft(ctx("admin"), { kind: "memory", slug: "la-sirena", locale: "it", version: draft.version, value: draft.value }),
      ).toEqual({
        status: "unchanged",
        version: 1,
      });
    });

    it("refuses bad input with nothing written", async () => {
      const before = await count();
      // an unknown section, a bad collection, a bad slug, no title; a stale version
      expect(await memory("senza-sezione", "Senza", { section: "nessuna" })).toMatchObject({
        status: "invalid",
        issues: [{ path: ["section"], message: "memories.error.section" }],
      });
      expect((await memory("raccolta-storta", "Storta", { collection: "Non Valida!" })).status).toBe("invalid");
      expect((await memory("Maiuscole", "Maiuscole")).status).toBe("invalid");
      expect((await memory("sections", "Riservato")).status).toBe("invalid");
      expect((await memory("senza-titolo", "")).status).toBe("invalid");
      expect((await section("voci", "Voci, di nuovo", true, "it", 0)).status).toBe("conflict");
      expect(await count()).toBe(before);
      // a memory page's slug never reaches a content page, nor the other way round
      expect(await getContentPage(ctx("admin"), "la-sirena")).toBeNull();
      expect(await refused(getPageDraft(ctx("admin"), "voci", "it", "memory"))).toBe("allowed");
    });

    it("lists a section's pages and a collection's; visitors see only what is published", async () => {
      const sections = await listMemorySections(ctx("visitor"));
      expect(sections.map((s) => [s.slug, s.title, s.count])).toEqual([["voci", "Voci della filanda", 3]]);
      const visitor = await getMemorySection(ctx("visitor"), "voci");
      expect(visitor!.pages.map((p) => [p.slug, p.href])).toEqual([
        ["cento-anni", "/memories/cento-anni"],
        ["il-capo", "/memories/interviste-1956/il-capo"],
        ["la-sirena", "/memories/interviste-1956/la-sirena"],
      ]);
      expect(visitor!.pages.find((p) => p.slug === "la-sirena")!.image).toEqual({ src: "/media/x.jpg", alt: "Maria" });
      const admin = await getMemorySection(ctx("admin"), "voci");
      expect(admin!.pages.map((p) => p.slug)).toContain("bozza");
      expect((await listMemoryCollection(ctx("visitor"), "interviste-1956")).map((p) => p.slug)).toEqual(["il-capo", "la-sirena"]);
      expect(await listMemoryCollection(ctx("visitor"), "nessuna")).toEqual([]);
      expect(await getMemoryPage(ctx("visitor"), "bozza")).toBeNull();
      expect(await getMemoryPage(ctx("researcher"), "bozza")).toBeNull();
      expect((await getMemoryPage(ctx("admin"), "bozza"))?.published).toBe(false);
      expect(await getMemoryPage(ctx("visitor"), "non-esiste")).toBeNull();
      expect(await getMemoryPage(ctx("visitor"), "../pagina")).toBeNull();
      expect(await getMemorySection(ctx("visitor"), "VOCI")).toBeNull();
      const page = await getMemoryPage(ctx("visitor"), "la-sirena");
      expect(page).toMatchObject({ title: "La sirena delle cinque", sectionTitle: "Voci della filanda", collection: "interviste-1956" });
    });

    it("shows the Italian text in a language without its own, marked; an unpublished section is the administrators'", async () => {
      const en = await getMemoryPage(ctx("visitor", "en"), "il-capo");
      expect(en).toMatchObject({ locale: "it", fallback: true });
      expect((await memory("il-capo", "The foreman", { collection: "interviste-1956", locale: "en" })).status).toBe("saved");
      expect(await getMemoryPage(ctx("visitor", "en"), "il-capo")).toMatchObject({ title: "The foreman", fallback: false });
      await section("nascosta", "Nascosta", false);
      expect((await listMemorySections(ctx("visitor"))).map((s) => s.slug)).toEqual(["voci"]);
      expect((await listMemorySections(ctx("admin"))).map((s) => s.slug).sort()).toEqual(["nascosta", "voci"]);
      expect(await getMemorySection(ctx("visitor"), "nascosta")).toBeNull();
    });

    it("the home page shows published stories in order; a private one is refused, a withdrawn one hidden", async () => {
      const owner = ctx("researcher");
      const coll = await createCollection(owner, { title: "Filanda" });
      const a = await updateStory(owner, (await createStory(owner, coll.id, { title: "Dal bozzolo al filato" })).id, { public: true });
      const b = await updateStory(owner, (await createStory(owner, coll.id, { title: "La sirena" })).id, { public: true });
      const hidden = await createStory(owner, coll.id, { title: "Privata" });
      const settings = { database: db, viewer: viewer("admin"), address: "test" };
      const home = (stories: string[]) => ({ hero: { title: "Archivio" }, sections: [{ kind: "stories", title: "Storie", stories }] });
      const saved = await saveItem(settings, {
        key: "home",
        locale: "it",
        value: home([b.publishedSlug!, a.publishedSlug!]),
        expectedVersion: 0,
      });
      expect(saved.status).toBe("saved");
      expect((await getHomeStories(ctx("visitor"))).map((s) => s.title)).toEqual(["La sirena", "Dal bozzolo al filato"]);
      expect((await getHome(ctx("visitor"))).sections[0]!.stories!.map((s) => s.title)).toEqual(["La sirena", "Dal bozzolo al filato"]);
      // a private story (its would-be slug) or an unknown one: refused, nothing written
      const wouldBe = "privata";
      await db.rows(sql`update stories set published_slug = ${wouldBe} where id = ${hidden.id}`);
      for (const slug of [wouldBe, "non-esiste"]) {
        const err = await saveItem(settings, {
          key: "home",
          locale: "it",
          value: home([a.publishedSlug!, slug]),
          expectedVersion: saved.version,
        }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(SettingsError);
        expect((err as SettingsError).detail.fields).toEqual({ form: [{ key: "settings.error.storyNotPublished" }] });
      }
      // bad input: not a slug, a repeat
      for (const stories of [["<script>"], [a.publishedSlug!, a.publishedSlug!]]) {
        const err = await saveItem(settings, { key: "home", locale: "it", value: home(stories), expectedVersion: saved.version }).catch(
          (e: unknown) => e,
        );
        expect((err as SettingsError).code).toBe("invalid");
      }
      // only administrators choose
      expect(
        await refused(
          saveItem(
            { ...settings, viewer: viewer("researcher") },
            { key: "home", locale: "it", value: home([]), expectedVersion: saved.version },
          ),
        ),
      ).toMatch(/^refused/);
      // withdrawing a story takes it off the home page at once
      await updateStory(owner, b.id, { public: false });
      expect((await getHomeStories(ctx("visitor"))).map((s) => s.title)).toEqual(["Dal bozzolo al filato"]);
      await updateStory(owner, a.id, { public: false });
      expect(await getHomeStories(ctx("visitor"))).toEqual([]);
      expect((await getHome(ctx("visitor"))).sections).toEqual([]);
    });
  });
}
