import { describe, expect, it } from "vitest";
import { loginTarget } from "./redirect";

describe("the login page's redirect", () => {
  it.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/\tevil",
    "/foo\nbar",
    "/%0d%0aSet-Cookie:x=y",
    "/%00",
    "evil.example",
    "",
    "/login",
    "/en/login?redirect=/x",
    "/de/login",
    "/%E0%A4%A",
  ])("refuses %j", (bad) => {
    expect(loginTarget(bad, "it")).toBe("/");
    expect(loginTarget(bad, "en")).toBe("/en");
    // A further interface language keeps its own home (decision 075).
    expect(loginTarget(bad, "de")).toBe("/de");
  });

  it.each([
    ["/cerca?q=roma&filtro=pin%7CPin", "/cerca?q=roma&filtro=pin%7CPin"],
    ["/en/oggetti/12/ritratto", "/en/oggetti/12/ritratto"],
    ["/fr", "/fr"],
    ["/oggetti/1#media", "/oggetti/1#media"],
    ["/cerca?q=caff%C3%A8", "/cerca?q=caff%C3%A8"],
  ])("follows %j", (good, expected) => {
    expect(loginTarget(good, "it")).toBe(expected);
  });
});
