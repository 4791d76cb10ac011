import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { recordVisible } from "~/.server/access";
import { translate, type MessageKey } from "~/i18n";
import { getSiteOptions } from "~/features/site/index.server";
import type { RecordDetail } from "~/lib/record-types";
import { isoDate } from "./harvest.server";
import { recordJsonLd } from "./jsonld";

/** The JSON-LD of a record the viewer sees (getRecord's answer): its dates and type code in one query. */
export async function getRecordJsonLd(ctx: ServiceContext, record: RecordDetail, origin: string) {
  const [[row], options] = await Promise.all([
    ctx.database.rows<{ date_start: string | null; date_end: string | null; type_code: string | null }>(
      sql`select r.date_start::text as date_start, r.date_end::text as date_end, rt.code as type_code
        from records r left join record_types rt on rt.id = r.type_id
        where r.table_name = ${record.table} and r.id = ${record.id} and ${recordVisible(ctx.viewer, "r")}`,
    ),
    getSiteOptions(ctx, ctx.locale),
  ]);
  return recordJsonLd(record, {
    dateStart: row?.date_start ? isoDate(row.date_start) : null,
    dateEnd: row?.date_end ? isoDate(row.date_end) : null,
    typeCode: row?.type_code ?? null,
    origin,
    siteTitle: options.title || "Teca",
    homeLabel: translate(ctx.locale, "app.home"),
    tableLabel: translate(ctx.locale, `table.${record.table}` as MessageKey),
  });
}
