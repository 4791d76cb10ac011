import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord, tempDir } from "../factories/records";
import { saveSiteOptions } from "../../app/features/site/site.server";
import { SETTINGS_ITEMS } from "../../app/features/settings/items";
import { siteBackground } from "../../app/features/shell/background";

/** The option `background` (spec §2 "default: … video background", issue 33 §7, decision 107). */
const target = testDatabases()[0]!;
const item = SETTINGS_ITEMS.find((i) => i.key === "background")!;

describe("the site's background", () => {
  it("takes an image from the site or https, a video only from the site, with a poster", () => {
    expect(item.schema.safeParse({ type: "video", url: "/uploads/intro.webm", poster: "/uploads/intro.jpg" }).success).toBe(true);
    expect(item.schema.safeParse({ type: "image", url: "https://images.example.org/sala.jpg" }).success).toBe(true);
    const outside = item.schema.safeParse({ type: "video", url: "https://cdn.example.org/intro.webm" });
    expect(outside.success).toBe(false);
    expect(JSON.stringify(outside.error?.issues)).toContain("settings.error.videoLocal");
    expect(item.schema.safeParse({ type: "video", url: "" }).success).toBe(false);
    expect(item.schema.safeParse({ type: "video", url: "/a.webm", poster: "javascript:alert(1)" }).success).toBe(false);
    expect(item.schema.safeParse(null).success).toBe(true);
  });

  it("reads only a usable background from what is stored", () => {
    expect(siteBackground({ type: "video", url: "/v.webm", poster: "/p.jpg" })).toEqual({
      type: "video",
      url: "/v.webm",
      poster: "/p.jpg",
    });
    expect(siteBackground({ type: "image", url: "https://example.org/a.jpg", poster: "/p.jpg" })).toEqual({
      type: "image",
      url: "https://example.org/a.jpg",
      poster: null,
    });
    for (const bad of [
      null,
      "x",
      { type: "none", url: "/a" },
      { type: "video", url: "https://example.org/v.webm" },
      { type: "image", url: "//evil.example/a" },
      { type: "image", url: '/a" onerror="x' },
    ])
      expect(siteBackground(bad)).toBeNull();
  });

  describe("on the pages", () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    beforeAll(async () => {
      cat = await seededCatalogue(target, [makeRecord({ id: "1" })], { dir: tempDir() });
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("a video behind the default layout: muted, looping, never autoplaying from the HTML, its poster; none on print pages", async () => {
      const before = await (await cat.server.fetch("/en")).text();
      expect(before).not.toContain("<video");
      await saveSiteOptions({ database: cat.db }, "it", {
        background: { type: "video", url: "/uploads/intro.webm", poster: "/uploads/intro.jpg" },
      } as never);
      for (const path of ["/", "/en", "/fr/cerca", "/login"]) {
        const html = await (await cat.server.fetch(path)).text();
        const video = html.match(/<video[^>]*>/)?.[0] ?? "";
        expect(video, path).toContain('src="/uploads/intro.webm"');
        expect(video).toContain('poster="/uploads/intro.jpg"');
        expect(video).toMatch(/muted/);
        expect(video).toMatch(/loop/);
        expect(video).toContain('preload="metadata"');
        expect(video).not.toMatch(/autoplay/i);
        expect(html).toMatch(/<div class="site-background[^"]*" aria-hidden="true">/);
      }
      // the login page shows it as its stage
      expect(await (await cat.server.fetch("/login")).text()).toContain(`<div class="site-background site-background--stage"`);
      expect(await (await cat.server.fetch("/cerca?print")).text()).not.toContain("<video");
    });
  });
});
