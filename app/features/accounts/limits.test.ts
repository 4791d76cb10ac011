import { describe, expect, it } from "vitest";
import { accountKey, clientNetwork, loginLimits } from "./limits.server";

describe("the client a sign-in limit counts", () => {
  it("is an IPv4 address itself, an IPv4-mapped IPv6 address as IPv4", () => {
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::FFFF:203.0.113.9")).toBe("203.0.113.9");
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const net = "2001:db8:a:b::/64";
    for (const a of [
      "2001:db8:a:b::1",
      "2001:0db8:000a:000b:0000:0000:0000:0001",
      "2001:DB8:A:B:ffff:ffff:ffff:ffff",
      "2001:db8:a:b:1::",
      "2001:db8:a:b::2%eth0",
    ]) {
      expect(clientNetwork(a), a).toBe(net);
    }
    expect(clientNetwork("2001:db8:a:c::1")).toBe("2001:db8:a:c::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(clientNetwork("1:2:3:4:5:6:1.2.3.4")).toBe("1:2:3:4::/64");
  });

  it("is anything else as given (no address: the empty string, one client)", () => {
    expect(clientNetwork("")).toBe("");
    expect(clientNetwork("not an address")).toBe("not an address");
  });
});

describe("keys and settings", () => {
  it("name an account regardless of case and spaces, by a hash", () => {
    expect(accountKey(" Rita@Example.org ")).toBe(accountKey("rita@example.org"));
    expect(accountKey("rita@example.org")).toMatch(/^[0-9a-f]{32}$/);
    expect(accountKey("rita@example.org")).not.toBe(accountKey("rita@example.com"));
  });

  it("read the limits from the environment, with defaults for missing or bad values", () => {
    expect(loginLimits({})).toEqual({ windowMs: 900_000, perAccount: 10, perAddress: 50 });
    expect(loginLimits({ LOGIN_WINDOW_MINUTES: "5", LOGIN_MAX_FAILURES_ACCOUNT: "3", LOGIN_MAX_FAILURES_ADDRESS: "7" })).toEqual({
      windowMs: 300_000,
      perAccount: 3,
      perAddress: 7,
    });
    expect(loginLimits({ LOGIN_WINDOW_MINUTES: "-1", LOGIN_MAX_FAILURES_ACCOUNT: "tre", LOGIN_MAX_FAILURES_ADDRESS: "0" })).toEqual({
      windowMs: 900_000,
      perAccount: 10,
      perAddress: 50,
    });
  });
});
