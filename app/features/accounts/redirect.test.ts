import { describe, expect, it } from "vitest";
import { loginTarget } from "./redirect";

// The hostile targets every redirect refuses are in app/lib/safe-path.test.ts (one rule, decision 077).
describe("the login page's redirect", () => {
  it.each(["/login", "/en/login?redirect=/x", "/de/login", "/fr/login#x", "/./login", ""])("goes home instead of to %j", (bad) => {
    expect(loginTarget(bad, "it")).toBe("/");
    expect(loginTarget(bad, "en")).toBe("/en");
    // A further interface language keeps its own home (decision 075).
    expect(loginTarget(bad, "de")).toBe("/de");
  });

  it.each([
    ["/cerca?q=roma&filtro=pin%7CPin", "/cerca?q=roma&filtro=pin%7CPin"],
    ["/en/oggetti/12/ritratto", "/en/oggetti/12/ritratto"],
    ["/login-help", "/login-help"],
  ])("follows %j", (good, expected) => {
    expect(loginTarget(good, "it")).toBe(expected);
  });
});
