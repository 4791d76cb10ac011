import fs from "node:fs";
import type { Route } from "./+types/upload-file";
import { readUpload } from "../editor/uploads.server";

export const handle = { capability: "PUBLIC" };

/**
 * GET /uploads/{name}: a user's uploaded image, to its owner (and to readers of a published item that uses it);
 * anyone else gets the same 404 as for a missing file. Always `image/webp` (uploads are re-encoded), never
 * sniffed, never a page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await readUpload({ database: context.database, viewer: context.viewer }, params.name);
  const missing = () =>
    new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", Vary: "Cookie" },
    });
  if (!found) return missing();
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(found.file);
  } catch {
    return missing();
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.length),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
      "Cache-Control": found.owner ? "private, max-age=0, must-revalidate" : "public, no-cache",
      Vary: "Cookie",
    },
  });
}
