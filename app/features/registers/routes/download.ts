import type { Route } from "./+types/download";
import { serviceContext } from "~/.server/context";
import { notFoundForViewer } from "~/.server/access";
import { DOWNLOAD_SIZES, type DownloadSize } from "../downloads";
import { downloadForViewer } from "../downloads.server";

/**
 * GET /scarica/{mediaId}/{size}: an image of a record as a file (issue 32 §2, decision 098), `size` low or high,
 * clean or watermarked as the viewer's capabilities say. Everyone may ask (PUBLIC): the service answers 404 to
 * a visitor, to a viewer without the size's capability, and for a media item they may not see or that is no
 * image — the same answer as for an id that does not exist.
 */
export const handle = { capability: "PUBLIC" };

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const mediaId = /^[1-9][0-9]{0,15}$/.test(params.mediaId) ? Number(params.mediaId) : null;
  const size = (DOWNLOAD_SIZES as readonly string[]).includes(params.size) ? (params.size as DownloadSize) : null;
  if (!mediaId || !size || !Number.isSafeInteger(mediaId)) throw notFoundForViewer();
  return downloadForViewer(
    { ...serviceContext(context, url), mediaDir: context.mediaDir },
    { mediaId, size, address: context.auth?.address },
  );
}
