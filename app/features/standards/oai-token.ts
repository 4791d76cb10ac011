import crypto from "node:crypto";
import { z } from "zod";

/**
 * OAI-PMH resumption tokens, stateless (decision 050): the list's arguments, the position reached (the
 * last item's datestamp, table and id: a keyset cursor) and an expiry, encoded in the token itself, so a
 * token survives a restart and any number of server processes. Nothing in it is secret (every list is
 * public data, and the arguments are checked again as if the harvester had sent them); the checksum
 * only tells a damaged token from a real one.
 */
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;

const TokenSchema = z
  .object({
    v: z.literal(1),
    /** ListIdentifiers or ListRecords. */
    verb: z.enum(["ListIdentifiers", "ListRecords"]),
    prefix: z.string().min(1).max(32),
    set: z.string().max(200).nullable(),
    from: z.string().max(32).nullable(),
    until: z.string().max(32).nullable(),
    /** Last item sent: datestamp (microseconds, UTC ISO), table, id. */
    after: z.tuple([
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/)
        .refine((t) => !Number.isNaN(Date.parse(t)), "a datestamp"),
      z.string().regex(/^[a-z_]{1,64}$/),
      z.string().min(1).max(200),
    ]),
    /** Items sent before this page. */
    cursor: z.number().int().min(0),
    total: z.number().int().min(0),
    /** Expiry, seconds since the epoch. */
    exp: z.number().int(),
  })
  .strict();

export type ResumptionState = z.infer<typeof TokenSchema>;

const checksum = (payload: string) => crypto.createHash("sha256").update(`teca-oai:${payload}`).digest("base64url").slice(0, 12);

export function encodeToken(state: Omit<ResumptionState, "v">): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, ...state })).toString("base64url");
  return `${payload}.${checksum(payload)}`;
}

/** The token's state, "expired", or null when it is not one of ours. */
export function decodeToken(token: string, now = Date.now()): ResumptionState | "expired" | null {
  if (token.length > 2000) return null;
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{12})$/.exec(token);
  if (!m || checksum(m[1]!) !== m[2]) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(m[1]!, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = TokenSchema.safeParse(raw);
  if (!parsed.success) return null;
  return parsed.data.exp * 1000 < now ? "expired" : parsed.data;
}
