import { data } from "react-router";

export type ErrorBody = { code: number; messageKey: string; message?: string };

/** A page's "not found": the same answer for a missing record and one the viewer may not see. */
export const notFound = (messageKey = "error.notFound") => data<ErrorBody>({ code: 404, messageKey }, { status: 404 });

/** JSON error for resource routes. */
export function jsonError(status: number, message: string) {
  return Response.json({ error: { code: status, message } }, { status });
}

/** Header that marks a 503 as the database's (server/guard.ts then checks the database before the next request). */
export const UNAVAILABLE_HEADER = "X-Database";

/** What a page or API request throws while the database cannot be reached (a Response, or a page's error data). */
export function databaseUnavailable(resource: boolean) {
  const headers = { "Retry-After": "5", "Cache-Control": "no-store", [UNAVAILABLE_HEADER]: "unavailable" };
  if (resource) return Response.json({ error: { code: 503, message: "Service Unavailable" } }, { status: 503, headers });
  return data<ErrorBody>({ code: 503, messageKey: "error.unavailable" }, { status: 503, headers });
}
