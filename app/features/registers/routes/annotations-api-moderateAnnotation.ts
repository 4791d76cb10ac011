import type { Route } from "./+types/annotations-api-moderateAnnotation";
import { annotationCall, moderateAnnotationCall } from "../http.server";

/** POST /api/auth/docs/moderateAnnotation (issue 32 §1, decision 097): see moderateAnnotationCall. */
export const handle = { capability: "MANAGE_ANNOTATIONS" };

export const action = (args: Route.ActionArgs) => annotationCall(args, moderateAnnotationCall);

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
