import { z } from "zod";
import { TABLES, RECORD_ID_PATTERN } from "~/lib/tables";
import { parseIsoDate } from "~/lib/dates";
import { CURRENCY_CODES } from "~/lib/format";
import { LOCALES } from "~/lib/locale";

/**
 * The NDJSON interchange format: one record per line. Documented in
 * docs/data-format.md; keep the two in step.
 */
const LocaleKey = z.enum(LOCALES);
const Localized = z.partialRecord(LocaleKey, z.string().max(10_000));
const TagId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:~-]{0,127}$/, "letters, digits, . _ : ~ - (max 128)");
const Code = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "letters, digits, _ . - (max 64)");

const DateValue = z
  .union([z.string(), z.number().int()])
  .refine((v) => parseIsoDate(v, "start") !== null, "YYYY, YYYY-MM or YYYY-MM-DD (leading - for BCE)");

const MetadataEntry = z.discriminatedUnion("type", [
  z.object({ code: Code, label: z.string().min(1).max(200), type: z.literal("text"), value: z.string().max(20_000) }),
  z.object({ code: Code, label: z.string().min(1).max(200), type: z.literal("date"), value: DateValue }),
  z.object({
    code: Code,
    label: z.string().min(1).max(200),
    type: z.literal("link"),
    value: z.object({ url: z.url({ protocol: /^https?$/ }), text: z.string().max(500).optional() }),
  }),
  z.object({
    code: Code,
    label: z.string().min(1).max(200),
    type: z.literal("quantityValue"),
    value: z.object({
      amount: z.number().finite(),
      currency: z
        .number()
        .int()
        .refine((c) => c in CURRENCY_CODES, "1 euro, 2 pound, 3 dollar, 11 lira, 12 yen, 13 ruble"),
    }),
  }),
]);

const LocaleTexts = z.object({
  label: z.string().trim().min(1).max(1000),
  summary: z.string().max(20_000).optional(),
  dateDisplay: z.string().max(200).optional(),
  metadata: z.array(MetadataEntry).max(500).default([]),
});

const FocalPoint = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

export const MEDIA_TYPES = ["image", "video", "youtube", "vimeo", "application", "other", "sequence", "panorama", "model"] as const;

/** How many frames a 360° sequence (`type: "sequence"`) has: 24 is the usual turntable (spec: "default 24 frames"). */
export const SEQUENCE_FRAMES = { min: 8, max: 360, usual: 24 } as const;
/** Kinds the importer reads itself (content, shape, size: import.server.ts), so they come as local files. */
const LOCAL_ONLY: readonly string[] = ["panorama", "model"];

const MediaPath = z
  .string()
  .max(500)
  .refine((f) => !f.split(/[\\/]/).includes("..") && !f.startsWith("/"), "a path inside --media-dir");

const MediaItem = z
  .object({
    type: z.enum(MEDIA_TYPES),
    file: MediaPath.optional(),
    url: z.url({ protocol: /^https?$/ }).optional(),
    /** A sequence's frames in turning order, or (with `file` naming a folder) `frameCount`, checked when importing. */
    frames: z
      .array(MediaPath)
      .min(SEQUENCE_FRAMES.min, `a sequence has ${SEQUENCE_FRAMES.min} to ${SEQUENCE_FRAMES.max} frames`)
      .max(SEQUENCE_FRAMES.max, `a sequence has ${SEQUENCE_FRAMES.min} to ${SEQUENCE_FRAMES.max} frames`)
      .optional(),
    frameCount: z
      .number()
      .int()
      .min(SEQUENCE_FRAMES.min, `a sequence has ${SEQUENCE_FRAMES.min} to ${SEQUENCE_FRAMES.max} frames`)
      .max(SEQUENCE_FRAMES.max, `a sequence has ${SEQUENCE_FRAMES.min} to ${SEQUENCE_FRAMES.max} frames`)
      .optional(),
    mime: z.string().max(100).optional(),
    title: Localized.optional(),
    restricted: z.boolean().default(false),
    focalPoint: FocalPoint.optional(),
    /** A model's poster image (else the importer draws one). */
    poster: MediaPath.optional(),
  })
  .refine((m) => m.type === "sequence" || Boolean(m.file) !== Boolean(m.url), "give exactly one of file or url")
  .refine((m) => m.type === "sequence" || (!m.frames && m.frameCount === undefined), "frames and frameCount belong to a sequence")
  .refine(
    (m) => m.type !== "sequence" || (!m.url && Boolean(m.file) !== Boolean(m.frames)),
    "a sequence gives its frames (a list of files) or a folder of them (file), not a url",
  )
  .refine((m) => m.frameCount === undefined || Boolean(m.file), "frameCount goes with a folder (file)")
  .refine((m) => !LOCAL_ONLY.includes(m.type) || m.file, `a ${LOCAL_ONLY.join(" or ")} is a file, not a url`)
  .refine((m) => !m.poster || m.type === "model", "poster is for a model");

