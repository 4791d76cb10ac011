import { describe, expect, it } from "vitest";
import { loginRedirectPath } from "./guard";

describe("loginRedirectPath", () => {
  it("sends to the login page of the URL's interface language, German included", () => {
    const to = (p: string) => loginRedirectPath(new URL(p, "http://teca.example"));
    expect(to("/collections?x=1")).toBe("/login?redirect=%2Fcollections%3Fx%3D1");
    expect(to("/en/collections")).toBe("/en/login?redirect=%2Fen%2Fcollections");
    expect(to("/fr/settings/general")).toBe("/fr/login?redirect=%2Ffr%2Fsettings%2Fgeneral");
    // German reads the Italian content, but its pages (login included) are under /de
    expect(to("/de/collections")).toBe("/de/login?redirect=%2Fde%2Fcollections");
    expect(to("/de")).toBe("/de/login?redirect=%2Fde");
  });
});
