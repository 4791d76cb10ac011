import type { Route } from "./+types/annotations-api-addAnnotation";
import { annotationCall, addAnnotationCall } from "../http.server";

/** POST /api/auth/docs/addAnnotation (issue 32 §1, decision 097): see addAnnotationCall. */
export const handle = { capability: "PRIVATE" };

export const action = (args: Route.ActionArgs) => annotationCall(args, addAnnotationCall);

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
