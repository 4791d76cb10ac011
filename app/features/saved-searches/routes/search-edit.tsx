import { data, useNavigation } from "react-router";
import type { Route } from "./+types/search-edit";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { accountMeta } from "~/features/accounts";
import { searchHref } from "../saved-searches";
import { canSetHero, getSavedSearch } from "../saved-searches.server";
import { pageToken, savedSearchAction } from "../http.server";
import { DeleteSavedSearch, SavedSearchForm } from "../components/SavedSearchForm";
import type { SaveFormData } from "../components/SaveDialog";

/**
 * /searches/{id}: rename a saved search, change its public flag, alert and hero flag, or delete it (spec §4:
 * with an id the drawer updates). Another user's id is the same 404 as a missing one, here and on `.data`.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const search = await getSavedSearch(ctx, params.id);
  if (!search) throw notFound();
  const { csrf, headers } = pageToken(context);
  const form: SaveFormData & { title: string; query: string; locale: typeof search.locale } = {
    csrf,
    canHero: canSetHero(ctx),
    values: { title: search.title, public: search.public, hero: search.hero, alert: search.alert },
    title: search.title,
    query: search.query,
    locale: search.locale,
  };
  return data(form, { headers });
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  return savedSearchAction(request, context, url, params.id);
}

export const meta = accountMeta("savedSearches.edit");

export const handle = { layout: "default", capability: "PRIVATE" };

export default function EditSavedSearch({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const list = localizePath("/searches", locale);
  const action = localizePath(`/searches/${params.id}`, locale);
  return (
    <section className="page saved-page">
      <h1>{t("savedSearches.editNamed", { title: loaderData.title })}</h1>
      <p>
        <a href={searchHref(loaderData.query, locale)}>{t("savedSearches.rerun")}</a>
      </p>
      <SavedSearchForm
        key={failed ? JSON.stringify(failed.errors) : "form"}
        action={action}
        csrf={loaderData.csrf}
        values={failed ? failed.values : loaderData.values}
        errors={failed?.errors}
        params={failed?.params}
        canHero={loaderData.canHero}
        busy={busy}
        cancel={{ href: list }}
      />
      <div className="saved-page__delete">
        <DeleteSavedSearch action={action} csrf={loaderData.csrf} title={loaderData.title} />
      </div>
    </section>
  );
}
