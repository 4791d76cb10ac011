import { Pagination } from "~/ui/Pagination";
import { data, Form, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/requests";
import { serviceContext } from "~/.server/context";
import { isRefusal } from "~/.server/access";
import { formToken } from "~/features/accounts/index.server";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { LOCALE_TAGS, localizePath, type Locale } from "~/lib/locale";
import { decideRequest, listRequests, requireRequestsRegister } from "../requests.server";
import registerCss from "../components/register.css?url";
import requestsCss from "../components/requests.css?url";
import { RequestStatusLabel } from "../components/RequestStatus";
import {
  DecisionSchema,
  LINK_DAYS_DEFAULT,
  LINK_DAYS_MAX,
  LINK_DAYS_MIN,
  REASON_MAX,
  REQUEST_PURPOSES,
  REQUEST_STATUSES,
  RequestsQuerySchema,
  type RequestEntry,
} from "../requests";

/**
 * /requests, the Registro Richieste (spec §2, §6; issue 32 §3, decision 099): for managers (MANAGE_USERS) while
 * the option `richiediimmagine_email` is set, every reproduction request — pending first — with its requester,
 * image, use and decision. A pending one is approved (watermarked or not, the link's days) or refused with a
 * reason, each a form post; filters and pages are in the address: it all works without JavaScript.
 */

export const handle = { layout: "default", capability: "MANAGE_USERS" };
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: registerCss },
  { rel: "stylesheet", href: requestsCss },
];
export const meta = accountMeta("requests.title", "requests.lead");

const NOTICES = ["requests.done.approved", "requests.done.refused", "requests.done.gone"] as const;
const KEEP = ["status", "purpose", "from", "to", "q", "page"] as const;

