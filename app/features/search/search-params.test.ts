import { describe, expect, it } from "vitest";
import { effectiveSort, isDateError, parseSearchParams, sanitizeQueryValue, searchQueryString } from "./search-params";
import { buildTsQuery } from "./search.server";

const parse = (qs: string, opts?: Parameters<typeof parseSearchParams>[1]) => parseSearchParams(new URLSearchParams(qs), opts);

describe("search parameters", () => {
  it("has the spec's defaults", () => {
    const r = parse("");
    expect(r.ok && r.params).toMatchObject({
      q: "",
      mode: "and",
      tables: ["ca_objects", "ca_entities", "ca_occurrences", "objects"],
      filters: [],
      media: "all",
      sort: null,
      view: "auigrid",
      page: 0,
      shuffle: false,
    });
  });
  it("accepts every documented value", () => {
    const r = parse(
      "q=porto+genova&mode=or&table=ca_places&table=assets&filtro=a&filtro=pin|Pin&from=1800&to=31/12/1850&media=con_media&sort=taz&view=auitable&page=3&showshuffle=1&print=1",
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.params).toMatchObject({
      q: "porto genova",
      mode: "or",
      tables: ["ca_places", "assets"],
      filters: ["a", "pin|Pin"],
      media: "con_media",
      sort: "taz",
      view: "auitable",
      page: 2,
      shuffle: true,
      print: true,
    });
    expect(r.params.from).toEqual({ year: 1800, month: 1, day: 1 });
    expect(r.params.to).toEqual({ year: 1850, month: 12, day: 31 });
  });
  it.each([
    ["sort=relevance", "sort"],
    ["sort[$ne]=az", "sort[$ne]"],
    ["q[$gt]=", "q[$gt]"],
    ["q=a&q=b", "q"],
    ["page=-1", "page"],
    ["page=1e3", "page"],
    ["page=12345678", "page"],
    ["page=x", "page"],
    ["view=list", "view"],
    ["media=yes", "media"],
    ["mode=xor", "mode"],
    ["table=users", "table"],
    ["table=ca_objects;drop%20table%20records", "table"],
    ["filtro=a'%20or%20'1'='1", "filtro"],
    ["filtro=../../x", "filtro"],
    ["shuffle=maybe", "shuffle"],
    ["utm_source=x", "utm_source"],
  ])("rejects %s naming the parameter", (qs, param) => {
    const r = parse(qs);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.param).toBe(param);
  });
  it("rejects invalid dates with the spec's message", () => {
    for (const qs of ["from=31/02/1900", "to=yesterday", "from=1900&to=1800"]) {
      const r = parse(qs);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.message).toBe("Le date (o la data) inserite non sono valide");
        expect(r.error.messageKey).toBe("search.invalidDates");
      }
    }
  });
  it("limits the text length", () => {
    expect(parse(`q=${"a".repeat(201)}`).ok).toBe(false);
    expect(parse(`q=${"a".repeat(200)}`).ok).toBe(true);
  });
  it("sanitised mode strips scripts, on-event attributes and script links from the text", () => {
    expect(sanitizeQueryValue("ritratto <script>alert(1)</script> donna")).toBe("ritratto donna");
    expect(sanitizeQueryValue('<img src=x onerror="alert(1)"> vaso')).toBe("<img src=x > vaso");
    expect(sanitizeQueryValue("javascript:alert(1) lettera data:text/html,xx")).toBe("lettera");
    const r = parse(`q=${encodeURIComponent("<script>x</script>porto")}`, { sanitize: true });
    expect(r.ok && r.params.q).toBe("porto");
  });
  it("offers relevance only with text, unless disabled", () => {
    expect(effectiveSort({ q: "", sort: null })).toBe("az");
    expect(effectiveSort({ q: "", sort: "ss" })).toBe("az");
    expect(effectiveSort({ q: "porto", sort: null })).toBe("ss");
    expect(effectiveSort({ q: "porto", sort: null }, { noRelevance: true })).toBe("az");
    expect(effectiveSort({ q: "porto", sort: "on" })).toBe("on");
  });
  it("takes the site's default order (customjs orderBy) when the visitor picks none; relevance still needs text", () => {
    expect(effectiveSort({ q: "", sort: null }, { orderBy: "no" })).toBe("no");
    expect(effectiveSort({ q: "porto", sort: null }, { orderBy: "on" })).toBe("on");
    expect(effectiveSort({ q: "porto", sort: "az" }, { orderBy: "on" })).toBe("az");
    expect(effectiveSort({ q: "", sort: null }, { orderBy: "ss" })).toBe("az");
    expect(effectiveSort({ q: "porto", sort: null }, { orderBy: "ss", noRelevance: true })).toBe("az");
  });
  it("counts pages from 1 in the URL and from 0 inside, reading the old page=0 as the first page", () => {
    const idx = (qs: string) => {
      const r = parse(qs);
      return r.ok ? r.params.page : null;
    };
    expect(idx("")).toBe(0);
    expect(idx("page=1")).toBe(0);
    expect(idx("page=0")).toBe(0);
    expect(idx("page=3")).toBe(2);
    expect(idx("page=999999")).toBe(3332);
    expect(searchQueryString({ page: 0 })).toBe("");
    expect(searchQueryString({ page: 2 })).toBe("?page=3");
  });
  it("tells a reversed date range from an invalid date", () => {
    const rev = parse("q=a&from=1950&to=1900");
    expect(!rev.ok && rev.error).toMatchObject({ param: "from", messageKey: "search.invalidDates", reversed: true });
    const bad = parse("q=a&from=31/02/1900");
    expect(!bad.ok && bad.error).toMatchObject({ param: "from", messageKey: "search.invalidDates" });
    expect(!bad.ok && bad.error.reversed).toBeFalsy();
    expect(!bad.ok && isDateError(bad.error)).toBe(true);
    const other = parse("sort=x");
    expect(!other.ok && isDateError(other.error)).toBe(false);
  });
  it("round-trips the state through the query string", () => {
    const r = parse("q=porto&filtro=a&filtro=b&from=1800&media=senza_media&sort=za&view=auimasonry&page=2&table=ca_places");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const again = parse(searchQueryString(r.params).slice(1));
    expect(again.ok && again.params).toEqual(r.params);
  });
});

