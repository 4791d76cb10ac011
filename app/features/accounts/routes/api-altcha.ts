import { botCheckMode, newAltchaChallenge } from "../bot-check.server";

export const handle = { capability: "PUBLIC" };

/**
 * GET /api/public/altcha: a new signed proof-of-work challenge for the ALTCHA widget (decision 047), valid ten
 * minutes and once. 404 when BOT_CHECK is not `altcha`.
 */
export async function loader() {
  if (botCheckMode() !== "altcha")
    return Response.json({ error: { code: 404, message: "Not Found" } }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return Response.json(await newAltchaChallenge(), { headers: { "Cache-Control": "no-store" } });
}
