import { z } from "~/lib/zod";
import { isTable } from "~/lib/tables";

/**
 * The drop box's rules (issue 16 §5, spec §5): images (tiff, jpg, jpeg, png) and documents (doc, docx, xml,
 * zip, pdf), each recognised by its content. The name's extension must agree with what the content is.
 */
export const DROPBOX_KINDS = ["image", "document"] as const;
export type DropboxKind = (typeof DROPBOX_KINDS)[number];

/** Name extension → the type its content must be (file-type's `ext`; an old Word file is a 'cfb'). */
export const ACCEPTED: Record<DropboxKind, Record<string, string>> = {
  image: { tif: "tif", tiff: "tif", jpg: "jpg", jpeg: "jpg", png: "png" },
  document: { doc: "cfb", docx: "docx", xml: "xml", zip: "zip", pdf: "pdf" },
};

/** What the `accept` attribute of the file field offers for a kind. */
export const ACCEPT_ATTRIBUTE: Record<DropboxKind, string> = {
  image: ".tif,.tiff,.jpg,.jpeg,.png,image/tiff,image/jpeg,image/png",
  document: ".doc,.docx,.xml,.zip,.pdf",
};

export type DropboxLimits = { maxFiles: number; maxFileBytes: number; maxTotalBytes: number };

const num = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback);

/** BUCA_MAX_FILES (20), BUCA_MAX_FILE_MB (50), BUCA_MAX_TOTAL_MB (200). */
export function dropboxLimits(env: NodeJS.ProcessEnv = process.env): DropboxLimits {
  return {
    maxFiles: num(env.BUCA_MAX_FILES, 20),
    maxFileBytes: num(env.BUCA_MAX_FILE_MB, 50) * 1024 * 1024,
    maxTotalBytes: num(env.BUCA_MAX_TOTAL_MB, 200) * 1024 * 1024,
  };
}

/** A target: '' (none), a table ('ca_objects') or one record ('ca_objects/12'). */
export const TargetSchema = z
  .string()
  .trim()
  .max(200)
  .refine(
    (t) =>
      t === "" ||
      (isTable(t.split("/")[0]) && (t.split("/").length === 1 || (t.split("/").length === 2 && /^[\w.-]{1,100}$/.test(t.split("/")[1]!)))),
    "dropbox.error.target",
  );

export const TagsSchema = z.array(z.string().trim().min(1).max(200)).max(50);

/** The body of bucaSelect and bucaTags: what is typed so far. */
export const BucaLookupSchema = z.object({ q: z.string().trim().max(200).default(""), locale: z.string().optional() });
