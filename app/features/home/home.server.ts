import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { registerCache } from "~/.server/caches";
import { mediaVisible, recordVisible } from "~/.server/access";
import { cardQuery, getCards, toCard, type CardRow } from "~/features/records/index.server";
import type { RecordCard } from "~/lib/record-types";
import { getPage } from "~/features/site/index.server";
import type { HomeContent, HomeSection } from "~/features/site";
import { sanitizeContentHtml } from "~/.server/content-html";
import { publishedStoriesBySlug } from "~/features/stories/index.server";

/** A published story as the home page shows it (decision 116). */
export type HomeStory = { slug: string; title: string; cover: string | null; publishedAt: string | null };

/** `index`: the section's place in the stored content (hidden ones are skipped here, the editor shows them). */
export type HomeSectionView = Omit<HomeSection, "refs" | "stories"> & {
  cards: RecordCard[];
  stories?: HomeStory[];
  index: number;
  display?: "grid" | "carousel";
};

const homeStoriesOf = async (ctx: ServiceContext, slugs: string[]): Promise<HomeStory[]> =>
  (await publishedStoriesBySlug(ctx, slugs)).map((s) => ({
    slug: s.publishedSlug!,
    title: s.title,
    cover: s.cover,
    publishedAt: s.publishedAt,
  }));

/** The homepage: hero and sections of the locale's content, with their records resolved. */
export async function getHome(ctx: ServiceContext) {
  const page = await getPage<HomeContent>(ctx, "home", ctx.locale);
  // A site nobody has written a home page for yet (a catalogue imported without the demo) shows a sample of
  // its pictures rather than an empty page; with no picture at all, the empty catalogue's notice.
  const content: HomeContent = page?.content ?? { hero: { title: "" }, sections: [{ kind: "mediaSample", title: "" }] };
  const sections: HomeSectionView[] = [];
  for (const [index, stored] of (content.sections ?? []).entries()) {
    if (stored.visible === false) continue;
    // rich text was sanitised when saved; again when read (a value written elsewhere, a stricter policy since)
    const s = stored.html !== undefined ? { ...stored, html: sanitizeContentHtml(stored.html) } : stored;
    if (s.kind === "records") sections.push({ ...s, index, cards: await getCards(ctx, s.refs) });
    else if (s.kind === "mediaSample") sections.push({ ...s, index, cards: await randomMediaSample(ctx, 4) });
    else if (s.kind === "stories") {
      // only what is published now, in the chosen order; a section left with none is not shown
      const { stories, ...rest } = s;
      const shown = await homeStoriesOf(ctx, Array.isArray(stories) ? stories : []);
      if (shown.length) sections.push({ ...rest, index, cards: [], stories: shown });
    } else sections.push({ ...s, index, cards: [] });
  }
  if (!page && sections[0] && sections[0].cards.length === 0) {
    // no picture to show: a few of the catalogue's records instead (none at all: the empty catalogue's notice)
    const rows = await ctx.database.rows<CardRow>(
      cardQuery(ctx, sql`r.uid in (select x.uid from records x where ${recordVisible(ctx.viewer, "x")} order by x.uid limit 8)`),
    );
    sections[0].cards = rows.map((r) => toCard(r, ctx.locale));
    if (!sections[0].cards.length) sections.length = 0;
  }
  const heroCard = content.hero.image ? ((await getCards(ctx, [content.hero.image]))[0] ?? null) : null;
  return { title: page?.title ?? "", lang: page?.locale ?? ctx.locale, hero: { ...content.hero, card: heroCard }, sections };
}

/** How many candidates the random sample draws from, and how long they are kept. */
const POOL_SIZE = 200;
const POOL_TTL_MS = 5 * 60_000;
const pools = new WeakMap<object, Map<string, { at: number; uids: Promise<number[]> }>>();

/**
 * Up to POOL_SIZE records (uids) with a visible image that the viewer may see, drawn at random once every
 * few minutes per set of access levels: the home page's sample is picked from it, so a visit costs the four
 * cards, not a random sort of every record with an image (single flight: visitors arriving together wait
 * for one draw). An import clears it (catalogueChanged).
 */
function samplePool(ctx: ServiceContext): Promise<number[]> {
  let byLevels = pools.get(ctx.database);
  if (!byLevels) pools.set(ctx.database, (byLevels = new Map()));
  const key = [...ctx.viewer.accessLevels].sort().join(",");
  const hit = byLevels.get(key);
  if (hit && hit.at > Date.now() - POOL_TTL_MS) return hit.uids;
  const uids = ctx.database
    .rows<{ uid: number | string }>(sql`
      select r.uid from records r
      where ${recordVisible(ctx.viewer, "r")} and r.has_media
        and exists (select 1 from media m where m.record_uid = r.uid and m.media_type = 'image' and m.thumbnail is not null and ${mediaVisible(ctx.viewer, "m")})
      order by random() limit ${POOL_SIZE}`)
    .then((rows) => rows.map((r) => Number(r.uid)));
  const entry = { at: Date.now(), uids };
  const cache = byLevels;
  cache.set(key, entry);
  uids.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return uids;
}

registerCache((database) => pools.delete(database));

/** A random sample of visible records that have a visible image (spec §9: 4), drawn from the pool. */
export async function randomMediaSample(ctx: ServiceContext, n = 4): Promise<RecordCard[]> {
  const pool = [...(await samplePool(ctx))];
  const picked: number[] = [];
  while (picked.length < n && pool.length) picked.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]!);
  if (!picked.length) return [];
  // (cardQuery filters by access again: the pool may be a few minutes old)
  const rows = await ctx.database.rows<CardRow>(cardQuery(ctx, sql`r.uid = any(${`{${picked.join(",")}}`}::bigint[])`));
  const order = new Map(picked.map((u, i) => [u, i]));
  return rows.sort((a, b) => order.get(Number(a.uid))! - order.get(Number(b.uid))!).map((r) => toCard(r, ctx.locale));
}

/**
 * getHomeStories (spec §7, decision 116): the published stories the home page of the locale shows, in order
 * (every visible "stories" section's, each once). A story withdrawn since it was chosen is not among them.
 */
export async function getHomeStories(ctx: ServiceContext): Promise<HomeStory[]> {
  const page = await getPage<HomeContent>(ctx, "home", ctx.locale);
  const slugs = (page?.content.sections ?? []).flatMap((s) =>
    s.kind === "stories" && s.visible !== false && Array.isArray(s.stories) ? s.stories : [],
  );
  return homeStoriesOf(ctx, [...new Set(slugs)]);
}
