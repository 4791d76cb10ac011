import type { Route } from "./+types/api-get-requests";
import { serviceContext } from "~/.server/context";
import { isRefusal } from "~/.server/access";
import { myRequests } from "../requests.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/getRequests (spec §7 getRequests; the specification's `firebase` segment is `docs`): the
 * signed-in user's own reproduction requests, newest first, each with its status as §4 names it (`pending`,
 * `approved`, `not_approved`, `expired`). 401 for visitors (the guard); 404 while requests are off.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const noStore = { "Cache-Control": "private, no-store" };
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  try {
    const entries = await myRequests(serviceContext(context, url));
    const data = entries.map((e) => ({
      id: e.id,
      status: e.status,
      record: { table: e.record.table, id: e.record.id, title: e.record.title, link: e.record.link },
      media: e.mediaId,
      purpose: e.purpose,
      resolution: e.resolution,
      format: e.format,
      notes: e.notes,
      reason: e.reason,
      watermarked: e.watermarked,
      createdAt: e.createdAt,
      decidedAt: e.decidedAt,
      expiresAt: e.expiresAt,
    }));
    return Response.json({ data, count: data.length }, { headers: noStore });
  } catch (err) {
    if (isRefusal(err))
      return Response.json({ error: { code: err.status, message: "Not Found" } }, { status: err.status, headers: noStore });
    throw err;
  }
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
