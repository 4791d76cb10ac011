import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/requests";
import { serviceContext } from "~/.server/context";
import { formToken } from "~/features/accounts/index.server";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath } from "~/lib/locale";
import { orGone } from "../http.server";
import { decideRequest, listRequests, requireRequestsRegister } from "../requests.server";
import { backTo, noticeOf, privateHeaders, when } from "../register-list";
import {
  ChoiceField,
  Field,
  Filters,
  IntentButton,
  ListCount,
  ListPages,
  ListTable,
  PostForm,
  RegisterPage,
  SearchField,
  useListLinks,
} from "../components/RegisterPage";
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

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const query = RequestsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await listRequests(ctx, query);
  const { token, setCookie } = formToken(context);
  const at = (e: RequestEntry) => ({
    ...e,
    created: when(ctx.locale, e.createdAt, true),
    decided: when(ctx.locale, e.decidedAt, true),
    expires: when(ctx.locale, e.expiresAt, true),
  });
  return data(
    { csrf: token, query, notice: noticeOf(url, NOTICES), list: { ...list, entries: list.entries.map(at) } },
    { headers: privateHeaders(setCookie) },
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
  const origin = context.auth?.linkOrigin?.() ?? url.origin;
  const done = await orGone(
    decideRequest(ctx, input.data, { origin, address: context.auth?.address ?? "" }).then(() =>
      input.data.intent === "approve" ? "requests.done.approved" : "requests.done.refused",
    ),
    "requests.done.gone",
  );
  return redirect(backTo(url, form, KEEP, done));
}

export default function Requests({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, query, notice, list } = loaderData;
  const links = useListLinks({
    status: query.status === "all" ? "" : query.status,
    purpose: query.purpose === "all" ? "" : query.purpose,
    from: query.from,
    to: query.to,
    q: query.q,
    page: query.page > 1 ? String(query.page) : "",
  });
  const post = { csrf, back: links.back };
  const csv = `${localizePath("/requests.csv", locale)}${links.back ? `?${links.back}` : ""}`;
  const filtered = query.q || query.from || query.to || query.status !== "all" || query.purpose !== "all";
  const errorFor = (id: string, intent: string) => (actionData?.id === id && actionData.intent === intent ? actionData.error : null);

  return (
    <RegisterPage
      block="register"
      className="requests"
      title="requests.title"
      lead="requests.lead"
      notice={notice}
      alert={actionData?.error}
    >
      <Filters block="register" label="requests.filters" apply="register.apply" csv={csv}>
        <SearchField label="requests.q" name="q" value={query.q} />
        <ChoiceField
          label="requests.status"
          name="status"
          value={query.status}
          options={["all", ...REQUEST_STATUSES]}
          optionLabel={(s) => (s === "all" ? t("requests.all") : t(`requests.status.${s}` as MessageKey))}
        />
        <ChoiceField
          label="requests.purpose"
          name="purpose"
          value={query.purpose}
          options={["all", ...REQUEST_PURPOSES]}
          optionLabel={(p) => (p === "all" ? t("requests.all") : t(`requests.purpose.${p}` as MessageKey))}
        />
        <Field label="requests.from">
          <input type="date" name="from" defaultValue={query.from} />
        </Field>
        <Field label="requests.to">
          <input type="date" name="to" defaultValue={query.to} />
        </Field>
      </Filters>

      <ListCount>{t("requests.count", { count: list.total })}</ListCount>
      <ListTable
        rows={list.entries}
        className="register__table requests__table"
        caption="requests.caption"
        columns={["requests.col.record", "requests.col.requester", "requests.col.request", "requests.col.status", "requests.col.decision"]}
        empty={filtered ? "requests.emptyFiltered" : "requests.empty"}
      >
        {(e) => (
          <tr key={e.id} id={`r-${e.id}`}>
            <th scope="row">
              <div className="requests__record">
                {e.thumbnail ? <img src={e.thumbnail} alt="" width={56} height={56} loading="lazy" /> : null}
                <span>
                  {e.record.type || e.record.inventory ? (
                    <span className="register__kind">{[e.record.type, e.record.inventory].filter(Boolean).join(" · ")}</span>
                  ) : null}
                  {e.record.link ? <Link to={localizePath(e.record.link, locale)}>{e.record.title}</Link> : <span>{e.record.title}</span>}
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
                  <PostForm {...post} className="requests__form" fields={{ id: e.id }}>
                    <fieldset>
                      <legend>{t("requests.approve.legend")}</legend>
                      <label className="requests__choice">
                        <input type="radio" name="watermarked" value="yes" defaultChecked /> {t("requests.approve.watermarked")}
                      </label>
                      <label className="requests__choice">
                        <input type="radio" name="watermarked" value="no" /> {t("requests.approve.clean")}
                      </label>
                      <Field label="requests.approve.days">
                        <input
                          type="number"
                          name="days"
                          min={LINK_DAYS_MIN}
                          max={LINK_DAYS_MAX}
                          defaultValue={LINK_DAYS_DEFAULT}
                          required
                          aria-invalid={errorFor(e.id, "approve") ? true : undefined}
                        />
                      </Field>
                      {errorFor(e.id, "approve") ? <p className="form-error">{t(errorFor(e.id, "approve")!)}</p> : null}
                      <IntentButton intent="approve" label="requests.approve" title={e.record.title} />
                    </fieldset>
                  </PostForm>
                  <PostForm {...post} className="requests__form" fields={{ id: e.id }}>
                    <Field label="requests.refuse.reason">
                      <textarea
                        name="reason"
                        rows={2}
                        maxLength={REASON_MAX}
                        required
                        aria-invalid={errorFor(e.id, "refuse") ? true : undefined}
                      />
                    </Field>
                    {errorFor(e.id, "refuse") ? <p className="form-error">{t(errorFor(e.id, "refuse")!)}</p> : null}
                    <IntentButton intent="refuse" label="requests.refuse" title={e.record.title} />
                  </PostForm>
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
        )}
      </ListTable>
      <ListPages block="register" page={list.page} pages={list.pages} href={links.page} />
    </RegisterPage>
  );
}
