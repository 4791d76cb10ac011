import { data } from "react-router";

export type ErrorBody = { code: number; messageKey: string; message?: string };

/** A page's "not found": the same answer for a missing record and one the viewer may not see. */
export const notFound = (messageKey = "error.notFound") => data<ErrorBody>({ code: 404, messageKey }, { status: 404 });

/** JSON error for resource routes. */
export function jsonError(status: number, message: string) {
  return Response.json({ error: { code: status, message } }, { status });
}
