import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { catalogueValue } from "~/.server/caches";
import { hasVisibleImage, Refusal, recordVisible } from "~/.server/access";
import { getSiteOptions } from "~/features/site/index.server";
import { recordPath, TABLES } from "~/lib/tables";
import type { Accuracy, AnalyticsPages, Footprint, TableAccuracy } from "./analytics";

/**
 * The analytics pages' figures (issue 34 §2, decision 108): computed in SQL over the records the viewer may see
 * (recordVisible), kept until the catalogue changes (an import, an edit: catalogueValue's registry) — one
 * computation per access levels and language, since those are all that differ between viewers.
 */

/** Which pages the option `analytics` turns on (`heritagerating`: the footprint; `accuracy`). */
export async function analyticsPages(ctx: Pick<ServiceContext, "database">): Promise<AnalyticsPages> {
  const o = await getSiteOptions(ctx, "it");
  return { accuracy: o.analytics?.accuracy === true, footprint: o.analytics?.heritagerating === true };
}

/** The page asked for if the option shows it; the 404 otherwise (as any page the site does not have). */
export async function requireAnalyticsPage(ctx: Pick<ServiceContext, "database">, page: keyof AnalyticsPages): Promise<AnalyticsPages> {
  const pages = await analyticsPages(ctx);
  if (!pages[page]) throw new Refusal(404);
  return pages;
}

/** One Map per catalogue state: forgotten, with every figure in it, when the catalogue changes. */
const kept = catalogueValue(async () => new Map<string, Promise<unknown>>(), 10 * 60_000);

async function once<T>(ctx: ServiceContext, what: string, compute: () => Promise<T>): Promise<T> {
  const map = await kept(ctx.database);
  const key = `${what}:${ctx.viewer.accessLevels.join(",")}:${ctx.locale}`;
  let p = map.get(key) as Promise<T> | undefined;
  if (!p) {
    p = compute();
    map.set(key, p);
    p.catch(() => map.delete(key));
  }
  return p;
}

const n = (v: unknown) => Number(v ?? 0);

/** Accuracy: how complete the records' information is, table by table (spec §2 `/analytics/accuracy`). */
export function getAccuracy(ctx: ServiceContext): Promise<Accuracy> {
  return once(ctx, "accuracy", async () => {
    const visible = recordVisible(ctx.viewer, "r");
    const rows = await ctx.database.rows<Record<string, unknown>>(sql`
      select r.table_name, count(*) as total,
        count(*) filter (where ${hasVisibleImage(ctx.viewer, "r")}) as image,
        count(*) filter (where r.date_start is not null) as date,
        count(*) filter (where r.lat is not null and r.lng is not null) as place,
        count(*) filter (where r.type_id is not null) as type,
        count(*) filter (where exists (select 1 from record_texts t where t.record_uid = r.uid and t.locale = 'it' and coalesce(t.summary, '') <> '')) as summary_it,
        count(*) filter (where exists (select 1 from record_texts t where t.record_uid = r.uid and t.locale = 'en' and coalesce(t.summary, '') <> '')) as summary_en,
        count(*) filter (where exists (select 1 from record_texts t where t.record_uid = r.uid and t.locale = 'fr' and coalesce(t.summary, '') <> '')) as summary_fr,
        count(*) filter (where exists (select 1 from record_texts t where t.record_uid = r.uid and t.locale = 'en')) as label_en,
        count(*) filter (where exists (select 1 from record_texts t where t.record_uid = r.uid and t.locale = 'fr')) as label_fr
      from records r where ${visible}
      group by r.table_name`);
    const fields = await ctx.database.rows<{ table_name: string; code: string; label: string | null; count: unknown }>(sql`
      select f.table_name, f.code, coalesce(l.label, il.label, f.code) as label, f.count from (
        select r.table_name, e->>'code' as code, count(distinct r.uid) as count
        from records r
        join record_texts t on t.record_uid = r.uid and t.locale = 'it'
        cross join lateral jsonb_array_elements(case when jsonb_typeof(t.metadata) = 'array' then t.metadata else '[]'::jsonb end) e
        where ${visible} and coalesce(e->>'code', '') <> ''
        group by r.table_name, e->>'code') f
      left join field_labels l on l.code = f.code and l.locale = ${ctx.locale}
      left join field_labels il on il.code = f.code and il.locale = 'it'
      order by f.table_name, f.count desc, f.code`);
    const tables: TableAccuracy[] = TABLES.flatMap((table) => {
      const r = rows.find((x) => x.table_name === table);
      if (!r || !n(r.total)) return [];
      return [
        {
          table,
          total: n(r.total),
          image: n(r.image),
          date: n(r.date),
          place: n(r.place),
          type: n(r.type),
          summary: { it: n(r.summary_it), en: n(r.summary_en), fr: n(r.summary_fr) },
          label: { en: n(r.label_en), fr: n(r.label_fr) },
          fields: fields
            .filter((f) => f.table_name === table)
            .slice(0, 25)
            .map((f) => ({ code: f.code, label: f.label ?? f.code, count: n(f.count) })),
        },
      ];
    });
    return { tables };
  });
}