describe("text query", () => {
  it("joins words with AND or OR and prefix-matches the last one", () => {
    expect(buildTsQuery("Porto di Genova", "and")).toBe("porto & di & genova:*");
    expect(buildTsQuery("porto genova", "or")).toBe("porto | genova:*");
  });
  it("drops operators and punctuation so no tsquery syntax gets through", () => {
    expect(buildTsQuery("a & b | !c <-> d:* 'x'", "and")).toBe("a & b & c & d & x:*");
    expect(buildTsQuery("'; drop table records; --", "and")).toBe("drop & table & records:*");
    expect(buildTsQuery("  !!! ", "and")).toBeNull();
    expect(buildTsQuery("Città più", "and")).toBe("città & più:*");
  });
});

describe("filter tree loading", () => {
  const node = (id: string, parentId: string | null, path: string) => ({ id, name: id, parentId, path, count: 1, type: "common" });
  const nodes = [
    node("a", null, "a"),
    node("a1", "a", "a/a1"),
    node("a1x", "a1", "a/a1/a1x"),
    node("b", null, "b"),
    node("b1", "b", "b/b1"),
  ];
  it("shows roots, and children only of expanded or selected branches", async () => {
    const { visibleTree } = await import("./search.server");
    expect(visibleTree(nodes, { filters: [], open: [] }).map((n) => [n.id, n.hasChildren])).toEqual([
      ["a", true],
      ["b", true],
    ]);
    expect(visibleTree(nodes, { filters: [], open: ["b"] }).map((n) => n.id)).toEqual(["a", "b", "b1"]);
    expect(visibleTree(nodes, { filters: ["a1x"], open: [] }).map((n) => n.id)).toEqual(["a", "a1", "a1x", "b"]);
  });
});

describe("map area (bbox)", () => {
  it("reads west,south,east,north and writes it back", () => {
    const r = parse("view=map&bbox=7.5,44.1,9.25,45.3");
    expect(r.ok && r.params.bbox).toEqual({ west: 7.5, south: 44.1, east: 9.25, north: 45.3 });
    if (!r.ok) return;
    expect(searchQueryString(r.params)).toBe("?view=map&bbox=7.5%2C44.1%2C9.25%2C45.3");
    expect(searchQueryString({ bbox: { west: 7.123456789, south: -1, east: 8, north: 2 } })).toBe("?bbox=7.12346%2C-1%2C8%2C2");
  });
  it("has no area by default", () => {
    const r = parse("");
    expect(r.ok && r.params.bbox).toBeNull();
  });
  it.each(["1,2,3", "1,2,3,4,5", "a,b,c,d", "0,0,200,10", "0,-95,1,1", "10,0,5,1", "0,10,1,5", "1e2,0,2,1", "", "0x10,0,20,1"])(
    "refuses bbox=%s, naming the parameter",
    (v) => {
      const r = parse(`bbox=${encodeURIComponent(v)}`);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.param).toBe("bbox");
    },
  );
});

describe("what the address names, against the site's defaults (decisions 112, 113)", () => {
  const parse = (qs: string) => {
    const r = parseSearchParams(new URLSearchParams(qs));
    if (!r.ok) throw new Error(r.error.message);
    return r.params;
  };
  it("knows whether the mode was named, and keeps a named 'and' in links", () => {
    expect(parse("q=a").modeExplicit).toBe(false);
    expect(parse("q=a&mode=and").modeExplicit).toBe(true);
    expect(searchQueryString(parse("q=a&mode=and"))).toBe("?q=a&mode=and");
    expect(searchQueryString(parse("q=a"))).toBe("?q=a");
  });
  it("knows whether the open nodes were named; `open=` alone is none, and stays so in links", () => {
    expect(parse("").openExplicit).toBe(false);
    expect(parse("open=").open).toEqual([]);
    expect(parse("open=").openExplicit).toBe(true);
    expect(searchQueryString(parse("open="))).toBe("?open=");
    expect(searchQueryString(parse("open=luoghi"))).toBe("?open=luoghi");
  });
});
