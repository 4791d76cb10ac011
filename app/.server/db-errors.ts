/** PostgreSQL error classes and codes that mean "the database is not there right now", not "this query is wrong". */
const UNAVAILABLE_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "55000",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|not queryable|Connection ended|server closed the connection|terminating connection/i;

/**
 * Whether an error means the database cannot be reached (a restart, a network cut, no free connection):
 * the request is answered 503 "come back in a moment" instead of a 500 (issue 11). Looks through `cause`
 * (Drizzle wraps the driver's error).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}
