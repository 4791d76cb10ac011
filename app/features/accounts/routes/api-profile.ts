import type { Route } from "./+types/api-profile";
import { currentProfile } from "../login.server";

export const handle = { capability: "PUBLIC" };

/** GET /api/auth/profile: the signed-in user, or 401 for a visitor (spec §7). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await currentProfile({ database: context.database, viewer: context.viewer });
  if (!user)
    return Response.json({ error: { code: 401, message: "Unauthorized" } }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return Response.json({ user }, { headers: { "Cache-Control": "private, no-store" } });
}
