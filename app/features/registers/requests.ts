import { z } from "~/lib/zod";

/**
 * Reproduction requests (issue 32 §3, decision 099): what a request may say, what a decision may say, the
 * register's query (`/requests`, its CSV), and the statuses as the spec §4 names them. Shared by the server
 * and the pages.
 */
export const REQUEST_PURPOSES = ["study", "publication", "exhibition", "commercial"] as const;
export const REQUEST_RESOLUTIONS = ["low", "high"] as const;
export const REQUEST_FORMATS = ["jpeg", "tiff"] as const;
/** The statuses shown (spec §4): `expired` is an approved request whose link is past its date (never stored). */
export const REQUEST_STATUSES = ["pending", "approved", "not_approved", "expired"] as const;
export type RequestPurpose = (typeof REQUEST_PURPOSES)[number];
export type RequestResolution = (typeof REQUEST_RESOLUTIONS)[number];
export type RequestFormat = (typeof REQUEST_FORMATS)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const NOTES_MAX = 2000;
export const REASON_MAX = 2000;
/** The download link's life in days: 7 unless the manager says otherwise, 1 to 90. */
export const LINK_DAYS_DEFAULT = 7;
export const LINK_DAYS_MIN = 1;
export const LINK_DAYS_MAX = 90;
/** Rows per page of the register. */
export const REQUESTS_PAGE_SIZE = 50;

/** The form a signed-in user sends from a record's image. Every refusal is a message key. */
export const NewRequestSchema = z.object({
  media: z.coerce.number({ message: "requests.error.media" }).int("requests.error.media").positive("requests.error.media"),
  purpose: z.enum(REQUEST_PURPOSES, { message: "requests.error.purpose" }),
  resolution: z.enum(REQUEST_RESOLUTIONS, { message: "requests.error.resolution" }),
  format: z.enum(REQUEST_FORMATS, { message: "requests.error.format" }),
  notes: z.string().trim().max(NOTES_MAX, "requests.error.notes").default(""),
  terms: z.literal("on", { message: "requests.error.terms" }),
});
export type NewRequest = z.infer<typeof NewRequestSchema>;

/** A manager's decision on a pending request. */
export const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    id: z.string().uuid("requests.error.invalid"),
    watermarked: z.enum(["yes", "no"], { message: "requests.error.watermark" }).transform((v) => v === "yes"),
    days: z.coerce
      .number({ message: "requests.error.days" })
      .int("requests.error.days")
      .min(LINK_DAYS_MIN, "requests.error.days")
      .max(LINK_DAYS_MAX, "requests.error.days")
      .default(LINK_DAYS_DEFAULT),
  }),
  z.object({
    intent: z.literal("refuse"),
    id: z.string().uuid("requests.error.invalid"),
    reason: z.string().trim().min(1, "requests.error.reason").max(REASON_MAX, "requests.error.reasonLong"),
  }),
]);
export type Decision = z.infer<typeof DecisionSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .trim()
  .refine((v) => v === "" || (DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))))
  .catch("")
  .default("");

/** What `?status=&purpose=&from=&to=&q=&page=` may say; anything else is the default. */
export const RequestsQuerySchema = z.object({
  status: z
    .enum(["all", ...REQUEST_STATUSES])
    .catch("all")
    .default("all"),
  purpose: z
    .enum(["all", ...REQUEST_PURPOSES])
    .catch("all")
    .default("all"),
  /** Asked on or after this day, on or before that one (UTC days, YYYY-MM-DD). */
  from: day,
  to: day,
  /** The requester: their name or address. */
  q: z.string().trim().max(200).catch("").default(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type RequestsQuery = z.infer<typeof RequestsQuerySchema>;

/** One request as the register, the account page and the API show it. */
export type RequestEntry = {
  id: string;
  status: RequestStatus;
  requester: { id: string; name: string; email: string };
  record: { table: string; id: string; title: string; type: string; inventory: string; link: string | null };
  mediaId: number | null;
  thumbnail: string | null;
  purpose: RequestPurpose;
  resolution: RequestResolution;
  format: RequestFormat;
  notes: string;
  locale: string;
  termsPage: string;
  termsAcceptedAt: string;
  reason: string | null;
  watermarked: boolean | null;
  decidedBy: string | null;
  decidedAt: string | null;
  expiresAt: string | null;
  createdAt: string;
};

export type RequestsPage = { entries: RequestEntry[]; total: number; page: number; pages: number };

/** The status of a stored request at `now`: approved and past its link's date is expired (one rule). */
export function requestStatus(stored: string, expiresAt: Date | string | null, now: Date): RequestStatus {
  if (stored === "approved") return expiresAt && new Date(expiresAt).getTime() <= now.getTime() ? "expired" : "approved";
  return stored === "not_approved" ? "not_approved" : "pending";
}
