import type { Route } from "./+types/annotations-api-isAnnotationsRead";
import { annotationCall, isAnnotationsReadCall } from "../http.server";

/** POST /api/auth/docs/isAnnotationsRead (issue 32 §1, decision 097): see isAnnotationsReadCall. */
export const handle = { capability: "PRIVATE" };

export const action = (args: Route.ActionArgs) => annotationCall(args, isAnnotationsReadCall);

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
