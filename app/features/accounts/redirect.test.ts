import { describe, expect, it } from "vitest";
import { isPublicPage, loginTarget, logoutHref, logoutTarget } from "./redirect";
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

// Issue 31: signing out goes back to the public page the user was on, else home; never to the login page.
describe("signing out's redirect", () => {
  it.each(HOSTILE_REDIRECTS.map((v) => [v]))("sends %j to the language's home", (bad) => {
    expect(logoutTarget(bad, "fr")).toBe("/fr");
    expect(logoutTarget(bad, "it")).toBe("/");
  });

  it("goes home without a page, or from the login page, in the language given", () => {
    for (const none of [null, undefined, "", "/login", "/fr/login?redirect=/fr/cerca"]) {
      expect(logoutTarget(none, "it")).toBe("/");
      expect(logoutTarget(none, "fr")).toBe("/fr");
      expect(logoutTarget(none, "de")).toBe("/de");
    }
  });

  it("comes back to the public page it was given", () => {
    expect(logoutTarget("/fr/cerca?q=roma&page=2", "fr")).toBe("/fr/cerca?q=roma&page=2");
    expect(logoutTarget("/oggetti/12/ritratto", "it")).toBe("/oggetti/12/ritratto");
  });

  const match = (id: string, capability?: string) => ({ id, handle: capability ? { capability } : undefined });

  it("names the page in the link only when every route of it is public", () => {
    const record = [match("root"), match("fr:record", "PUBLIC")];
    expect(isPublicPage(record)).toBe(true);
    expect(logoutHref("fr", { path: "/fr/oggetti/12?x=a b", public: isPublicPage(record) })).toBe(
      `/api/auth/logout?locale=fr&next=${encodeURIComponent("/fr/oggetti/12?x=a b").replace(/%20/g, "+")}`,
    );
    // a public route whose data says it shows something restricted (a record at access 2) is not public
    const restricted = {
      id: "it:record",
      handle: { capability: "PUBLIC", publicWhen: (d: unknown) => (d as { access: number }).access === 1 },
    };
    expect(isPublicPage([match("root"), { ...restricted, data: { access: 1 } }])).toBe(true);
    expect(isPublicPage([match("root"), { ...restricted, data: { access: 2 } }])).toBe(false);
    // the workspace, the settings (a layout and its page), the console; a module without a capability is private
    for (const page of [
      [match("root"), match("it:collections", "PRIVATE")],
      [match("root"), match("it:impostazioni", "ADMIN"), match("it:settings-general", "ADMIN")],
      [match("root"), match("it:console", "ADMIN")],
      [match("root"), match("it:account-security")],
      [match("root")],
    ]) {
      expect(isPublicPage(page)).toBe(false);
      expect(logoutHref("it", { path: "/settings/general", public: isPublicPage(page) })).toBe("/api/auth/logout?locale=it");
    }
  });
});
