import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/register";
import { serviceContext } from "~/.server/context";
import { formToken } from "~/features/accounts/index.server";
import { accountMeta } from "~/features/accounts";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { localizePath } from "~/lib/locale";
import { orGone } from "../http.server";
import { actOnRegister, listRegister, requireRegister } from "../register.server";
import { backTo, noticeOf, privateHeaders, when } from "../register-list";
import {
  ChoiceField,
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
const KEEP = ["q", "kind", "state", "page"] as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = serviceContext(context, url);
  const query = RegisterQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await listRegister(ctx, query);
  const { token, setCookie } = formToken(context);
  const at = (e: RegisterEntry) => ({
    ...e,
    created: when(ctx.locale, e.createdAt),
    updated: when(ctx.locale, e.updatedAt),
    published: when(ctx.locale, e.publishedAt),
    links: e.links.map((l) => ({ id: l.id, expires: when(ctx.locale, l.expiresAt) })),
  });
  return data(
    { csrf: token, query, notice: noticeOf(url, NOTICES), list: { ...list, entries: list.entries.map(at) } },
    { headers: privateHeaders(setCookie) },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const ctx = serviceContext(context, url);
  const form = await request.formData();
  const input = RegisterActionSchema.safeParse(Object.fromEntries(form));
  if (!input.success) return data({ error: "register.error.invalid" as MessageKey }, { status: 400 });
  await requireRegister(ctx);
  const done = await orGone(
    actOnRegister(ctx, input.data, { address: context.auth?.address ?? "" }).then(() =>
      input.data.intent === "unpublish" ? "register.done.unpublished" : "register.done.revoked",
    ),
    "register.done.gone",
  );
  return redirect(backTo(url, form, KEEP, done));
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { csrf, query, notice, list } = loaderData;
  // (the page is always in the address here, even the first: the CSV link and the forms' `back` carry it)
  const links = useListLinks({
    q: query.q,
    kind: query.kind === "all" ? "" : query.kind,
    state: query.state === "all" ? "" : query.state,
    page: String(query.page),
  });
  const post = { csrf, back: links.back };
  const filtered = query.q || query.kind !== "all" || query.state !== "all";

  return (
    <RegisterPage block="register" title="register.title" lead="register.lead" notice={notice} error={actionData?.error}>
      <Filters
        block="register"
        label="register.filters"
        apply="register.apply"
        csv={`${localizePath("/registro.csv", locale)}?${links.back}`}
      >
        <SearchField label="register.q" name="q" value={query.q} />
        <ChoiceField
          label="register.kind"
          name="kind"
          value={query.kind}
          options={REGISTER_KINDS}
          optionLabel={(k) => t(`register.kind.${k}` as MessageKey)}
        />
        <ChoiceField
          label="register.state"
          name="state"
          value={query.state}
          options={REGISTER_STATES}
          optionLabel={(s) => t(`register.state.${s}` as MessageKey)}
        />
      </Filters>

      <ListCount>{t("register.count", { count: list.total })}</ListCount>
      <ListTable
        rows={list.entries}
        className="register__table"
        caption="register.caption"
        columns={[
          "register.col.title",
          "register.col.owner",
          "register.col.visible",
          "register.col.items",
          "register.col.dates",
          "register.col.actions",
        ]}
        empty={filtered ? "register.emptyFiltered" : "register.empty"}
      >
        {(e) => {
          const path = e.kind === "story" ? "/public/stories/" : "/public/collections/";
          return (
            <tr key={`${e.kind}/${e.id}`}>
              <th scope="row">
                <span className="register__kind">{t(`register.kind.${e.kind}` as MessageKey)}</span>{" "}
                {e.publishedSlug ? <Link to={localizePath(`${path}${e.publishedSlug}`, locale)}>{e.title}</Link> : <span>{e.title}</span>}
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
                      <PostForm {...post} className="register__inline" fields={{ link: l.id }}>
                        <IntentButton intent="revokeLink" label="register.revoke" title={e.title} />
                      </PostForm>
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
                    <PostForm {...post} className="register__inline" fields={{ kind: e.kind, id: e.id }}>
                      <IntentButton intent="unpublish" label="register.unpublish" title={e.title} />
                    </PostForm>
                  ) : null}
                  <a className="button button--small" href={`mailto:${e.owner.email}?subject=${encodeURIComponent(e.title)}`}>
                    {t("register.contact")}
                    <span className="visually-hidden"> {e.owner.name}</span>
                  </a>
                </div>
              </td>
            </tr>
          );
        }}
      </ListTable>
      <ListPages block="register" page={list.page} pages={list.pages} href={links.page} />
    </RegisterPage>
  );
}
