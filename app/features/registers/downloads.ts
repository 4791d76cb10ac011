/**
 * Image downloads by capability (issue 32 §2, decision 098): what the record page and the account page show.
 * The service is downloads.server.ts.
 */

export const DOWNLOAD_SIZES = ["low", "high"] as const;
export type DownloadSize = (typeof DOWNLOAD_SIZES)[number];

/** The long side of a low-resolution download (px). */
export const DOWNLOAD_LOW_PX = 1600;

/** One size the viewer may download of an image: its pixel size and whether it carries the watermark. */
export type DownloadOption = { size: DownloadSize; watermarked: boolean; width: number; height: number };

/** One of the viewer's own downloads (the account page). `record.label` is null when they no longer see it. */
export type OwnDownload = {
  id: number;
  mediaId: number | null;
  record: { table: string; id: string; label: string | null };
  size: DownloadSize;
  watermarked: boolean;
  at: string;
};

/** The address of a download (no locale prefix: a file, not a page). */
export const downloadPath = (mediaId: number, size: DownloadSize) => `/scarica/${mediaId}/${size}`;
