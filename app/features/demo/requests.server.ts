/**
 * The demo's reproduction requests (issue 32 §3 and §6, decision 099): three researchers (Italian, French,
 * English; accounts without a password, so nobody signs in as them) have asked for images of public records,
 * and the register shows a request in every state — pending, approved, not approved, expired. The tokens of the
 * approved ones are random and thrown away: only their hashes are kept, as for any request. Idempotent: the
 * demo researchers' requests are written afresh on every call; nothing happens without a public image.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { publicRecord } from "~/.server/access";

/** The demo's researchers: they ask for reproductions here and own collections (collections.server.ts). */
export const DEMO_RESEARCHERS = [
  { email: "giulia.ferri@example.org", first: "Giulia", last: "Ferri", role: "Ricercatore", level: 2, locale: "it" },
  { email: "marc.dubois@example.org", first: "Marc", last: "Dubois", role: "Ricercatore avanzato", level: 4, locale: "fr" },
  { email: "sarah.miller@example.org", first: "Sarah", last: "Miller", role: "Ricercatore", level: 2, locale: "en" },
] as const;

type Seed = {
  who: 0 | 1 | 2;
  purpose: "study" | "publication" | "exhibition" | "commercial";
  resolution: "low" | "high";
  format: "jpeg" | "tiff";
  notes: string;
  /** Days ago it was asked for. */
  asked: number;
  decision?:
    | { status: "approved"; watermarked: boolean; days: number; after: number }
    | { status: "not_approved"; reason: string; after: number };
};

const SEEDS: Seed[] = [
  {
    who: 0,
    purpose: "publication",
    resolution: "high",
    format: "tiff",
    notes: "Tesi di dottorato sulla filanda di Como, capitolo 3.",
    asked: 1,
  },
  {
    who: 1,
    purpose: "exhibition",
    resolution: "high",
    format: "tiff",
    notes: "Exposition « La soie et la ville », Lyon, printemps 2027.",
    asked: 3,
  },
  {
    who: 2,
    purpose: "study",
    resolution: "low",
    format: "jpeg",
    notes: "",
    asked: 6,
    decision: { status: "approved", watermarked: true, days: 30, after: 1 },
  },
  {
    who: 0,
    purpose: "commercial",
    resolution: "high",
    format: "jpeg",
    notes: "Calendario aziendale 2027.",
    asked: 12,
    decision: {
      status: "not_approved",
      reason: "L'immagine è soggetta a diritti di terzi: per l'uso commerciale serve l'autorizzazione degli eredi del fotografo.",
      after: 2,
    },
  },
  {
    who: 1,
    purpose: "publication",
    resolution: "high",
    format: "tiff",
    notes: "Article pour la revue Histoire & Industrie.",
    asked: 40,
    decision: { status: "approved", watermarked: false, days: 7, after: 1 },
  },
];

export async function seedDemoRequests(ctx: Pick<ServiceContext, "database">): Promise<void> {
  const { database } = ctx;
  const images = await database.rows<{
    media_id: number;
    uid: number;
    table_name: string;
    id: string;
    label: string;
    numero: string;
    type_name: string;
  }>(sql`
    select distinct on (r.uid) m.id as media_id, r.uid, r.table_name, r.id, coalesce(t.label, r.id) as label,
      concat_ws(' ', r.numero_prefix, r.numero, r.numero_bis) as numero, coalesce(rt.names->>'it', '') as type_name
    from media m join records r on r.uid = m.record_uid
    left join record_texts t on t.record_uid = r.uid and t.locale = 'it'
    left join record_types rt on rt.id = r.type_id
    where ${publicRecord("r")} and m.media_type = 'image' and not m.restricted and not m.pending and r.table_name = 'ca_objects'
    order by r.uid, m.ord limit ${SEEDS.length}`);
  if (!images.length) return;
  const ids = await demoResearcherIds(ctx);
  await database.rows(sql`delete from reproduction_requests where requester_id = any(${`{${ids.join(",")}}`}::uuid[])`);
  const day = 86_400_000;
  const now = Date.now();
  for (const [i, s] of SEEDS.entries()) {
    const img = images[i % images.length]!;
    const asked = new Date(now - s.asked * day);
    const decided = s.decision ? new Date(asked.getTime() + s.decision.after * day).toISOString() : null;
    const approved = s.decision?.status === "approved" ? s.decision : null;
    const expires = approved && decided ? new Date(new Date(decided).getTime() + approved.days * day).toISOString() : null;
    const hash = approved ? crypto.createHash("sha256").update(crypto.randomBytes(32)).digest("hex") : null;
    await database.rows(sql`insert into reproduction_requests (requester_id, media_id, record_uid, record_table, record_id,
        record_title, record_type, record_inventory, purpose, resolution, format, notes, locale, terms_page, terms_accepted_at, status,
        reason, watermarked, decided_at, token_hash, expires_at, created_at)
      values (${ids[s.who]}::uuid, ${img.media_id}, ${img.uid}, ${img.table_name}, ${img.id}, ${img.label}, ${img.type_name}, ${img.numero.trim()},
        ${s.purpose}, ${s.resolution}, ${s.format}, ${s.notes}, ${DEMO_RESEARCHERS[s.who].locale}, 'condizioni-riproduzioni',
        ${asked.toISOString()}::timestamptz, ${s.decision?.status ?? "pending"},
        ${s.decision?.status === "not_approved" ? s.decision.reason : null}, ${approved ? approved.watermarked : null},
        ${decided}::timestamptz, ${hash}, ${expires}::timestamptz, ${asked.toISOString()}::timestamptz)`);
  }
}

/** The demo researchers' user ids, in DEMO_RESEARCHERS' order; their accounts are made when missing. */
export async function demoResearcherIds(ctx: Pick<ServiceContext, "database">): Promise<string[]> {
  const { database } = ctx;
  const ids: string[] = [];
  for (const u of DEMO_RESEARCHERS) {
    await database.rows(sql`insert into users (email, first_name, last_name, roles, level)
      values (${u.email}, ${u.first}, ${u.last}, ${`{"${u.role}"}`}::text[], ${u.level}) on conflict do nothing`);
    const [row] = await database.rows<{ id: string }>(sql`select id from users where lower(email) = ${u.email}`);
    ids.push(row!.id);
  }
  return ids;
}
