import type { Route } from "./+types/api-getMappe";
import { methodNotAllowed, readJson } from "~/features/workspace/index.server";
import { getMapsCall } from "../http.server";

export const handle = { capability: "PRIVATE" };

/** POST /api/auth/docs/getMappe (and /api/auth/firebase/getMappe, spec §7's address) {locale}: the signed-in user's saved relational maps, newest first (decision 111). */
export async function action({ request, context, url }: Route.ActionArgs) {
  return getMapsCall(context, url, await readJson(request));
}

export const loader = methodNotAllowed;
