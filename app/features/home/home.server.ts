import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { mediaVisible } from "~/.server/access";
import { cardQuery, getCards, toCard, type CardRow } from "../records/cards.server";
import type { RecordCard } from "../records/types";
import { getPage } from "../site/site.server";
import type { HomeContent, HomeSection } from "../site/options";

export type HomeSectionView = Omit<HomeSection, "refs"> & { cards: RecordCard[] };

/** The homepage: hero and sections of the locale's content, with their records resolved. */
export async function getHome(ctx: ServiceContext) {
  const page = await getPage<HomeContent>(ctx.database, "home", ctx.locale);
  const content: HomeContent = page?.content ?? { hero: { title: "" }, sections: [] };
  const sections: HomeSectionView[] = [];
  for (const s of content.sections ?? []) {
    if (s.visible === false) continue;
    if (s.kind === "records") sections.push({ ...s, cards: await getCards(ctx, s.refs) });
    else if (s.kind === "mediaSample") sections.push({ ...s, cards: await randomMediaSample(ctx, 4) });
    else sections.push({ ...s, cards: [] });
  }
  const heroCard = content.hero.image ? (await getCards(ctx, [content.hero.image]))[0] ?? null : null;
  return { title: page?.title ?? "", lang: page?.locale ?? ctx.locale, hero: { ...content.hero, card: heroCard }, sections };
}

/** A random sample of visible records that have a visible image (spec §9: 4). */
export async function randomMediaSample(ctx: ServiceContext, n = 4): Promise<RecordCard[]> {
  const rows = await ctx.database.rows<CardRow>(
    cardQuery(
      ctx,
      sql`r.has_media and exists (select 1 from media m where m.record_uid = r.uid and m.media_type = 'image' and m.thumbnail is not null and ${mediaVisible(ctx.viewer, "m")})`,
      sql`order by random() limit ${n}`,
    ),
  );
  return rows.map((r) => toCard(r, ctx.locale));
}
