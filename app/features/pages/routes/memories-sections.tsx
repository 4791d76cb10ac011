import { data, Link } from "react-router";
import type { Route } from "./+types/memories-sections";
import { serviceContext } from "~/.server/context";
import { can } from "~/.server/access";
import { translate } from "~/i18n";
import { useI18n } from "~/i18n/context";
import { localizePath, splitLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { rootDataOf } from "~/root-data";
import { listMemorySections } from "../memories.server";
import { NewSlugForm } from "../components/NewSlugForm";
import "../components/memories.css";

/** Open to every visitor; unpublished sections are shown to administrators only. */
export const handle = { capability: "PUBLIC", layout: "default" };

/** /memories/sections (issue 34 §1, decision 115): the memory sections, each with its introduction and how many pages it has. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const sections = await listMemorySections(serviceContext(context, url));
  const admin = can(context.viewer, "ADMIN");
  return data(
    {
      admin,
      sections: sections.map((s) => ({
        slug: s.slug,
        title: s.title,
        description: s.description,
        published: s.published,
        lang: s.fallback ? s.locale : null,
        count: s.count,
      })),
    },
    { headers: { "Cache-Control": context.viewer.kind === "user" ? "private, no-store" : "public, max-age=60" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = rootDataOf(matches);
  const locale = splitLocale(location.pathname).ui;
  return pageMeta({
    title: translate(locale, "memories.title"),
    siteTitle: root?.options.title,
    description: translate(locale, "memories.intro"),
    origin: root?.origin ?? "",
    languages: root?.languages,
    pathname: location.pathname,
  });
};

export default function MemorySections({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { sections, admin } = loaderData;
  return (
    <section className="memories">
      <h1>{t("memories.title")}</h1>
      <p className="memories__intro">{t("memories.intro")}</p>
      {sections.length === 0 ? (
        <p className="empty-state">{t("memories.empty")}</p>
      ) : (
        <ul className="memories__sections">
          {sections.map((s) => (
            <li key={s.slug} className="memories__section" lang={s.lang ?? undefined}>
              <h2>
                <Link to={localizePath(`/memories/sections/${s.slug}`, locale)}>{s.title}</Link>
              </h2>
              {s.description ? <p>{s.description}</p> : null}
              <p className="memories__count" lang={locale}>
                {t("memories.count", { count: s.count })}
                {!s.published ? ` · ${t("memories.draft")}` : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      {admin ? (
        <NewSlugForm
          legend={t("memories.newSection")}
          to={(slug) => `/memories/sections/${slug}`}
          taken={(slug) => sections.some((s) => s.slug === slug)}
        />
      ) : null}
    </section>
  );
}
