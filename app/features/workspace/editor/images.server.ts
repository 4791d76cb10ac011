import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { ownedBy } from "~/.server/access";
import { getCards } from "~/features/records/index.server";
import type { RecordCard } from "~/lib/record-types";
import { configuredSearch, search } from "~/features/search/index.server";
import { parseSearchParams } from "~/features/search";
import { getSiteOptions } from "~/features/site/index.server";
import type { SiteOptions } from "~/features/site";
import { listUploads } from "./uploads.server";
import { PICKER_PAGE_SIZE, type PickerPage, type PickerImage, type PickerSource } from "~/components/editor/images";

/**
 * The image picker's sources (issue 15 §3), only what the viewer may see: the records of the viewer's own
 * collections (owner in the SQL, then the catalogue's access predicate through `getCards`), the catalogue
 * (the search service, as the search page runs it for this viewer), and the viewer's own uploads.
 */
export async function pickerImages(ctx: ServiceContext, input: { source: PickerSource; q: string; page: number }): Promise<PickerPage> {
  if (input.source === "uploads") {
    const all = (await listUploads(ctx)).filter((u) => matches(u.name, input.q));
    const start = input.page * PICKER_PAGE_SIZE;
    return {
      images: all
        .slice(start, start + PICKER_PAGE_SIZE)
        .map((u) => ({ url: u.url, thumb: u.url, title: u.name, ref: null, width: u.width, height: u.height })),
      more: all.length > start + PICKER_PAGE_SIZE,
    };
  }
  if (input.source === "collections") {
    if (ctx.viewer.kind !== "user" || !ctx.viewer.userId) return { images: [], more: false };
    const refs = await ctx.database.rows<{ record_table: string; record_id: string }>(sql`
      select i.record_table, i.record_id, min(i.added_at) as added from collection_items i
      join collections c on c.id = i.collection_id
      where ${ownedBy(ctx.viewer.userId, "c")}
      group by i.record_table, i.record_id order by min(i.added_at) desc limit 1000`);
    const cards = (
      await getCards(
        ctx,
        refs.map((r) => ({ table: r.record_table, id: r.record_id })),
      )
    ).filter((c) => matches(c.preferred_label, input.q));
    const images = cards.map(fromCard).filter((i): i is PickerImage => i !== null);
    const start = input.page * PICKER_PAGE_SIZE;
    return { images: images.slice(start, start + PICKER_PAGE_SIZE), more: images.length > start + PICKER_PAGE_SIZE };
  }
  const sp = new URLSearchParams({ media: "con_media", page: String(input.page) });
  if (input.q) sp.set("q", input.q);
  const parsed = parseSearchParams(sp);
  if (!parsed.ok) return { images: [], more: false };
  const options = await getSiteOptions(ctx, ctx.locale);
  const { params, opts } = configuredSearch(options as SiteOptions & Record<string, unknown>, ctx.viewer.roles, parsed.params);
  const result = await search(ctx, params, { ...opts, pageSize: PICKER_PAGE_SIZE });
  return {
    images: result.data.map(fromCard).filter((i): i is PickerImage => i !== null),
    more: (input.page + 1) * PICKER_PAGE_SIZE < result.count,
  };
}

function fromCard(c: RecordCard): PickerImage | null {
  const url = c.url.large ?? c.url.medium ?? c.url.thumbnail;
  if (!url) return null;
  return {
    url,
    thumb: c.url.thumbnail ?? url,
    title: c.preferred_label,
    ref: { table: c.table, id: c.id },
    width: c.width,
    height: c.height,
  };
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const matches = (text: string, q: string) => !q || fold(text).includes(fold(q));
