import type { Route } from "./+types/annotations-api-updateAnnotation";
import { annotationCall, updateAnnotationCall } from "../http.server";

/** POST /api/auth/docs/updateAnnotation (issue 32 §1, decision 097): see updateAnnotationCall. */
export const handle = { capability: "PRIVATE" };

export const action = (args: Route.ActionArgs) => annotationCall(args, updateAnnotationCall);

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