/** Footprint: where the catalogue's records sit in time, in space and by type (spec §2 `/analytics/footprint`). */
export function getFootprint(ctx: ServiceContext): Promise<Footprint> {
  return once(ctx, "footprint", async () => {
    const visible = recordVisible(ctx.viewer, "r");
    const [totals] = await ctx.database.rows<Record<string, unknown>>(sql`
      select count(*) as total, count(*) filter (where r.date_start is null) as undated,
        count(*) filter (where r.lat is not null and r.lng is not null) as located
      from records r where ${visible}`);
    const decades = await ctx.database.rows<{ decade: unknown; count: unknown }>(sql`
      select (floor(extract(year from r.date_start) / 10) * 10)::int as decade, count(*) as count
      from records r where ${visible} and r.date_start is not null group by 1 order by 1`);
    const types = await ctx.database.rows<{ name: string | null; count: unknown }>(sql`
      select coalesce(nullif(rt.names->>${ctx.locale}, ''), rt.names->>'it', rt.code) as name, count(*) as count
      from records r join record_types rt on rt.id = r.type_id
      where ${visible} group by rt.id, 1 order by count(*) desc, 1`);
    const places = await ctx.database.rows<{ id: string; name: string; count: unknown; lat: number | null; lng: number | null }>(sql`
      select p.id, coalesce(tl.label, ti.label, p.id) as name, count(distinct rel.from_uid) as count, p.lat, p.lng
      from records p
      join relations rel on rel.to_table = 'ca_places' and rel.to_id = p.id
      join records r on r.uid = rel.from_uid and ${visible}
      left join record_texts tl on tl.record_uid = p.uid and tl.locale = ${ctx.locale}
      left join record_texts ti on ti.record_uid = p.uid and ti.locale = 'it'
      where p.table_name = 'ca_places' and ${recordVisible(ctx.viewer, "p")}
      group by p.uid, p.id, tl.label, ti.label, p.lat, p.lng
      order by count(distinct rel.from_uid) desc, 2 limit 30`);
    const typed = types.map((t) => ({ name: t.name ?? "", count: n(t.count) }));
    return {
      total: n(totals?.total),
      undated: n(totals?.undated),
      located: n(totals?.located),
      decades: decades.map((d) => ({ decade: n(d.decade), count: n(d.count) })),
      types: typed.slice(0, 20),
      otherTypes: typed.slice(20).reduce((a, t) => a + t.count, 0),
      places: places.map((p) => ({
        name: p.name,
        count: n(p.count),
        lat: p.lat,
        lng: p.lng,
        link: recordPath("ca_places", p.id, p.name),
      })),
    };
  });
}
