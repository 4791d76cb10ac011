import type { Route } from "./+types/annotations-api-deleteAnnotation";
import { annotationCall, deleteAnnotationCall } from "../http.server";

/** POST /api/auth/docs/deleteAnnotation (issue 32 §1, decision 097): see deleteAnnotationCall. */
export const handle = { capability: "PRIVATE" };

export const action = (args: Route.ActionArgs) => annotationCall(args, deleteAnnotationCall);

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
