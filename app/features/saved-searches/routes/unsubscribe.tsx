import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import { accountMeta } from "~/features/accounts";
import { findByUnsubscribeToken, unsubscribeByToken } from "../saved-searches.server";
import { pageToken, PRIVATE_HEADERS } from "../http.server";

/**
 * /searches/unsubscribe/{token}: the link at the foot of every alert mail, usable without signing in. The
 * GET only asks (mail scanners and link previews follow links: nothing changes on a GET); the POST turns
 * the alert off. An unknown token is a 404 that names nothing.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const found = await findByUnsubscribeToken({ database: context.database }, params.token);
  const { csrf, headers } = pageToken(context);
  if (!found) return data({ state: "invalid" as const, title: "", csrf }, { status: 404, headers });
  return data({ state: found.alert === "none" ? ("already" as const) : ("ask" as const), title: found.title, csrf }, { headers });
}

export async function action({ context, params }: Route.ActionArgs) {
  const ctx = { database: context.database };
  const found = await findByUnsubscribeToken(ctx, params.token);
  if (!found) return data({ done: false }, { status: 404, headers: PRIVATE_HEADERS });
  await unsubscribeByToken(ctx, params.token);
  return data({ done: true }, { headers: PRIVATE_HEADERS });
}

export const meta = accountMeta("savedSearches.unsubscribe.title");

export const handle = { layout: "default", capability: "PUBLIC" };

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const busy = useNavigation().state === "submitting";
  const { title } = loaderData;
  const state = actionData ? (actionData.done ? "done" : "invalid") : loaderData.state;
  return (
    <section className="page saved-page">
      <h1>{t("savedSearches.unsubscribe.title")}</h1>
      {state === "invalid" && (
        <p className="form-error" role="alert">
          {t("savedSearches.unsubscribe.invalid")}
        </p>
      )}
      {state === "already" && <p role="status">{t("savedSearches.unsubscribe.already", { title })}</p>}
      {state === "done" && (
        <p className="form-notice" role="status">
          {t("savedSearches.unsubscribe.done", { title })}
        </p>
      )}
      {state === "ask" && (
        <Form method="post" className="saved-form">
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <p>{t("savedSearches.unsubscribe.question", { title })}</p>
          <div className="saved-form__buttons">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("savedSearches.unsubscribe.confirm")}
            </button>
          </div>
        </Form>
      )}
      <p>
        <Link to={localizePath("/searches", locale)}>{t("savedSearches.mail.manageLink")}</Link>
      </p>
    </section>
  );
}
