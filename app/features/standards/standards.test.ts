import { describe, expect, it } from "vitest";
import { el, escapeXml, frag } from "./xml";
import { decodeToken, encodeToken } from "./oai-token";
import { edmRights, licenceUri, RIGHTS_IN_COPYRIGHT, RIGHTS_NOT_EVALUATED } from "./licence";
import { jsonLdScript, prefersJsonLd } from "./jsonld";
import { parseOaiDate } from "./oai.server";
import { isoDate, isoSpan } from "./harvest.server";

describe("xml writer", () => {
  it("escapes text and attributes and drops characters XML forbids", () => {
    expect(escapeXml(`a<b>&"c"'\u0001\uFFFE`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;&apos;");
    expect(escapeXml("a\uD800b 😀 è\tok\n")).toBe("ab 😀 è\tok\n");
    expect(el("dc:title", { "xml:lang": "it", skip: null }, "<x> & y").xml).toBe('<dc:title xml:lang="it">&lt;x&gt; &amp; y</dc:title>');
    expect(el("a", { href: 'x" onload="y' }).xml).toBe('<a href="x&quot; onload=&quot;y"/>');
    expect(frag(el("a"), "b", null, false, [el("c", {}, 1)]).xml).toBe("<a/>b<c>1</c>");
  });
  it("refuses names that are not XML names", () => {
    expect(() => el("a b")).toThrow();
    expect(() => el("a", { "x y": "1" })).toThrow();
  });
});

describe("OAI-PMH resumption tokens", () => {
  const state = {
    verb: "ListRecords" as const,
    prefix: "oai_dc",
    set: null,
    from: "2026-01-01",
    until: null,
    after: ["2026-01-01T00:00:00.000001Z", "ca_objects", "a"] as [string, string, string],
    cursor: 100,
    total: 250,
  };
  it("round-trip, and expire", () => {
    const now = Date.now();
    const token = encodeToken({ ...state, exp: Math.floor(now / 1000) + 60 });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{12}$/);
    expect(decodeToken(token, now)).toMatchObject(state);
    expect(decodeToken(token, now + 61_000)).toBe("expired");
  });
  it("a damaged or foreign token is not one", () => {
    const token = encodeToken({ ...state, exp: 2e9 });
    const [payload, sum] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), cursor: 0 })).toString(
      "base64url",
    );
    expect(decodeToken(`${forged}.${sum}`)).toBeNull();
    expect(decodeToken("abc")).toBeNull();
    expect(decodeToken("x".repeat(3000))).toBeNull();
  });
  it("a token whose checksum is right but whose position is not a position is not one (a harvester gets badResumptionToken, not a 500)", () => {
    for (const after of [
      ["not-a-date", "ca_objects", "a"],
      ["2026-13-45T99:00:00Z", "ca_objects", "a"],
      ["2026-01-01T00:00:00Z", "x'; drop", "a"],
      ["2026-01-01T00:00:00Z", "ca_objects", ""],
    ]) {
      const token = encodeToken({ ...state, after: after as [string, string, string], exp: 2e9 });
      expect(decodeToken(token), JSON.stringify(after)).toBeNull();
    }
  });
});

describe("OAI dates", () => {
  it("day and seconds granularity, invalid dates refused", () => {
    expect(parseOaiDate("2026-11-23")).toEqual({
      start: new Date("2026-11-23T00:00:00Z"),
      next: new Date("2026-11-24T00:00:00Z"),
      granularity: "day",
    });
    expect(parseOaiDate("2026-11-23T10:00:05Z")?.next).toEqual(new Date("2026-11-23T10:00:06Z"));
    for (const bad of ["2026-02-30", "2026-11-23T25:00:00Z", "2026-11-23T10:00:00", "23/11/2026", "2026-11-23T10:00:00.5Z"])
      expect(parseOaiDate(bad), bad).toBeNull();
  });
  it("record spans in W3CDTF, BCE years astronomically", () => {
    expect(isoSpan("1846-01-01", "1846-12-31")).toBe("1846");
    expect(isoSpan("1846-01-01", "1850-12-31")).toBe("1846/1850");
    expect(isoSpan("1911-03-01", "1911-06-30")).toBe("1911-03-01/1911-06-30");
    expect(isoDate("0044-03-15 BC")).toBe("-0043-03-15");
    expect(isoSpan(null, null)).toBeNull();
  });
});

describe("licences as rights URIs", () => {
  it("Creative Commons names, codes and URLs; © is In Copyright; else not evaluated", () => {
    expect(licenceUri("CC0-1.0")).toBe("http://creativecommons.org/publicdomain/zero/1.0/");
    expect(licenceUri("CC0 1.0")).toBe("http://creativecommons.org/publicdomain/zero/1.0/");
    expect(licenceUri("CC BY 4.0")).toBe("http://creativecommons.org/licenses/by/4.0/");
    expect(licenceUri("CC-BY-SA-4.0")).toBe("http://creativecommons.org/licenses/by-sa/4.0/");
    expect(licenceUri("CC BY-NC 4.0")).toBe("http://creativecommons.org/licenses/by-nc/4.0/");
    expect(licenceUri("https://creativecommons.org/licenses/by-nc-nd/3.0/it/")).toBe(
      "http://creativecommons.org/licenses/by-nc-nd/3.0/it/",
    );
    expect(licenceUri("© Archivio Penone")).toBe(RIGHTS_IN_COPYRIGHT);
    expect(licenceUri("labels: i18n-iso-countries (MIT)")).toBeNull();
    expect(edmRights("labels: i18n-iso-countries (MIT)")).toBe(RIGHTS_NOT_EVALUATED);
    expect(edmRights(null)).toBe(RIGHTS_NOT_EVALUATED);
  });
});

describe("JSON-LD helpers", () => {
  it("the inline script cannot be closed by content", () => {
    const s = jsonLdScript({ name: "</script><!-- & \u2028" });
    expect(s).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(s)).toEqual({ name: "</script><!-- & \u2028" });
  });
  it("content negotiation honours q-values; browsers get HTML", () => {
    expect(prefersJsonLd("application/ld+json")).toBe(true);
    expect(prefersJsonLd("application/ld+json, */*;q=0.1")).toBe(true);
    expect(prefersJsonLd("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")).toBe(false);
    expect(prefersJsonLd("text/html;q=0.5, application/ld+json;q=0.9")).toBe(true);
    expect(prefersJsonLd("application/ld+json;q=0")).toBe(false);
    expect(prefersJsonLd(undefined)).toBe(false);
  });
});
