import { z } from "zod";

/**
 * Annotations (issue 32 §1, decision 097): what their pages, calls and services share — the input schemas, the
 * moderation list's query as its address carries it, and the shapes answered.
 */
export const ANNOTATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type AnnotationStatus = (typeof ANNOTATION_STATUSES)[number];

import { ANNOTATION_MAX, REASON_MAX } from "./annotations-limits";

export { ANNOTATION_MAX, REASON_MAX };
/** Notes per page of /annotazioni. */
export const ANNOTATIONS_PAGE_SIZE = 30;

const fraction = z.number().finite().min(0).max(1);
/** A rectangle as fractions 0–1 of the full image, inside it, not empty. */
export const RegionSchema = z
  .object({ x: fraction, y: fraction, w: fraction.gt(0), h: fraction.gt(0) })
  .strict()
  .refine((r) => r.x + r.w <= 1 + 1e-9 && r.y + r.h <= 1 + 1e-9, { message: "annotations.error.region" });
export type Region = z.infer<typeof RegionSchema>;

/** The note's text: line breaks made \n, 1–4,000 characters, not only spaces. */
const BodySchema = z
  .string()
  .transform((s) => s.replace(/\r\n?/g, "\n"))
  .pipe(
    z
      .string()
      .max(ANNOTATION_MAX, { message: "annotations.error.tooLong" })
      .refine((s) => s.trim().length > 0, { message: "annotations.error.empty" }),
  );

const IdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A new note: the record by table and id, optionally a region of one of its images. */
export const AddAnnotationSchema = z
  .object({
    table: z.string().min(1).max(40),
    id: z.string().min(1).max(200),
    body: BodySchema,
    media: IdSchema.nullish(),
    region: RegionSchema.nullish(),
    named: z.boolean().default(true),
  })
  .refine((a) => !a.region || a.media, { message: "annotations.error.region", path: ["region"] });
export type AddAnnotation = z.infer<typeof AddAnnotationSchema>;

/** An author's change of their note: its text, its region (null removes it), whether it names them. */
export const UpdateAnnotationSchema = z
  .object({
    annotation: IdSchema,
    body: BodySchema,
    media: IdSchema.nullish(),
    region: RegionSchema.nullish(),
    named: z.boolean().default(true),
  })
  .refine((a) => !a.region || a.media, { message: "annotations.error.region", path: ["region"] });
export type UpdateAnnotation = z.infer<typeof UpdateAnnotationSchema>;

export const DeleteAnnotationSchema = z.object({ annotation: IdSchema });

/** A curator's decision: approve, or reject with a reason the author reads. */
export const ModerateAnnotationSchema = z.discriminatedUnion("decision", [
  z.object({ annotation: IdSchema, decision: z.literal("approve") }),
  z.object({
    annotation: IdSchema,
    decision: z.literal("reject"),
    reason: z
      .string()
      .trim()
      .min(1, { message: "annotations.error.reason" })
      .max(REASON_MAX, { message: "annotations.error.reasonTooLong" }),
  }),
]);
export type ModerateAnnotation = z.infer<typeof ModerateAnnotationSchema>;

/** What `?unread=&status=&record=&author=&page=` may say on /annotazioni; anything else is the default. */
export const AnnotationsQuerySchema = z.object({
  unread: z
    .enum(["1", "on", "true"])
    .transform(() => true)
    .catch(false)
    .default(false),
  status: z
    .enum(["all", ...ANNOTATION_STATUSES])
    .catch("all")
    .default("all"),
  record: z.string().trim().max(200).catch("").default(""),
  author: z.string().trim().max(200).catch("").default(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type AnnotationsQuery = z.infer<typeof AnnotationsQuerySchema>;

/** A note as its reader sees it. `author` is null when the note does not name its author (and the reader is not a curator nor the author). */
export type AnnotationView = {
  id: number;
  body: string;
  locale: string;
  status: AnnotationStatus;
  reason: string | null;
  named: boolean;
  author: { name: string; email: string | null } | null;
  mine: boolean;
  /** The image and region, when the reader may see that image. */
  media: { id: number; thumbnail: string | null; large: string | null; width: number | null; height: number | null } | null;
  region: Region | null;
  createdAt: string;
  updatedAt: string;
  moderatedAt: string | null;
};

/** A row of /annotazioni: the note, its record named by title, type and inventory number, and whether it is unread. */
export type AnnotationEntry = AnnotationView & {
  record: { table: string; id: string; title: string; type: string | null; numero: string | null; link: string };
  unread: boolean;
  moderatedBy: string | null;
};

export type AnnotationsPage = { entries: AnnotationEntry[]; total: number; unread: number; page: number; pages: number };
