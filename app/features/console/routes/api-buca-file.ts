import fs from "node:fs";
import { Readable } from "node:stream";
import type { Route } from "./+types/api-buca-file";
import { serviceContext } from "~/.server/context";
import { stagedFile, stagedGone } from "../dropbox.server";

export const handle = { capability: "ADMIN" };

/**
 * GET /api/auth/backend/buca/:id: a staged file, always as a download (attachment, its checked type, a sandboxing
 * CSP; the server adds nosniff to every answer): never rendered by the browser as a page, whatever it holds.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  // a staged file not there: the service's refusal, answered by the route guard (404 {"error":…})
  const f = await stagedFile(serviceContext(context, url), params.id);
  const stat = fs.statSync(f.file, { throwIfNoEntry: false });
  if (!stat) throw stagedGone();
  const ascii = f.originalName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(Readable.toWeb(fs.createReadStream(f.file)) as ReadableStream, {
    headers: {
      "Content-Type": f.mime,
      "Content-Length": String(stat.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.originalName)}`,
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cache-Control": "private, no-store",
    },
  });
}
