import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { contrastFailures, contrastRatio, DARK_BACKGROUNDS, darkLinkColor } from "./contrast";
import { compactDiff, diffValues } from "~/lib/diff";
import { applyRowOp, itemNamed, valueFromForm, type SettingsItem } from "./items";
import { validateItem } from "./settings.server";
import { DEMO_COLORS } from "~/features/demo/index.server";
import { DEFAULT_OPTIONS } from "~/features/site";
import { DEFAULT_PASSWORD_PATTERN } from "~/features/accounts/index.server";

const item = (key: string) => itemNamed(key)! as SettingsItem;
const ok = (key: string, value: unknown) => item(key).schema.safeParse(value).success;
const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("contrast (WCAG 2.x)", () => {
  it("computes the known ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
  it("gives dark mode links in the brand's hue that read 4.5:1 on every dark background (issue 31)", () => {
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
      const max = Math.max(r, g, b);
      const d = max - Math.min(r, g, b);
      return (max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4) * 60;
    };
    for (const brand of ["#8a2f1d", "#1d4e89", "#2b5d34", "#ffcc00", "#000080", "#6d28d9", "#0f766e", "#ff0000"]) {
      const link = darkLinkColor(brand);
      for (const bg of DARK_BACKGROUNDS) expect(contrastRatio(link, bg), `${brand} → ${link} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      const turn = Math.abs(hue(link) - hue(brand));
      expect(Math.min(turn, 360 - turn), `${brand} → ${link}`).toBeLessThan(4);
    }
    // a grey brand gives a grey link, still readable
    const grey = darkLinkColor("#111111");
    expect(grey.slice(1, 3)).toBe(grey.slice(3, 5));
    for (const bg of DARK_BACKGROUNDS) expect(contrastRatio(grey, bg)).toBeGreaterThanOrEqual(4.5);
    // the dark backgrounds are the ones app.css paints
    const css = readFileSync("app/styles/app.css", "utf8");
    for (const name of ["bg", "surface", "surface-2"]) {
      const dark = new RegExp(`--${name}: light-dark\\(#[0-9a-f]{6}, (#[0-9a-f]{6})\\)`).exec(css)?.[1];
      expect(DARK_BACKGROUNDS as readonly string[], name).toContain(dark);
    }
    expect(css).toContain("--link: light-dark(var(--primary), var(--link-dark");
  });
  it("passes the demo's and the default colours, names the failing pair with its ratio", () => {
    expect(contrastFailures(DEMO_COLORS)).toEqual([]);
    expect(contrastFailures(DEFAULT_OPTIONS.colors)).toEqual([]);
    const f = contrastFailures({ primary: "#ffcc00", primaryDark: "#5a230f", primaryLight: "#f8ede6" });
    expect(f.map((x) => x.pair)).toEqual(["whiteOnPrimary", "primaryOnPage", "primaryOnPrimaryLight"]);
    expect(f[0]!.ratio).toBeLessThan(4.5);
    expect(f[0]!.field).toBe("primary");
  });
});

describe("pattern options (checked by the server after the schema)", () => {
  const problems = (key: string, value: unknown) => {
    const r = validateItem(item(key), value);
    return r.ok ? [] : Object.values(r.fields).flatMap((list) => list.map((m) => m.key));
  };
  it("accept the default password rule and plain patterns; a nested quantifier is harmless on the linear engine", () => {
    for (const p of [DEFAULT_PASSWORD_PATTERN, "^.{12,}$", "^[a-z]+(-[a-z]+)?$", "^\\w*\\w*\\w*\\w*\\w*\\w*!$", "(a+)+$"]) {
      expect(problems("patternPassword", p), p).toEqual([]);
      expect(problems("customjs", { regexFiltriInit: p }), p).toEqual([]);
    }
    expect(problems("patternPassword", null)).toEqual([]);
  });
  it.each([
    ["(a)\\1", "unsupported"],
    ["(?<=a)b", "unsupported"],
    ["^x(?=y)", "unsupported"],
    ["(.{0,30}){30}", "tooBig"],
    ["([a-z", "invalid"],
    ["x".repeat(301), "tooLong"],
  ])("refuse %s with settings.error.regex.%s, beside the field", (p, problem) => {
    expect(validateItem(item("patternPassword"), p)).toEqual({
      ok: false,
      fields: { patternPassword: [{ key: `settings.error.regex.${problem}`, params: { path: "—" } }] },
    });
    expect(validateItem(item("customjs"), { noRelevance: true, regexFiltriInit: p })).toEqual({
      ok: false,
      fields: { json: [{ key: `settings.error.regex.${problem}`, params: { path: "regexFiltriInit" } }] },
    });
  });
  it("report the schema's problems first", () => {
    expect(problems("customjs", { regexFiltriInit: 3 })).toEqual(["settings.error.json.type"]);
  });
});

describe("items", () => {
  it("validates good and bad values of each kind", () => {
    expect(ok("title", "Archivio")).toBe(true);
    expect(ok("title", "")).toBe(false);
    expect(ok("title", "x".repeat(201))).toBe(false);
    expect(ok("logo", null)).toBe(true);
    expect(ok("logo", { url: "/logo.svg", alt: "Logo" })).toBe(true);
    expect(ok("logo", { url: "javascript:alert(1)", alt: "x" })).toBe(false);
    expect(ok("logo", { url: "https://example.org/l.png", alt: "" })).toBe(false);
    expect(
      ok("menu", [
        { label: "Cerca", path: "/cerca" },
        { label: "Sito", path: "https://example.org" },
      ]),
    ).toBe(true);
    expect(ok("menu", [{ label: "X", path: "javascript:alert(1)" }])).toBe(false);
    expect(ok("menu", [{ label: "X", path: "//evil.example" }])).toBe(false);
    expect(ok("footer_blocks", [{ title: "", text: "" }])).toBe(false);
    expect(ok("colors", DEMO_COLORS)).toBe(true);
    expect(ok("colors", { ...DEMO_COLORS, primary: "red" })).toBe(false);
    expect(ok("youtube_url", "https://www.youtube-nocookie.com/embed/")).toBe(true);
    expect(ok("youtube_url", "https://evil.example/embed/")).toBe(false);
    expect(ok("youtube_url", "http://www.youtube.com/")).toBe(false);
    expect(ok("vimeo_url", "https://player.vimeo.com/video/")).toBe(true);
    expect(ok("vimeo_url", "https://vimeo.com.evil.example/")).toBe(false);
    expect(ok("richiediimmagine_email", "archivio@example.org")).toBe(true);
    expect(ok("richiediimmagine_email", "not-an-address")).toBe(false);
    expect(ok("richiediimmagine_terms", "condizioni-riproduzioni")).toBe(true);
    expect(ok("richiediimmagine_terms", null)).toBe(true);
    expect(ok("richiediimmagine_terms", "../admin")).toBe(false);
    expect(ok("richiediimmagine_terms", "Condizioni per tutti")).toBe(false);
    expect(ok("matomo_site_id", "12")).toBe(true);
    expect(ok("matomo_site_id", "12; drop")).toBe(false);
    expect(ok("dateFormat", "DD/MM/YYYY")).toBe(true);
    expect(ok("dateFormat", "%d")).toBe(false);
    expect(ok("customjs", { noRelevance: true, timeline: { from: 1800, to: 1950 }, query_Manager: "table=ca_objects" })).toBe(true);
    expect(ok("customjs", { timeline: { from: 1950, to: 1800 } })).toBe(false);
    expect(ok("customjs", { onload: "alert(1)" })).toBe(false);
    // the search queries are ones the search page accepts (decision 113)
    expect(ok("customjs", { query: "filtro=luoghi&table=ca_objects", queryAlbero: "?filtro=luoghi", query_Manager: "" })).toBe(true);
    expect(ok("customjs", { queryAlbero: "luoghi, soggetti" })).toBe(false);
    expect(ok("customjs", { query: "table=tavoli" })).toBe(false);
    expect(ok("customjs", { query_Manager: "filtro=<script>" })).toBe(false);
    expect(
      ok("customjs", { searchType: "or", switchItems: false, switchTable: false, metadatiCard: ["tecnica"], tagCard: ["luoghi"] }),
    ).toBe(true);
    expect(ok("customjs", { searchType: "xor" })).toBe(false);
    expect(ok("detailjs", { dateLabel: "Data", filtroHighlight: ["a"] })).toBe(true);
    expect(ok("detailjs", { dateLabel: 3 })).toBe(false);
    expect(ok("patternPassword", null)).toBe(true);
  });
  it("reads a list from repeated fields, dropping blank rows; list operations", () => {
    const menu = item("menu");
    const v = valueFromForm(
      menu,
      form([
        ["label", "A"],
        ["path", "/a"],
        ["label", ""],
        ["path", ""],
        ["label", "B"],
        ["path", "/b"],
      ]),
    );
    expect(v).toEqual([
      { label: "A", path: "/a" },
      { label: "B", path: "/b" },
    ]);
    expect(applyRowOp([1, 2, 3], "up:2", () => 0, 5)).toEqual([1, 3, 2]);
    expect(applyRowOp([1, 2, 3], "down:0", () => 0, 5)).toEqual([2, 1, 3]);
    expect(applyRowOp([1, 2, 3], "remove:1", () => 0, 5)).toEqual([1, 3]);
    expect(applyRowOp([1, 2], "add", () => 0, 2)).toEqual([1, 2]);
    expect(applyRowOp([1], "add", () => 0, 2)).toEqual([1, 0]);
    expect(applyRowOp([1], "drop:0", () => 0, 2)).toBeNull();
  });
});

describe("diff", () => {
  it("shows what changed in an object, line by line", () => {
    const d = diffValues({ primary: "#111111", primaryDark: "#000000" }, { primary: "#222222", primaryDark: "#000000" });
    expect(d).toContainEqual({ op: "del", text: "primary: #111111" });
    expect(d).toContainEqual({ op: "add", text: "primary: #222222" });
    expect(compactDiff(diffValues("a\nb\nc\nd\ne\nf\ng", "a\nb\nc\nd\ne\nf\nX"), 1)).toEqual(
      [null, { op: "same", text: "f" }, { op: "del", text: "g" }, { op: "add", text: "X" }].slice(1),
    );
  });
});
