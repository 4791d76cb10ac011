import { describe, expect, it } from "vitest";
import { safeLocalPath } from "./safe-path";
import { HOSTILE_REDIRECTS, LOCAL_REDIRECTS } from "../../tests/fixtures/open-redirects";

/** What a browser does with a Location header: resolve it against the page it came from. */
const followedFrom = (location: string) => new URL(location, "https://teca.example/oggetti/1").origin;

describe("safeLocalPath: the one local-path rule for every redirect (decision 077)", () => {
  it("has at least forty hostile variants to refuse", () => expect(HOSTILE_REDIRECTS.length).toBeGreaterThanOrEqual(40));

  it.each(HOSTILE_REDIRECTS.map((v) => [v]))("refuses %j", (bad) => {
    expect(safeLocalPath(bad)).toBe("/");
    expect(safeLocalPath(bad, "/en")).toBe("/en");
  });

  it.each(LOCAL_REDIRECTS)("follows %j as %j", (good, expected) => {
    expect(safeLocalPath(good, "")).toBe(expected);
    expect(followedFrom(safeLocalPath(good, ""))).toBe("https://teca.example");
  });

  it("never answers a value a browser would take to another origin, whatever it is given", () => {
    // Every hostile value with every prefix and suffix an attacker might add around it.
    for (const v of HOSTILE_REDIRECTS)
      for (const wrapped of [v, `/a${v}`, `/a/..${v}`, `${v}?x=1`, `/%2e${v}`, encodeURIComponent(v), `/${encodeURIComponent(v)}`]) {
        const out = safeLocalPath(wrapped);
        expect(out.startsWith("/") && !out.startsWith("//") && !out.includes("\\"), JSON.stringify(wrapped)).toBe(true);
        expect(followedFrom(out), JSON.stringify(wrapped)).toBe("https://teca.example");
      }
  });

  it("refuses a value longer than any address the site makes", () => {
    expect(safeLocalPath(`/cerca?q=${"a".repeat(3000)}`)).toBe("/");
  });
});
