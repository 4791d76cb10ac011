import { describe, expect, it } from "vitest";
import { loginTarget } from "./redirect";
import { HOSTILE_REDIRECTS } from "../../../tests/fixtures/open-redirects";

// The rule itself is tested in app/lib/safe-path.test.ts (one rule, decision 077); here, that the login
// page's target goes through it and falls back to the language's home.
describe("the login page's redirect", () => {
  it.each(HOSTILE_REDIRECTS.map((v) => [v]))("sends %j to the language's home", (bad) => {
    expect(loginTarget(bad, "fr")).toBe("/fr");
  });

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