const when = (locale: Locale, value: string | null, time = false) =>
  value
    ? {
        iso: value,
        text: new Intl.DateTimeFormat(
          LOCALE_TAGS[locale],
          time ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" },
        ).format(new Date(value)),
      }
    : null;

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const query = RequestsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await listRequests(ctx, query);
  const done = url.searchParams.get("done");
  const { token, setCookie } = formToken(context);
  const at = (e: RequestEntry) => ({
    ...e,
    created: when(ctx.locale, e.createdAt, true)!,
    decided: when(ctx.locale, e.decidedAt, true),
    expires: when(ctx.locale, e.expiresAt, true),
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
  await requireRequestsRegister(ctx);
  const form = await request.formData();
  const input = DecisionSchema.safeParse(Object.fromEntries(form));
  if (!input.success) {
    const id = String(form.get("id") ?? "");
    return data(
      { error: (input.error.issues[0]?.message ?? "requests.error.invalid") as MessageKey, id, intent: String(form.get("intent") ?? "") },
      { status: 400 },
    );
  }
  // A request already decided (another manager, a second press) is said so on the list.
  const origin = context.auth?.linkOrigin?.() ?? url.origin;
  const gone = await decideRequest(ctx, input.data, { origin, address: context.auth?.address ?? "" }).then(
    () => false,
    (err: unknown) => {
      if (isRefusal(err) && err.status === 404) return true;
      throw err;
    },
  );
  const back = new URLSearchParams(String(form.get("back") ?? ""));
  const keep = new URLSearchParams();
  for (const k of KEEP) {
    const v = back.get(k);
    if (v && v.length <= 200) keep.set(k, v);
  }
  keep.set("done", gone ? "requests.done.gone" : input.data.intent === "approve" ? "requests.done.approved" : "requests.done.refused");
  return redirect(`${url.pathname}?${keep.toString()}`);
}

export default function Requests({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, query, notice, list } = loaderData;
  const location = useLocation();
  const base = location.pathname;
  const back = new URLSearchParams(
    Object.entries({
      status: query.status,
      purpose: query.purpose,
      from: query.from,
      to: query.to,
      q: query.q,
      page: query.page > 1 ? String(query.page) : "",
    }).filter(([, v]) => v && v !== "all"),
  ).toString();
  const pageLink = (page: number) => {
    const p = new URLSearchParams(back);
    p.set("page", String(page));
    return `${base}?${p.toString()}`;
  };
  const csv = `${localizePath("/requests.csv", locale)}${back ? `?${back}` : ""}`;
  const filtered = query.q || query.from || query.to || query.status !== "all" || query.purpose !== "all";
  const errorFor = (id: string, intent: string) => (actionData?.id === id && actionData.intent === intent ? actionData.error : null);

  return (
    <div className="page register requests">
      <h1>{t("requests.title")}</h1>
      <p className="register__lead">{t("requests.lead")}</p>
      <div role="status" aria-live="polite">
        {notice ? <p className="notice">{t(notice)}</p> : null}
      </div>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {t(actionData.error)}
        </p>
      ) : null}

      <Form method="get" className="register__filters" role="search" aria-label={t("requests.filters")}>
        <label className="register__field">
          <span>{t("requests.q")}</span>
          <input type="search" name="q" defaultValue={query.q} maxLength={200} />
        </label>
        <label className="register__field">
          <span>{t("requests.status")}</span>
          <select name="status" defaultValue={query.status}>
            <option value="all">{t("requests.all")}</option>
            {REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`requests.status.${s}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <label className="register__field">
          <span>{t("requests.purpose")}</span>
          <select name="purpose" defaultValue={query.purpose}>
            <option value="all">{t("requests.all")}</option>
            {REQUEST_PURPOSES.map((p) => (
              <option key={p} value={p}>
                {t(`requests.purpose.${p}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <label className="register__field">
          <span>{t("requests.from")}</span>
          <input type="date" name="from" defaultValue={query.from} />
        </label>
        <label className="register__field">
          <span>{t("requests.to")}</span>
          <input type="date" name="to" defaultValue={query.to} />
        </label>
        <button type="submit" className="button">
          {t("register.apply")}
        </button>
        <a className="button" href={csv} download>
          {t("register.csv")}
        </a>
      </Form>

      <p className="register__count" aria-live="polite">
        {t("requests.count", { count: list.total })}
      </p>
      {list.entries.length === 0 ? (
        <p className="empty-state">{filtered ? t("requests.emptyFiltered") : t("requests.empty")}</p>
      ) : (
        <table className="results-table stack-table register__table requests__table">
          <caption className="visually-hidden">{t("requests.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("requests.col.record")}</th>
              <th scope="col">{t("requests.col.requester")}</th>
              <th scope="col">{t("requests.col.request")}</th>
              <th scope="col">{t("requests.col.status")}</th>
              <th scope="col">{t("requests.col.decision")}</th>
            </tr>
          </thead>
          <tbody>
            {list.entries.map((e) => (
              <tr key={e.id} id={`r-${e.id}`}>
                <th scope="row">
                  <div className="requests__record">
                    {e.thumbnail ? <img src={e.thumbnail} alt="" width={56} height={56} loading="lazy" /> : null}
                    <span>
                      {e.record.type || e.record.inventory ? (
                        <span className="register__kind">{[e.record.type, e.record.inventory].filter(Boolean).join(" · ")}</span>
                      ) : null}
                      {e.record.link ? (
                        <Link to={localizePath(e.record.link, locale)}>{e.record.title}</Link>
                      ) : (
                        <span>{e.record.title}</span>
                      )}
                    </span>
                  </div>
                </th>
                <td data-label={t("requests.col.requester")}>
                  <span className="register__owner">{e.requester.name}</span>{" "}
                  <a href={`mailto:${e.requester.email}`} className="register__mail">
                    {e.requester.email}
                  </a>
                  <br />
                  <time dateTime={e.created.iso} className="register__dates">
                    {e.created.text}
                  </time>
                </td>
                <td data-label={t("requests.col.request")}>
                  <dl className="requests__facts">
                    <div>
                      <dt>{t("requests.purpose")}</dt>
                      <dd>{t(`requests.purpose.${e.purpose}` as MessageKey)}</dd>
                    </div>
                    <div>
                      <dt>{t("requests.resolution")}</dt>
                      <dd>
                        {t(`requests.resolution.${e.resolution}` as MessageKey)}, {t(`requests.format.${e.format}` as MessageKey)}
                      </dd>
                    </div>
                    {e.notes ? (
                      <div>
                        <dt>{t("requests.notes")}</dt>
                        <dd className="requests__notes">{e.notes}</dd>
                      </div>
                    ) : null}
                  </dl>
                </td>
                <td data-label={t("requests.col.status")}>
                  <RequestStatusLabel status={e.status} />
                </td>
                <td data-label={t("requests.col.decision")}>
                  {e.status === "pending" ? (
                    <div className="requests__decide">
                      <Form method="post" className="requests__form">
                        <input type="hidden" name="csrf" value={csrf} />
                        <input type="hidden" name="back" value={back} />
                        <input type="hidden" name="id" value={e.id} />
                        <fieldset>
                          <legend>{t("requests.approve.legend")}</legend>
                          <label className="requests__choice">
                            <input type="radio" name="watermarked" value="yes" defaultChecked /> {t("requests.approve.watermarked")}
                          </label>
                          <label className="requests__choice">
                            <input type="radio" name="watermarked" value="no" /> {t("requests.approve.clean")}
                          </label>
                          <label className="register__field">
                            <span>{t("requests.approve.days")}</span>
                            <input
                              type="number"
                              name="days"
                              min={LINK_DAYS_MIN}
                              max={LINK_DAYS_MAX}
                              defaultValue={LINK_DAYS_DEFAULT}
                              required
                              aria-invalid={errorFor(e.id, "approve") ? true : undefined}
                            />
                          </label>
                          {errorFor(e.id, "approve") ? <p className="form-error">{t(errorFor(e.id, "approve")!)}</p> : null}
                          <button type="submit" name="intent" value="approve" className="button button--small">
                            {t("requests.approve")}
                            <span className="visually-hidden"> {t("register.ofTitle", { title: e.record.title })}</span>
                          </button>
                        </fieldset>
                      </Form>
                      <Form method="post" className="requests__form">
                        <input type="hidden" name="csrf" value={csrf} />
                        <input type="hidden" name="back" value={back} />
                        <input type="hidden" name="id" value={e.id} />
                        <label className="register__field">
                          <span>{t("requests.refuse.reason")}</span>
                          <textarea
                            name="reason"
                            rows={2}
                            maxLength={REASON_MAX}
                            required
                            aria-invalid={errorFor(e.id, "refuse") ? true : undefined}
                          />
                        </label>
                        {errorFor(e.id, "refuse") ? <p className="form-error">{t(errorFor(e.id, "refuse")!)}</p> : null}
                        <button type="submit" name="intent" value="refuse" className="button button--small">
                          {t("requests.refuse")}
                          <span className="visually-hidden"> {t("register.ofTitle", { title: e.record.title })}</span>
                        </button>
                      </Form>
                    </div>
                  ) : (
                    <div className="requests__decided">
                      {e.decided ? (
                        <p>
                          {t("requests.decidedOn")} <time dateTime={e.decided.iso}>{e.decided.text}</time>
                        </p>
                      ) : null}
                      {e.status === "approved" || e.status === "expired" ? (
                        <p>
                          {t(e.watermarked ? "requests.approve.watermarked" : "requests.approve.clean")}
                          {e.expires ? (
                            <>
                              {" · "}
                              {t(e.status === "expired" ? "requests.expiredOn" : "requests.expiresOn")}{" "}
                              <time dateTime={e.expires.iso}>{e.expires.text}</time>
                            </>
                          ) : null}
                        </p>
                      ) : null}
                      {e.reason ? (
                        <p className="requests__notes">
                          {t("requests.reason")}: {e.reason}
                        </p>
                      ) : null}
                    </div>
                  )}
                </td>
              </tr>
            ))}
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
