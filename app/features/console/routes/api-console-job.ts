import type { Route } from "./+types/api-console-job";
import { serviceContext } from "~/.server/context";
import { getJob } from "../console.server";
import { NO_STORE } from "../http.server";

export const handle = { capability: "ADMIN" };

/** GET /api/auth/backend/console/jobs/:id: a console job's state, progress and report (the console polls it). */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const id = Number(params.id);
  const notFound = () => Response.json({ error: { code: 404, message: "Not Found" } }, { status: 404, headers: NO_STORE });
  if (!/^\d{1,15}$/.test(params.id)) return notFound();
  const j = await getJob(serviceContext(context, url), id);
  return Response.json(
    { id: j.id, kind: j.kind, state: j.state, source: j.source, step: j.step, done: j.done, total: j.total, report: j.report },
    { headers: NO_STORE },
  );
}
