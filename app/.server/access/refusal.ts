import { data } from "react-router";
import type { ErrorBody } from "../errors";

/**
 * The one refusal: a service (or the guard) says the viewer may not do this, and with which status. The route
 * wrapper (guard.ts) answers it, once for every route: a page gets the error page of its status and message, a
 * resource route (the API) `{error: {code, message}}`. A viewer who may not know a thing exists gets 404, the
 * same answer as a thing that does not exist.
 *
 * A JSON call that answers in its body's language rather than the guard's English (the workspace's document calls,
 * the users' calls) catches it with `isRefusal` and translates `messageKey` itself; so does a page
 * action that shows a refusal on the page (a shared user who may not rename a collection).
 *
 * Recognised by a brand, not by `instanceof`: the route modules are bundled apart from the server that wraps
 * them, each with its own copy of this class.
 */
const BRAND = Symbol.for("teca.access.refusal");

const STATUS_TEXT: Record<RefusalStatus, string> = { 403: "Forbidden", 404: "Not Found" };
const STATUS_KEY: Record<RefusalStatus, string> = { 403: "error.forbidden", 404: "error.notFound" };

export type RefusalStatus = 403 | 404;

export class Refusal extends Error {
  readonly [BRAND] = true;
  readonly messageKey: string;
  constructor(
    readonly status: RefusalStatus = 404,
    messageKey?: string,
  ) {
    super(STATUS_TEXT[status]);
    this.name = "Refusal";
    this.messageKey = messageKey ?? STATUS_KEY[status];
  }
}

/** Not found, for this viewer: what they may not see or do, told apart from nothing missing. */
export const notFoundForViewer = () => new Refusal(404);

export function isRefusal(err: unknown): err is Refusal {
  return typeof err === "object" && err !== null && (err as { [BRAND]?: unknown })[BRAND] === true;
}

/** The answer to a refusal: the error page of its status (a page), or its JSON (a resource route). */
export function refusalAnswer(err: Refusal, resource: boolean) {
  if (resource) return Response.json({ error: { code: err.status, message: STATUS_TEXT[err.status] } }, { status: err.status });
  return data<ErrorBody>({ code: err.status, messageKey: err.messageKey }, { status: err.status });
}
