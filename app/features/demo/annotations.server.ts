import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { FIXED_IDS } from "./generate/common";

/**
 * The demo archive's notes (issue 32 §1 and §6, decision 097): a few in every state — pending, approved (named and
 * not), rejected with its reason — on public and restricted records, some on a region of an image, so that
 * /annotazioni and the record pages are not empty on a first start. Their authors are two researchers of the
 * fictional foundation, accounts without a password (nobody signs in as them; an administrator may invite them).
 * Levels as decision 040 gives the roles (Ricercatore 2, Ricercatore avanzato 4).
 */
const AUTHORS = [
  { email: "giulia.conti@valdameri.example.org", first: "Giulia", last: "Conti", role: "Ricercatore", level: 2 },
  { email: "marc.ferrand@valdameri.example.org", first: "Marc", last: "Ferrand", role: "Ricercatore avanzato", level: 4 },
] as const;

type Note = {
  author: 0 | 1;
  record: string;
  status: "pending" | "approved" | "rejected";
  locale: "it" | "en" | "fr";
  body: string;
  region?: { x: number; y: number; w: number; h: number };
  named?: boolean;
  reason?: string;
  daysAgo: number;
};

const NOTES: Note[] = [
  {
    author: 0,
    record: FIXED_IDS.publicObject,
    status: "approved",
    locale: "it",
    body: "Sul retro della stampa si legge a matita «Reparto filatura, 1911»: la data coincide con l'ampliamento dello stabilimento di Como.",
    region: { x: 0.12, y: 0.18, w: 0.34, h: 0.3 },
    daysAgo: 12,
  },
  {
    author: 1,
    record: FIXED_IDS.publicObject,
    status: "pending",
    locale: "en",
    body: "The man on the left may be Ercole Valdameri: compare the moustache and watch chain with his 1912 portrait.",
    region: { x: 0.05, y: 0.35, w: 0.22, h: 0.45 },
    daysAgo: 1,
  },
  {
    author: 1,
    record: FIXED_IDS.italianOnlyObject,
    status: "rejected",
    locale: "fr",
    body: "Très belle image !",
    reason: "La nota non aggiunge informazioni sulla scheda: scrivi che cosa vedi o che cosa sai del documento.",
    daysAgo: 6,
  },
  {
    author: 0,
    record: FIXED_IDS.italianOnlyObject,
    status: "approved",
    locale: "it",
    body: "Lo stesso soggetto compare nel catalogo commerciale del 1928, tavola 14.\nIl colore della smaltatura però è diverso.",
    named: false,
    daysAgo: 9,
  },
  {
    author: 0,
    record: FIXED_IDS.restrictedObject,
    status: "approved",
    locale: "it",
    body: "Il registro riporta anche i nomi delle operaie assunte nel 1921: utile per la ricerca sul lavoro femminile nelle filande.",
    daysAgo: 20,
  },
  {
    author: 1,
    record: FIXED_IDS.restrictedObject,
    status: "pending",
    locale: "fr",
    body: "Les montants de la colonne de droite semblent être en lires de 1921, avant la réévaluation : à vérifier avec le livre de caisse.",
    region: { x: 0.55, y: 0.1, w: 0.4, h: 0.6 },
    daysAgo: 2,
  },
  {
    author: 1,
    record: FIXED_IDS.veryRestrictedObject,
    status: "pending",
    locale: "it",
    body: "Segnalo una probabile svista nella datazione: la carta intestata è quella usata dopo il 1934.",
    daysAgo: 3,
  },
];

/** Writes the demo's note authors and notes (in the demo load's transaction, after its records). */
export async function seedDemoAnnotations(ctx: Pick<ServiceContext, "database">): Promise<void> {
  const { database } = ctx;
  const ids: string[] = [];
  for (const a of AUTHORS) {
    const [row] = await database.rows<{ id: string }>(sql`
      insert into users (email, first_name, last_name, roles, level)
      values (${a.email}, ${a.first}, ${a.last}, ${`{${a.role}}`}::text[], ${a.level})
      on conflict do nothing returning id`);
    const id = row?.id ?? (await database.rows<{ id: string }>(sql`select id from users where lower(email) = lower(${a.email})`))[0]?.id;
    if (!id) return;
    ids.push(id);
  }
  // Idempotent as the rest of the demo site: the demo authors' notes are written anew.
  await database.rows(sql`delete from annotations where author_id = any(${`{${ids.join(",")}}`}::uuid[])`);
  for (const n of NOTES) {
    const at = sql`now() - make_interval(days => ${n.daysAgo})`;
    // The region goes on the record's first image, when it has one the public sees; without one, the note is on the record.
    await database.rows(sql`
      insert into annotations (record_uid, media_id, region, body, locale, author_id, named, status, reason, moderated_at, created_at, updated_at)
      select r.uid, case when ${Boolean(n.region)} then m.id end, case when ${Boolean(n.region)} and m.id is not null then ${JSON.stringify(n.region ?? null)}::jsonb end,
        ${n.body}, ${n.locale}, ${ids[n.author]!}::uuid, ${n.named ?? true}, ${n.status}, ${n.reason ?? null},
        case when ${n.status} <> 'pending' then ${at} + interval '1 day' end, ${at}, ${at}
      from records r
      left join lateral (select m.id from media m where m.record_uid = r.uid and m.media_type = 'image' and not m.pending order by m.ord limit 1) m on true
      where r.table_name = 'ca_objects' and r.id = ${n.record}`);
  }
}