const Relation = z.object({
  type: Code,
  table: z.enum(TABLES as [string, ...string[]]),
  id: z.string().regex(RECORD_ID_PATTERN, "relation id"),
  label: Localized.optional(),
  reverseLabel: Localized.optional(),
  interstitial: z
    .array(z.object({ name: Localized, value: z.string().max(1000) }))
    .max(50)
    .default([]),
});

const Tag = z.object({
  id: TagId,
  type: z.enum(["common", "meta", "parentPath", "collections"]).default("common"),
  name: Localized,
  field: z.string().max(64).optional(),
  /** Ancestors, root first. */
  parents: z
    .array(z.object({ id: TagId, name: Localized }))
    .max(20)
    .default([]),
});

export const InterchangeRecordSchema = z
  .object({
    table: z.enum(TABLES as [string, ...string[]]),
    id: z.string().regex(RECORD_ID_PATTERN, "letters, digits, . _ ~ - (max 128), starting with a letter or digit"),
    type: z.object({ id: z.number().int().positive(), code: Code, name: Localized }).optional(),
    access: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    restricted: z.boolean().default(false),
    texts: z.partialRecord(LocaleKey, LocaleTexts).refine((t) => Object.keys(t).length > 0, "at least one locale"),
    date: z.object({ start: DateValue.optional(), end: DateValue.optional() }).optional(),
    numero: z
      .object({ prefix: z.string().max(50).optional(), number: z.string().max(50).optional(), bis: z.string().max(50).optional() })
      .optional(),
    coordinates: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(),
    parent: z.string().regex(RECORD_ID_PATTERN, "parent id").optional(),
    order: z.number().int().default(0),
    focalPoint: FocalPoint.optional(),
    tags: z.array(Tag).max(500).default([]),
    media: z.array(MediaItem).max(200).default([]),
    relations: z.array(Relation).max(2000).default([]),
    source: z
      .object({
        url: z.url({ protocol: /^https?$/ }).optional(),
        license: z.string().max(200).optional(),
        attribution: z.string().max(500).optional(),
      })
      .optional(),
  })
  .strict()
  .refine((r) => r.parent !== r.id, { message: "a record cannot be its own parent", path: ["parent"] })
  .refine(
    (r) => {
      if (!r.date?.start || !r.date?.end) return true;
      const s = parseIsoDate(r.date.start, "start")!;
      const e = parseIsoDate(r.date.end, "end")!;
      return s.year * 10000 + s.month * 100 + s.day <= e.year * 10000 + e.month * 100 + e.day;
    },
    { message: "start is after end", path: ["date"] },
  );

export type InterchangeRecord = z.infer<typeof InterchangeRecordSchema>;
export type InterchangeInput = z.input<typeof InterchangeRecordSchema>;

/** Validates one parsed line; the message names the first failing field. */
export function validateRecord(value: unknown): { ok: true; record: InterchangeRecord } | { ok: false; reason: string } {
  const r = InterchangeRecordSchema.safeParse(value);
  if (r.success) return { ok: true, record: r.data };
  return { ok: false, reason: firstIssue(r.error, "record") };
}

const firstIssue = (error: z.ZodError, whole: string) => {
  const issue = error.issues[0]!;
  return `${issue.path.length ? issue.path.join(".") : whole}: ${issue.message}`;
};

/**
 * A line naming metadata fields per language rather than holding a record (decision 084, "the importer's
 * labels"): `{"fieldNames": {"medium": {"it": "Tecnica", "en": "Medium", "fr": "Technique"}}}`. A catalogue
 * written in one language names its fields in that language only; these names stand in for the others.
 */
export const FieldNamesSchema = z
  .object({
    fieldNames: z
      .record(Code, z.partialRecord(LocaleKey, z.string().trim().min(1).max(200)))
      .refine((n) => Object.keys(n).length <= 5000, "at most 5000 fields"),
  })
  .strict();
export type FieldNames = z.infer<typeof FieldNamesSchema>["fieldNames"];

/** Whether a parsed line is a field-name line (it has `fieldNames` and no `table`), not a record. */
export const isFieldNamesLine = (value: unknown): boolean =>
  typeof value === "object" && value !== null && "fieldNames" in value && !("table" in value);

/** Validates a field-name line; the message names the first failing field. */
export function validateFieldNames(value: unknown): { ok: true; names: FieldNames } | { ok: false; reason: string } {
  const r = FieldNamesSchema.safeParse(value);
  if (r.success) return { ok: true, names: r.data.fieldNames };
  return { ok: false, reason: firstIssue(r.error, "fieldNames") };
}
