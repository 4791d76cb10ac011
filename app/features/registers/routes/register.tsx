import { Pagination } from "~/ui/Pagination";
import { data, Form, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/register";
import { serviceContext } from "~/.server/context";
import { formToken } from "~/features/accounts/index.server";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { LOCALE_TAGS, localizePath, type Locale } from "~/lib/locale";
import { isRefusal } from "~/.server/access";
import { actOnRegister, listRegister, requireRegister } from "../register.server";
import registerCss from "../components/register.css?url";
import { REGISTER_KINDS, REGISTER_STATES, RegisterActionSchema, RegisterQuerySchema, type RegisterEntry } from "../register";

/**
 * /registro, the collection register (spec §2, §6; issue 32 §4, decision 099): for managers (MANAGE_USERS) while
 * the `registro` option is on, every collection and story visible outside its owner's account. Filters and pages
 * are in the address, and every action is a form post: it all works without JavaScript.
 */

export const handle = { layout: "default", capability: "MANAGE_USERS" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registerCss }];
export const meta = accountMeta("register.title", "register.lead");

const NOTICES = ["register.done.unpublished", "register.done.revoked", "register.done.gone"] as const;

const when = (locale: Locale, value: string | null) =>
  value ? { iso: value, text: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium" }).format(new Date(value)) } : null;

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const query = RegisterQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await listRegister(ctx, query);
  const done = url.searchParams.get("done");
  const { token, setCookie } = formToken(context);
  const at = (e: RegisterEntry) => ({
    ...e,
    created: when(ctx.locale, e.createdAt)!,
    updated: when(ctx.locale, e.updatedAt)!,
    published: when(ctx.locale, e.publishedAt),
    links: e.links.map((l) => ({ id: l.id, expires: when(ctx.locale, l.expiresAt)! })),
  });
  return data(
    {
      csrf: token,
      query,
      notice: (NOTICES as readonly string[]).includes(done ?? "") ? (done as MessageKey) : null,
      list: { ...list, entries: list.entries.map(at) },
    },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const ctx = serviceContext(context, url);
  const form = await request.formData();
  const input = RegisterActionSchema.safeParse(Object.fromEntries(form));
  if (!input.success) return data({ error: "register.error.invalid" as MessageKey }, { status: 400 });
  await requireRegister(ctx);
  // Something already unpublished or revoked (another manager, its owner, a second press) is said so on the list.
  const gone = await actOnRegister(ctx, input.data, { address: context.auth?.address ?? "" }).then(
    () => false,
    (err: unknown) => {
      if (isRefusal(err) && err.status === 404) return true;
      throw err;
    },
  );
  const back = new URLSearchParams(String(form.get("back") ?? ""));
  const keep = new URLSearchParams();
  for (const k of ["q", "kind", "state", "page"]) {
    const v = back.get(k);
    if (v && v.length <= 200) keep.set(k, v);
  }
  keep.set("done", gone ? "register.done.gone" : input.data.intent === "unpublish" ? "register.done.unpublished" : "register.done.revoked");
  return redirect(`${url.pathname}?${keep.toString()}`);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, query, notice, list } = loaderData;
  const location = useLocation();
  const base = location.pathname;
  const back = new URLSearchParams(
    Object.entries({ q: query.q, kind: query.kind, state: query.state, page: String(query.page) }).filter(([, v]) => v && v !== "all"),
  ).toString();
  const pageLink = (page: number) => {
    const p = new URLSearchParams(back);
    p.set("page", String(page));
    return `${base}?${p.toString()}`;
  };
  const csv = `${localizePath("/registro.csv", locale)}?${back}`;
  const filtered = query.q || query.kind !== "all" || query.state !== "all";

  return (
    <div className="page register">
      <h1>{t("register.title")}</h1>
      <p className="register__lead">{t("register.lead")}</p>
      <div role="status" aria-live="polite">
        {notice ? <p className="notice">{t(notice)}</p> : null}
        {actionData?.error ? <p className="form-error">{t(actionData.error)}</p> : null}
      </div>

      <Form method="get" className="register__filters" role="search" aria-label={t("register.filters")}>
        <label className="register__field">
          <span>{t("register.q")}</span>
          <input type="search" name="q" defaultValue={query.q} maxLength={200} />
        </label>
        <label className="register__field">
          <span>{t("register.kind")}</span>
          <select name="kind" defaultValue={query.kind}>
            {REGISTER_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`register.kind.${k}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <label className="register__field">
          <span>{t("register.state")}</span>
          <select name="state" defaultValue={query.state}>
            {REGISTER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`register.state.${s}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          {t("register.apply")}
        </button>
        <a className="button" href={csv} download>
          {t("register.csv")}
        </a>
      </Form>

      <p className="register__count" aria-live="polite">
        {t("register.count", { count: list.total })}
      </p>
      {list.entries.length === 0 ? (
        <p className="empty-state">{filtered ? t("register.emptyFiltered") : t("register.empty")}</p>
      ) : (
        <table className="results-table stack-table register__table">
          <caption className="visually-hidden">{t("register.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("register.col.title")}</th>
              <th scope="col">{t("register.col.owner")}</th>
              <th scope="col">{t("register.col.visible")}</th>
              <th scope="col">{t("register.col.items")}</th>
              <th scope="col">{t("register.col.dates")}</th>
              <th scope="col">{t("register.col.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.entries.map((e) => {
              const path = e.kind === "story" ? "/public/stories/" : "/public/collections/";
              return (
                <tr key={`${e.kind}/${e.id}`}>
                  <th scope="row">
                    <span className="register__kind">{t(`register.kind.${e.kind}` as MessageKey)}</span>{" "}
                    {e.publishedSlug ? (
                      <Link to={localizePath(`${path}${e.publishedSlug}`, locale)}>{e.title}</Link>
                    ) : (
                      <span>{e.title}</span>
                    )}
                  </th>
                  <td data-label={t("register.col.owner")}>
                    <span className="register__owner">{e.owner.name}</span>{" "}
                    <a href={`mailto:${e.owner.email}`} className="register__mail">
                      {e.owner.email}
                    </a>
                  </td>
                  <td data-label={t("register.col.visible")}>
                    <ul className="register__labels">
                      {e.published ? <li>{t("register.label.published", { date: e.published.text })}</li> : null}
                      {e.sharedWith ? <li>{t("register.label.shared", { count: e.sharedWith })}</li> : null}
                      {e.links.map((l) => (
                        <li key={l.id}>
                          {t("register.label.link", { date: l.expires.text })}{" "}
                          <Form method="post" className="register__inline">
                            <input type="hidden" name="csrf" value={csrf} />
                            <input type="hidden" name="back" value={back} />
                            <input type="hidden" name="link" value={l.id} />
                            <button type="submit" name="intent" value="revokeLink" className="button button--small">
                              {t("register.revoke")}
                              <span className="visually-hidden"> {t("register.ofTitle", { title: e.title })}</span>
                            </button>
                          </Form>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label={t("register.col.items")}>
                    {e.items}
                    {e.restrictedItems ? (
                      <>
                        {" · "}
                        <strong>{t("register.restricted", { count: e.restrictedItems })}</strong>
                      </>
                    ) : null}
                  </td>
                  <td data-label={t("register.col.dates")} className="register__dates">
                    {t("register.created")} <time dateTime={e.created.iso}>{e.created.text}</time>
                    <br />
                    {t("register.updated")} <time dateTime={e.updated.iso}>{e.updated.text}</time>
                  </td>
                  <td data-label={t("register.col.actions")}>
                    <div className="register__actions">
                      {e.publishedSlug ? (
                        <Form method="post" className="register__inline">
                          <input type="hidden" name="csrf" value={csrf} />
                          <input type="hidden" name="back" value={back} />
                          <input type="hidden" name="kind" value={e.kind} />
                          <input type="hidden" name="id" value={e.id} />
                          <button type="submit" name="intent" value="unpublish" className="button button--small">
                            {t("register.unpublish")}
                            <span className="visually-hidden"> {t("register.ofTitle", { title: e.title })}</span>
                          </button>
                        </Form>
                      ) : null}
                      <a className="button button--small" href={`mailto:${e.owner.email}?subject=${encodeURIComponent(e.title)}`}>
                        {t("register.contact")}
                        <span className="visually-hidden"> {e.owner.name}</span>
                      </a>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pagination
        page={list.page}
        pages={list.pages}
        href={pageLink}
        label={t("register.pages")}
        prev={t("register.prev")}
        next={t("register.next")}
        status={t("register.pageOf", { page: list.page, pages: list.pages })}
      />
    </div>
  );
}
