import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { capabilities } from "~/.server/session";
import { hasCapability } from "~/lib/capabilities";
import { cardQuery, toCard, type CardRow } from "~/features/records/cards.server";
import type { PickerImage } from "./types";

export const IMAGE_SEARCH_LIMIT = 24;


/** Whether the viewer may edit the site in place (ADMIN, spec §6). */
export const canEditSite = (ctx: Pick<ServiceContext, "viewer">) =>
  ctx.viewer.kind === "user" && hasCapability(ctx.viewer.level, "ADMIN", capabilities());

/**
 * The image picker's search (decision 074): records with an image, whose label (any language) or id holds
 * `q`, newest first, at most IMAGE_SEARCH_LIMIT; null for a viewer without ADMIN. Access rules stay inside the
 * query (cardQuery), as everywhere.
 */
export async function searchImages(ctx: ServiceContext, q: string): Promise<PickerImage[] | null> {
  if (!canEditSite(ctx)) return null;
  const like = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = sql`r.has_media and m.thumbnail is not null ${
    q.trim()
      ? sql`and (r.id ilike ${like} or exists (select 1 from record_texts t where t.record_uid = r.uid and t.label ilike ${like}))`
      : sql``
  }`;
  const rows = await ctx.database.rows<CardRow>(cardQuery(ctx, where, sql`order by r.uid desc limit ${IMAGE_SEARCH_LIMIT}`));
  return rows.map((row) => {
    const c = toCard(row, ctx.locale);
    return { table: c.table, id: c.id, label: c.preferred_label, labelLang: c.labelLang ?? ctx.locale, thumbnail: c.url.thumbnail ?? "", medium: c.url.medium ?? c.url.thumbnail ?? "" };
  });
}
