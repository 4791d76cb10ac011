import { data } from "react-router";

export type ErrorBody = { code: number; messageKey: string; message?: string };

const fail = (status: number, messageKey: string, message?: string) =>
  data<ErrorBody>({ code: status, messageKey, message }, { status });

export const badRequest = (message: string, messageKey = "error.badRequest") => fail(400, messageKey, message);
export const notFound = (messageKey = "error.notFound") => fail(404, messageKey);
export const forbidden = (messageKey = "error.forbidden") => fail(403, messageKey);
export const conflict = (messageKey = "error.conflict") => fail(409, messageKey);
export const tooManyRequests = (messageKey = "error.tooManyRequests") => fail(429, messageKey);

/** JSON error for resource routes. */
export function jsonError(status: number, message: string) {
  return Response.json({ error: { code: status, message } }, { status });
}
