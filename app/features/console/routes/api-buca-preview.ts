import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Route } from "./+types/api-buca-preview";
import { serviceContext } from "~/.server/context";
import { pendingPreview, stagedGone } from "../dropbox.server";

export const handle = { capability: "ADMIN" };

/**
 * GET /api/auth/backend/buca/:id/preview: the thumbnail of a staged file attached and not yet confirmed, for
 * its attach page (decision 092). The media store serves a pending media's files to no one; an administrator
 * sees this WebP derivative here, never cached.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const rel = await pendingPreview(serviceContext(context, url), params.id);
  const file = path.resolve(context.mediaDir, rel);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat || !file.startsWith(path.resolve(context.mediaDir) + path.sep)) throw stagedGone();
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stat.size),
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cache-Control": "private, no-store",
    },
  });
}
