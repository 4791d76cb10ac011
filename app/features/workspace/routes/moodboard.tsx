import { data } from "react-router";
import type { Route } from "./+types/moodboard";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { translate } from "~/i18n";
import { splitLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { rootDataOf } from "~/root-data";
import { CollectionIdSchema } from "../workspace";
import { MoodboardIdSchema } from "../moodboards";
import { getMoodboard, moodboardCollection, moodboardLimits } from "../moodboards.server";
import { uploadLimits } from "../editor/uploads.server";
import { MoodboardEditor } from "../components/MoodboardEditor";

/**
 * /collections/{coll}/moodboards/{id} (spec §2; `add` creates): one of the user's moodboards in one of their
 * collections. Another user's board or collection, or a board under another collection, is the 404 of a
 * missing one — on the page and its `.data` URL.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const coll = CollectionIdSchema.safeParse(params.coll);
  const id = params.id === "add" ? null : MoodboardIdSchema.safeParse(params.id);
  if (!coll.success || (id && !id.success)) throw notFound();
  const ctx = serviceContext(context, url);
  // another user's or a missing one: the services' refusal, answered by the route guard with the 404 page
  const collection = await moodboardCollection(ctx, coll.data);
  const board = id?.success ? await getMoodboard(ctx, coll.data, id.data) : null;
  return data(
    { collection, board, limits: { maxFiles: uploadLimits().maxFiles, maxItems: moodboardLimits().items } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  return [
    ...pageMeta({
      title: d?.board?.title || translate(locale, "moodboard.new"),
      siteTitle: root?.options.title,
      origin: root?.origin ?? "",
      languages: root?.languages,
      pathname: location.pathname,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export const handle = { layout: "default", capability: "PRIVATE" };

export default function MoodboardPage({ loaderData }: Route.ComponentProps) {
  return <MoodboardEditor collection={loaderData.collection} board={loaderData.board} limits={loaderData.limits} />;
}
