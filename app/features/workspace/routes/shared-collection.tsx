import { data } from "react-router";
import type { Route } from "./+types/shared-collection";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { LOCALE_TAGS, splitLocale } from "~/lib/locale";
import { translate } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { pageMeta } from "~/lib/seo";
import { RecordCard } from "~/features/records/components/RecordCard";
import { DEFAULT_PLACEHOLDER } from "~/features/site/options";
import type { RootData } from "~/root";
import { getCollectionByLink, WorkspaceError } from "../workspace.server";
import { LinkTokenSchema } from "../shares";
import { CountLabel } from "../components/CountLabel";

/**
 * /shared/{token} (decision 061): a collection opened by its secret link, read-only, for anyone holding it —
 * signed in or not. Records are those the viewer may see (the others counted). An expired, revoked or
 * never-made link is the same 404. Never cached, never indexed.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const token = LinkTokenSchema.safeParse(params.token);
  if (!token.success) throw notFound();
  try {
    const c = await getCollectionByLink(serviceContext(context, url), token.data);
    return data(
      { collection: { title: c.title, items: c.items, hidden: c.hidden, expiresAt: c.expiresAt } },
      { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
    );
  } catch (err) {
    if (err instanceof WorkspaceError && err.code === "notFound") throw notFound();
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches, location, data: d }) => {
  const root = matches[0]?.data as RootData | undefined;
  const locale = splitLocale(location.pathname).locale;
  return [
    ...pageMeta({ title: d?.collection.title ?? translate(locale, "error.notFound"), siteTitle: root?.options.title, origin: root?.origin ?? "", pathname: location.pathname }),
    { name: "robots", content: "noindex" },
  ];
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const handle = { layout: "default", capability: "PUBLIC" };

export default function SharedCollection({ loaderData, matches }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const root = matches[0]?.data as RootData | undefined;
  const placeholder = root?.options.placeholder ?? DEFAULT_PLACEHOLDER;
  const c = loaderData.collection;
  const until = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(c.expiresAt));
  return (
    <article className="page workspace public-collection">
      <header className="public-collection__header">
        <p className="public-collection__kicker">{t("workspace.share.kicker")}</p>
        <h1>{c.title}</h1>
        <p className="workspace__meta">
          <CountLabel count={c.items.length} />
          {` · ${t("workspace.share.until", { date: until })}`}
        </p>
        {c.hidden > 0 ? <p className="notice">{t("workspace.public.hidden", { count: c.hidden })}</p> : null}
      </header>
      {c.items.length === 0 ? (
        <p className="workspace__empty">{t("workspace.public.empty")}</p>
      ) : (
        <ul className="collection-items collection-items--public" aria-label={c.title}>
          {c.items.map((card) => (
            <li key={`${card.table}/${card.id}`}>
              <RecordCard card={card} placeholder={placeholder} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
