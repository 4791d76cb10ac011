import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/search-new";
import { serviceContext } from "~/.server/context";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { accountMeta } from "~/features/accounts";
import { canonicalQuery, searchHref } from "../saved-searches";
import { canSetHero } from "../saved-searches.server";
import { pageToken, savedSearchAction } from "../http.server";
import { SavedSearchForm } from "../components/SavedSearchForm";
import type { SaveFormData } from "../components/SaveDialog";

/**
 * /searches/new?{the search's own parameters}: the save form of a search (spec §2 save drawer), a page of
 * its own so that saving works without JavaScript; the search page's dialog loads and posts it too.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const query = canonicalQuery(url.searchParams.toString());
  const ctx = serviceContext(context, url);
  const { csrf, headers } = pageToken(context);
  const q = new URLSearchParams(query ?? "").get("q") ?? "";
  const form: SaveFormData & { invalid: boolean } = {
    csrf,
    canHero: canSetHero(ctx),
    query: query ?? "",
    values: { title: q.slice(0, 200), public: false, hero: false, alert: "none" },
    invalid: query === null,
  };
  return data(form, { status: query === null ? 400 : 200, headers });
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return savedSearchAction(request, context, url, null);
}

export const meta = accountMeta("savedSearches.new");

export const handle = { layout: "default", capability: "PRIVATE" };

export default function NewSavedSearch({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const back = searchHref(loaderData.query ?? "", locale);
  return (
    <section className="page saved-page">
      <h1>{t("savedSearches.new")}</h1>
      {loaderData.invalid ? (
        <>
          <p className="form-error" role="alert">
            {t("savedSearches.queryInvalid")}
          </p>
          <p>
            <Link to={localizePath("/cerca", locale)}>{t("savedSearches.goSearch")}</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            <a href={back}>{t("savedSearches.backToSearch")}</a>
          </p>
          <SavedSearchForm
            key={failed ? JSON.stringify(failed.errors) : "form"}
            action={localizePath("/searches/new", locale)}
            csrf={loaderData.csrf}
            query={loaderData.query}
            values={failed ? failed.values : loaderData.values}
            errors={failed?.errors}
            params={failed?.params}
            canHero={loaderData.canHero}
            busy={busy}
            cancel={{ href: back }}
          />
        </>
      )}
    </section>
  );
}
