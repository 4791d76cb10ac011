import type { Route } from "./+types/annotations-api-getAnnotations";
import { annotationCall, getAnnotationsCall } from "../http.server";

/** POST /api/auth/docs/getAnnotations (issue 32 §1, decision 097): see getAnnotationsCall. */
export const handle = { capability: "PRIVATE" };

export const action = (args: Route.ActionArgs) => annotationCall(args, getAnnotationsCall);

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
