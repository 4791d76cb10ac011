import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./db-errors";

describe("isDatabaseUnavailable", () => {
  it("knows a database that is away from a query that is wrong", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('database "x" is not currently accepting connections'), { code: "55000" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connection failure"), { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    // Drizzle wraps the driver's error
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: Object.assign(new Error("x"), { code: "57P03" }) }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error at or near "selec"'), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
