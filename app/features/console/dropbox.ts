import { z } from "~/lib/zod";
import { isTable } from "~/lib/tables";

// The kinds of file and the accepted types live in app/lib/accepted-files.ts (the editors' uploads check them too).
export { ACCEPT_ATTRIBUTE, ACCEPTED, DROPBOX_KINDS, type DropboxKind } from "~/lib/accepted-files";

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
