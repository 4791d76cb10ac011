import { Pagination } from "~/ui/Pagination";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { Modal } from "~/ui/Modal";
import { useRootData } from "~/root-data";
import type { Route } from "./+types/settings-users";
import { accountMeta } from "../meta";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { isUiLocale, LOCALE_NAMES, LOCALE_TAGS, languageName, localizePath, splitLocale, type Locale } from "~/lib/locale";
import { apiFetch } from "~/lib/api-fetch";
import {
  changeUserPassword,
  deleteUser,
  sendUserResetLink,
  getManagedUser,
  inviteUser,
  listAudit,
  listUsers,
  resetUserTotp,
  roleList,
  setUserDisabled,
  upsertUser,
  UsersError,
} from "../users.server";
import {
  AUDIT_EVENTS,
  AuditQuerySchema,
  auditEventLabel,
  auditVia,
  ChangePasswordSchema,
  fieldErrors,
  INVITE_TOKEN_DAYS,
  UpsertUserSchema,
  UserIdSchema,
  UserListSchema,
} from "../users";
import { formToken, linkOrigin, USERS_ERROR_KEYS, usersContext } from "../http.server";

/**
 * /settings/users (issue 13 §2, decision 042): the users with search and paging, create (with an invitation
 * by mail: issue 31, decision 096) and edit (roles as checkboxes), disable after a confirmation and enable,
 * set a password, delete after 'Sei sicuro?', and the audit log. Every state is in the URL (`?q=&page=`,
 * `?view=edit&id=`, `?view=disable&id=`, `?tab=audit`) and every change a form post, so it all works without
 * JavaScript; the services check MANAGE_USERS again.
 */

const VIEWS = ["new", "edit", "delete", "disable", "password"] as const;
type View = (typeof VIEWS)[number] | "list";
const NOTICES = [
  "users.done.created",
  "users.done.invited",
  "users.done.notInvitedOrigin",
  "users.done.notInvitedMail",
  "users.done.saved",
  "users.done.disabled",
  "users.done.enabled",
  "users.done.deleted",
  "users.done.password",
  "users.done.resetSent",
  "users.done.totpReset",
] as const;

const fmt = (locale: Locale, d: Date | null) =>
  d
    ? { iso: d.toISOString(), text: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short" }).format(d) }
    : null;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { locale } = splitLocale(url.pathname);
  const ctx = usersContext(context);
  const sp = url.searchParams;
  const tab = sp.get("tab") === "audit" ? "audit" : "users";
  const viewParam = sp.get("view");
  const view: View = tab === "users" && (VIEWS as readonly string[]).includes(viewParam ?? "") ? (viewParam as View) : "list";
  const { token, setCookie } = formToken(context);
  const done = sp.get("done");
  const notice = (NOTICES as readonly string[]).includes(done ?? "") ? (done as MessageKey) : null;
  // (the invitation's language, named in the page's: "inviato in francese")
  const lang = sp.get("lang");
  const noticeParams = { language: isUiLocale(lang) ? languageName(lang, locale) : "", days: INVITE_TOKEN_DAYS };

  let subject = null;
  if (view === "edit" || view === "delete" || view === "disable" || view === "password") {
    const id = UserIdSchema.safeParse(sp.get("id"));
    if (!id.success) throw data({ code: 404, messageKey: "error.notFound" }, { status: 404 });
    // a missing user: the service's refusal, answered by the route guard with the 404 page
    subject = await getManagedUser(ctx, id.data);
  }
  const list = tab === "users" && view === "list" ? await listUsers(ctx, UserListSchema.parse(Object.fromEntries(sp))) : null;
  const auditQuery = AuditQuerySchema.parse(Object.fromEntries(sp));
  const audit = tab === "audit" ? await listAudit(ctx, auditQuery) : null;
  const auditUser = audit && auditQuery.user ? await getManagedUser(ctx, auditQuery.user).catch(() => null) : null;
  return data(
    {
      csrf: token,
      tab,
      view,
      notice,
      noticeParams,
      viewerId: context.viewer.userId,
      roles: await roleList(ctx),
      q: sp.get("q") ?? "",
      subject: subject && { ...subject, createdAt: fmt(locale, subject.createdAt), lastLoginAt: fmt(locale, subject.lastLoginAt) },
      list: list && {
        ...list,
        items: list.items.map((u) => ({ ...u, createdAt: fmt(locale, u.createdAt), lastLoginAt: fmt(locale, u.lastLoginAt) })),
      },
      audit: audit && {
        ...audit,
        event: auditQuery.event,
        user: auditUser ? { id: auditUser.id, email: auditUser.email } : null,
        items: audit.items.map((a) => ({ ...a, at: fmt(locale, a.at)! })),
      },
    },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

type ActionResult = { intent: string; message: MessageKey; fields: Record<string, MessageKey>; values?: Record<string, unknown> };

/** Back to the list the form came from (only its own query: q and page), with a notice. */
function backToList(url: URL, form: FormData, notice: string, extra: Record<string, string> = {}) {
  const back = new URLSearchParams(String(form.get("back") ?? ""));
  const keep = new URLSearchParams();
  for (const k of ["q", "page"]) {
    const v = back.get(k);
    if (v && v.length < 200) keep.set(k, v);
  }
  keep.set("done", notice);
  for (const [k, v] of Object.entries(extra)) keep.set(k, v);
  return redirect(`${url.pathname}?${keep.toString()}`);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const ctx = usersContext(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fail = (status: number, r: ActionResult) => data(r, { status });
  try {
    if (intent === "save") {
      const values = {
        id: String(form.get("id") ?? "") || undefined,
        email: String(form.get("email") ?? ""),
        firstName: String(form.get("firstName") ?? ""),
        lastName: String(form.get("lastName") ?? ""),
        roles: form.getAll("roles").map(String),
      };
      const creating = !values.id;
      const input = UpsertUserSchema.safeParse(values);
      if (!input.success)
        return fail(400, {
          intent,
          message: creating ? "users.createFailed" : "users.error.invalidForm",
          fields: fieldErrors(input.error) as Record<string, MessageKey>,
          values,
        });
      try {
        const { user, created } = await upsertUser(ctx, input.data);
        if (!created) return backToList(url, form, "users.done.saved");
        // The new user is mailed their invitation, in the language chosen for them, before the page says so.
        const invite = await inviteUser(ctx, user.id, { locale: String(form.get("language") ?? ""), origin: linkOrigin(context) });
        return invite.sent
          ? backToList(url, form, "users.done.invited", { lang: invite.locale })
          : backToList(url, form, invite.reason === "origin" ? "users.done.notInvitedOrigin" : "users.done.notInvitedMail");
      } catch (err) {
        if (!(err instanceof UsersError)) throw err;
        const key = USERS_ERROR_KEYS[err.code];
        return fail(err.code === "adminOnly" ? 403 : 409, {
          intent,
          message: creating ? "users.createFailed" : key,
          fields: err.field ? { [err.field]: key } : {},
          values,
        });
      }
    }
    const id = UserIdSchema.safeParse(form.get("id"));
    if (!id.success) throw data({ code: 404, messageKey: "error.notFound" }, { status: 404 });
    if (intent === "disable" || intent === "enable") {
      await setUserDisabled(ctx, id.data, intent === "disable");
      return backToList(url, form, intent === "disable" ? "users.done.disabled" : "users.done.enabled");
    }
    if (intent === "delete") {
      await deleteUser(ctx, id.data);
      return backToList(url, form, "users.done.deleted");
    }
    if (intent === "reset") {
      await sendUserResetLink(ctx, id.data, { locale: splitLocale(url.pathname).locale, origin: linkOrigin(context) });
      return backToList(url, form, "users.done.resetSent");
    }
    if (intent === "totp-reset") {
      await resetUserTotp(ctx, id.data);
      return backToList(url, form, "users.done.totpReset");
    }
    if (intent === "password") {
      const input = ChangePasswordSchema.safeParse({
        id: id.data,
        password: String(form.get("password") ?? ""),
        confirm: String(form.get("confirm") ?? ""),
      });
      if (!input.success)
        return fail(400, { intent, message: "users.error.invalidForm", fields: fieldErrors(input.error) as Record<string, MessageKey> });
      await changeUserPassword(ctx, input.data.id, input.data.password);
      return backToList(url, form, "users.done.password");
    }
    throw data({ code: 400, messageKey: "error.badRequest" }, { status: 400 });
  } catch (err) {
    if (err instanceof UsersError) {
      const key = USERS_ERROR_KEYS[err.code];
      return fail(err.code === "adminOnly" ? 403 : err.code === "password" ? 400 : 409, {
        intent,
        message: key,
        fields: err.field ? { [err.field]: key } : {},
      });
    }
    throw err;
  }
}

export const meta = accountMeta("users.title");

export const handle = { layout: "default", capability: "MANAGE_USERS" };

type Data = Route.ComponentProps["loaderData"];
type Subject = NonNullable<Data["subject"]>;

export default function SettingsUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== "idle";
  const base = localizePath("/settings/users", locale);
  const d = loaderData;
  return (
    <section className="page users-page" aria-busy={busy}>
      <h1>{t("users.title")}</h1>
      <nav aria-label={t("users.sections")} className="users-tabs">
        <Link to={base} aria-current={d.tab === "users" ? "page" : undefined} className="tab">
          {t("users.tab.users")}
        </Link>
        <Link to={`${base}?tab=audit`} aria-current={d.tab === "audit" ? "page" : undefined} className="tab">
          {t("users.tab.audit")}
        </Link>
      </nav>
      <p className="visually-hidden" role="status">
        {busy ? t("app.loading") : ""}
      </p>
      {d.notice ? (
        <p className="form-notice users-notice" role="status">
          {t(d.notice as MessageKey, d.noticeParams)}
        </p>
      ) : null}
      {d.tab === "audit" && d.audit ? (
        <AuditLog audit={d.audit} base={base} />
      ) : d.view === "new" || d.view === "edit" ? (
        <UserForm
          key={d.subject?.id ?? "new"}
          subject={d.view === "edit" ? d.subject : null}
          roles={d.roles}
          csrf={d.csrf}
          back={location.search}
          base={base}
          result={actionData}
        />
      ) : d.view === "disable" && d.subject ? (
        <ConfirmDisable subject={d.subject} csrf={d.csrf} base={base} result={actionData} />
      ) : d.view === "delete" && d.subject ? (
        <ConfirmDelete subject={d.subject} csrf={d.csrf} base={base} self={d.subject.id === d.viewerId} result={actionData} />
      ) : d.view === "password" && d.subject ? (
        <PasswordForm subject={d.subject} csrf={d.csrf} base={base} result={actionData} />
      ) : d.list ? (
        <UserList
          list={d.list}
          q={d.q}
          csrf={d.csrf}
          base={base}
          viewerId={d.viewerId}
          canAdmin={d.roles.every((r) => r.grantable)}
          result={actionData}
        />
      ) : null}
    </section>
  );
}

/** Moves focus to a sub-view's heading when it opens (keyboard and screen-reader users land on it). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function Hidden({ csrf, back }: { csrf: string; back?: string }) {
  return (
    <>
      <input type="hidden" name="csrf" value={csrf} />
      {back !== undefined ? <input type="hidden" name="back" value={back} /> : null}
    </>
  );
}

function FormError({ result, id }: { result: ActionResult | undefined; id: string }) {
  const { t } = useI18n();
  if (!result) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {t(result.message)}
    </p>
  );
}

const fullName = (u: { firstName: string; lastName: string }) => [u.firstName, u.lastName].filter(Boolean).join(" ");

/** The list's own query (q, page) out of `search`, with `extra` first. */
function listQuery(search: string, extra: Record<string, string> = {}): string {
  const sp = new URLSearchParams(search);
  const keep = new URLSearchParams(extra);
  for (const k of ["q", "page"]) if (sp.get(k)) keep.set(k, sp.get(k)!);
  return keep.toString();
}

type DisableSubject = { id: string; email: string; firstName: string; lastName: string };

/** What disabling does, said before it is done (the dialog's and the confirmation step's body). */
function DisableQuestion({
  user,
  csrf,
  back,
  base,
  error,
  busy,
  onCancel,
  onConfirm,
}: {
  user: DisableSubject;
  csrf: string;
  back: string;
  base: string;
  error?: string | null;
  busy?: boolean;
  /** With JavaScript: the dialog closes, and the call is made; without, a link back and a form post. */
  onCancel?: () => void;
  onConfirm?: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <p>{t("users.disableBody", { email: user.email })}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <Form
        method="post"
        action={base}
        className="users-buttons"
        onSubmit={
          onConfirm
            ? (e) => {
                e.preventDefault();
                onConfirm();
              }
            : undefined
        }
      >
        <Hidden csrf={csrf} back={back} />
        <input type="hidden" name="id" value={user.id} />
        <button type="submit" name="intent" value="disable" className="button button--primary users-danger" disabled={busy}>
          {t("users.disableYes")}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {t("users.cancel")}
          </button>
        ) : (
          <Link to={`${base}${back ? `?${back}` : ""}`} className="button">
            {t("users.cancel")}
          </Link>
        )}
      </Form>
    </>
  );
}

function UserList({
  list,
  q,
  csrf,
  base,
  viewerId,
  canAdmin,
  result,
}: {
  list: NonNullable<Data["list"]>;
  q: string;
  csrf: string;
  base: string;
  viewerId: string | null;
  canAdmin: boolean;
  result: ActionResult | undefined;
}) {
  const { t } = useI18n();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const pageLink = (p: number) => {
    const sp = new URLSearchParams();
    if (q) sp.set("q", q);
    if (p > 1) sp.set("page", String(p));
    const s = sp.toString();
    return s ? `${base}?${s}` : base;
  };
  const back = location.search.replace(/^\?/, "");
  return (
    <>
      <div className="users-toolbar">
        <Form method="get" action={base} role="search" className="users-search">
          <label htmlFor="users-q">{t("users.search")}</label>
          <input id="users-q" name="q" type="search" defaultValue={q} maxLength={200} />
          <button type="submit" className="button">
            {t("users.searchButton")}
          </button>
        </Form>
        <Link to={`${base}?view=new`} className="button button--primary">
          {t("users.new")}
        </Link>
      </div>
      <FormError result={result} id="users-list-error" />
      <p className="users-count" aria-live="polite">
        {t("users.count", { count: list.total })}
      </p>
      {list.items.length === 0 ? (
        <p className="empty-state">{q ? t("users.emptySearch", { q }) : t("users.empty")}</p>
      ) : (
        <div className="users-table-wrap">
          <table className="results-table stack-table users-table">
            <caption className="visually-hidden">{t("users.tableCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("users.col.user")}</th>
                <th scope="col">{t("users.col.roles")}</th>
                <th scope="col">{t("users.col.state")}</th>
                <th scope="col">{t("users.col.lastLogin")}</th>
                <th scope="col">{t("users.col.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((u) => {
                const name = fullName(u);
                const self = u.id === viewerId;
                // An Amministratore's account is changed only by an Amministratore (the server refuses the rest).
                const locked = !canAdmin && u.roles.includes("Amministratore");
                return (
                  <tr key={u.id}>
                    <th scope="row">
                      {name ? <span className="users-table__name">{name}</span> : null}
                      <span className="users-table__email">{u.email}</span>
                      {self ? <span className="users-badge">{t("users.you")}</span> : null}
                      {u.sso ? <span className="users-badge">SSO</span> : null}
                      {u.totp ? <span className="users-badge">{t("users.totp")}</span> : null}
                    </th>
                    <td data-label={t("users.col.roles")}>{u.roles.join(", ")}</td>
                    <td data-label={t("users.col.state")}>{u.disabled ? t("users.state.disabled") : t("users.state.active")}</td>
                    <td data-label={t("users.col.lastLogin")}>
                      {u.lastLoginAt ? <time dateTime={u.lastLoginAt.iso}>{u.lastLoginAt.text}</time> : t("users.never")}
                    </td>
                    <td data-label={t("users.col.actions")}>
                      <div className="users-actions">
                        {locked ? null : (
                          <Link className="button button--small" to={`${base}?view=edit&id=${u.id}`}>
                            {t("users.edit")}
                            <span className="visually-hidden"> {u.email}</span>
                          </Link>
                        )}
                        {self || locked ? null : <DisableButton user={u} csrf={csrf} back={back} base={base} />}
                        {u.sso || locked ? null : (
                          <Link className="button button--small" to={`${base}?view=password&id=${u.id}`}>
                            {t("users.setPassword")}
                            <span className="visually-hidden"> {u.email}</span>
                          </Link>
                        )}
                        {u.sso || u.disabled ? null : (
                          <Form method="post" className="users-inline">
                            <Hidden csrf={csrf} back={back} />
                            <input type="hidden" name="id" value={u.id} />
                            <button type="submit" name="intent" value="reset" className="button button--small">
                              {t("users.sendReset")}
                              <span className="visually-hidden"> {u.email}</span>
                            </button>
                          </Form>
                        )}
                        {u.totp && !self && !locked ? (
                          <Form method="post" className="users-inline">
                            <Hidden csrf={csrf} back={back} />
                            <input type="hidden" name="id" value={u.id} />
                            <button type="submit" name="intent" value="totp-reset" className="button button--small">
                              {t("users.resetTotp")}
                              <span className="visually-hidden"> {u.email}</span>
                            </button>
                          </Form>
                        ) : null}
                        <Link className="button button--small" to={`${base}?tab=audit&user=${u.id}`}>
                          {t("users.activity")}
                          <span className="visually-hidden"> {u.email}</span>
                        </Link>
                        {self || locked ? null : (
                          <Link className="button button--small users-danger" to={`${base}?view=delete&id=${u.id}`}>
                            {t("users.delete")}
                            <span className="visually-hidden"> {u.email}</span>
                          </Link>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={list.page}
        pages={pages}
        href={pageLink}
        label={t("users.pages")}
        prev={t("users.prev")}
        next={t("users.next")}
        status={t("users.pageOf", { page: list.page, pages })}
      />
    </>
  );
}

/**
 * Disable / enable. Disabling asks first (issue 31): without JavaScript the button is a link to the
 * confirmation step (`?view=disable&id=`), with it a dialog naming the user. The change is a form post
 * without JavaScript; with it, a call to POST /api/auth/backend/upsert through apiFetch, so that a session
 * that ended meanwhile takes the browser to login with 'Sessione scaduta' and back here (spec §8). The list
 * then reloads with the notice. Enabling needs no confirmation.
 */
function DisableButton({
  user,
  csrf,
  back,
  base,
}: {
  user: NonNullable<Data["list"]>["items"][number];
  csrf: string;
  back: string;
  base: string;
}) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const intent = user.disabled ? "enable" : "disable";
  const name = fullName(user) || user.email;
  const change = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await apiFetch("/api/auth/backend/upsert", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          roles: user.roles,
          disabled: !user.disabled,
          locale,
        }),
      });
      if (res.ok) {
        const sp = new URLSearchParams(back);
        const keep = new URLSearchParams();
        for (const k of ["q", "page"]) if (sp.get(k)) keep.set(k, sp.get(k)!);
        keep.set("done", user.disabled ? "users.done.enabled" : "users.done.disabled");
        navigate(`${base}?${keep.toString()}`, { replace: true });
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      setError(body?.error?.message ?? t("error.generic"));
    } catch {
      setError(t("error.generic"));
    } finally {
      setBusy(false);
    }
  };
  if (!user.disabled)
    return (
      <>
        <Link
          className="button button--small"
          to={`${base}?${listQuery(back, { view: "disable", id: user.id })}`}
          onClick={(e) => {
            e.preventDefault();
            setError(null);
            setAsking(true);
          }}
        >
          {t("users.disable")}
          <span className="visually-hidden"> {user.email}</span>
        </Link>
        <Modal open={asking} onClose={() => setAsking(false)} title={t("users.disableTitle", { name })} closeLabel={t("modal.close")}>
          <DisableQuestion
            user={user}
            csrf={csrf}
            back={back}
            base={base}
            error={error}
            busy={busy}
            onCancel={() => setAsking(false)}
            onConfirm={() => void change()}
          />
        </Modal>
      </>
    );

  return (
    <Form
      method="post"
      className="users-inline"
      onSubmit={(e) => {
        e.preventDefault();
        void change();
      }}
    >
      <Hidden csrf={csrf} back={back} />
      <input type="hidden" name="id" value={user.id} />
      <button type="submit" name="intent" value={intent} className="button button--small" disabled={busy}>
        {user.disabled ? t("users.enable") : t("users.disable")}
        <span className="visually-hidden"> {user.email}</span>
      </button>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </Form>
  );
}

function UserForm({
  subject,
  roles,
  csrf,
  back,
  base,
  result,
}: {
  subject: Subject | null;
  roles: Data["roles"];
  csrf: string;
  back: string;
  base: string;
  result: ActionResult | undefined;
}) {
  const { t, locale } = useI18n();
  const languages = useRootData()?.languages ?? [locale];
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const navigation = useNavigation();
  const values = (result?.values ?? {}) as { email?: string; firstName?: string; lastName?: string; roles?: string[] };
  const err = (f: string) => (result?.fields[f] ? t(result.fields[f] as MessageKey) : null);
  const chosen = values.roles ?? subject?.roles ?? [];
  const described = (f: string) => (result?.fields[f] ? `user-${f}-error` : undefined);
  return (
    <div className="users-sub">
      <h2 ref={heading} tabIndex={-1}>
        {subject ? t("users.editTitle", { email: subject.email }) : t("users.newTitle")}
      </h2>
      <Form method="post" action={`${base}?view=${subject ? `edit&id=${subject.id}` : "new"}`} className="login-form users-form" noValidate>
        <FormError result={result} id="user-form-error" />
        <Hidden csrf={csrf} back={back} />
        <input type="hidden" name="intent" value="save" />
        {subject ? <input type="hidden" name="id" value={subject.id} /> : null}
        <p className="login-form__field">
          <label htmlFor="user-email">{t("users.field.email")}</label>
          <input
            id="user-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={320}
            defaultValue={values.email ?? subject?.email ?? ""}
            aria-invalid={err("email") ? true : undefined}
            aria-describedby={described("email")}
          />
          {err("email") ? (
            <span id="user-email-error" className="form-error">
              {err("email")}
            </span>
          ) : null}
        </p>
        <p className="login-form__field">
          <label htmlFor="user-first">{t("users.field.firstName")}</label>
          <input
            id="user-first"
            name="firstName"
            autoComplete="off"
            maxLength={100}
            defaultValue={values.firstName ?? subject?.firstName ?? ""}
          />
        </p>
        <p className="login-form__field">
          <label htmlFor="user-last">{t("users.field.lastName")}</label>
          <input
            id="user-last"
            name="lastName"
            autoComplete="off"
            maxLength={100}
            defaultValue={values.lastName ?? subject?.lastName ?? ""}
          />
        </p>
        <fieldset className="users-roles" aria-invalid={err("roles") ? true : undefined} aria-describedby={described("roles")}>
          <legend>{t("users.field.roles")}</legend>
          {roles.map((r) => (
            <label key={r.name} className="users-role">
              <input type="checkbox" name="roles" value={r.name} defaultChecked={chosen.includes(r.name)} disabled={!r.grantable} />
              {r.name}
            </label>
          ))}
          {err("roles") ? (
            <span id="user-roles-error" className="form-error">
              {err("roles")}
            </span>
          ) : null}
        </fieldset>
        {roles.some((r) => !r.grantable) ? <p className="users-hint">{t("users.error.adminOnly")}</p> : null}
        {!subject ? (
          <>
            <p className="login-form__field">
              <label htmlFor="user-language">{t("users.field.inviteLanguage")}</label>
              <select id="user-language" name="language" defaultValue={locale} aria-describedby="user-invite-hint">
                {languages.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {LOCALE_NAMES[l]}
                  </option>
                ))}
              </select>
            </p>
            <p className="users-hint" id="user-invite-hint">
              {t("users.newHint", { days: INVITE_TOKEN_DAYS })}
            </p>
          </>
        ) : null}
        <div className="users-buttons">
          <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
            {subject ? t("users.save") : t("users.create")}
          </button>
          <Link to={base} className="button">
            {t("users.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

/** The confirmation step of disabling without JavaScript (`?view=disable&id=`); with it, the same in a dialog. */
function ConfirmDisable({
  subject,
  csrf,
  base,
  result,
}: {
  subject: Subject;
  csrf: string;
  base: string;
  result: ActionResult | undefined;
}) {
  const { t } = useI18n();
  const location = useLocation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="users-sub">
      <h2 ref={heading} tabIndex={-1}>
        {t("users.disableTitle", { name: fullName(subject) || subject.email })}
      </h2>
      <FormError result={result} id="user-disable-error" />
      <DisableQuestion user={subject} csrf={csrf} back={listQuery(location.search)} base={base} />
    </div>
  );
}

function ConfirmDelete({
  subject,
  csrf,
  base,
  self,
  result,
}: {
  subject: Subject;
  csrf: string;
  base: string;
  self: boolean;
  result: ActionResult | undefined;
}) {
  const { t } = useI18n();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="users-sub">
      <h2 ref={heading} tabIndex={-1}>
        {t("users.confirmTitle")}
      </h2>
      <FormError result={result} id="user-delete-error" />
      <p>{t("users.confirmDelete", { email: subject.email })}</p>
      {self ? (
        <p className="form-error">{t("users.error.self")}</p>
      ) : (
        <Form method="post" action={base} className="users-buttons">
          <Hidden csrf={csrf} back="" />
          <input type="hidden" name="id" value={subject.id} />
          <button type="submit" name="intent" value="delete" className="button button--primary users-danger">
            {t("users.confirmYes")}
          </button>
          <Link to={base} className="button">
            {t("users.cancel")}
          </Link>
        </Form>
      )}
    </div>
  );
}

function PasswordForm({ subject, csrf, base, result }: { subject: Subject; csrf: string; base: string; result: ActionResult | undefined }) {
  const { t } = useI18n();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const err = (f: string) => (result?.fields[f] ? t(result.fields[f] as MessageKey) : null);
  return (
    <div className="users-sub">
      <h2 ref={heading} tabIndex={-1}>
        {t("users.passwordTitle", { email: subject.email })}
      </h2>
      <Form method="post" action={`${base}?view=password&id=${subject.id}`} className="login-form" noValidate>
        <FormError result={result} id="user-password-error" />
        <Hidden csrf={csrf} back="" />
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="id" value={subject.id} />
        <p className="users-hint" id="user-password-rule">
          {t("password.invalid")} {t("users.passwordEnds")}
        </p>
        <p className="login-form__field">
          <label htmlFor="user-password">{t("users.field.password")}</label>
          <input
            id="user-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
            aria-invalid={err("password") ? true : undefined}
            aria-describedby="user-password-rule"
          />
        </p>
        <p className="login-form__field">
          <label htmlFor="user-confirm">{t("users.field.confirm")}</label>
          <input
            id="user-confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
            aria-invalid={err("confirm") ? true : undefined}
            aria-describedby={err("confirm") ? "user-confirm-error" : undefined}
          />
          {err("confirm") ? (
            <span id="user-confirm-error" className="form-error">
              {err("confirm")}
            </span>
          ) : null}
        </p>
        <div className="users-buttons">
          <button type="submit" className="button button--primary">
            {t("users.setPassword")}
          </button>
          <Link to={base} className="button">
            {t("users.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

function AuditLog({ audit, base }: { audit: NonNullable<Data["audit"]>; base: string }) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(audit.total / audit.pageSize));
  const link = (over: Record<string, string | number | null>) => {
    const sp = new URLSearchParams({ tab: "audit" });
    const cur = { user: audit.user?.id ?? null, event: audit.event || null, page: audit.page > 1 ? audit.page : null, ...over };
    for (const [k, v] of Object.entries(cur)) if (v !== null && v !== "" && !(k === "page" && v === 1)) sp.set(k, String(v));
    return `${base}?${sp.toString()}`;
  };
  return (
    <>
      <Form method="get" action={base} className="users-search users-audit-filter">
        <input type="hidden" name="tab" value="audit" />
        {audit.user ? <input type="hidden" name="user" value={audit.user.id} /> : null}
        <label htmlFor="audit-event">{t("users.audit.event")}</label>
        <select id="audit-event" name="event" defaultValue={audit.event}>
          <option value="">{t("users.audit.allEvents")}</option>
          {AUDIT_EVENTS.map((e) => (
            <option key={e} value={e}>
              {t(`users.event.${e}` as MessageKey)}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          {t("users.audit.filter")}
        </button>
      </Form>
      {audit.user ? (
        <p className="users-filter">
          {t("users.audit.forUser", { email: audit.user.email })}{" "}
          <Link to={link({ user: null, page: null })}>{t("users.audit.allUsers")}</Link>
        </p>
      ) : null}
      <p className="users-count" aria-live="polite">
        {t("users.audit.count", { count: audit.total })}
      </p>
      {audit.items.length === 0 ? (
        <p className="empty-state">{t("users.audit.empty")}</p>
      ) : (
        <table className="results-table stack-table users-table">
          <caption className="visually-hidden">{t("users.tab.audit")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("users.audit.when")}</th>
              <th scope="col">{t("users.audit.event")}</th>
              <th scope="col">{t("users.audit.actor")}</th>
              <th scope="col">{t("users.audit.subject")}</th>
              <th scope="col">{t("users.audit.address")}</th>
            </tr>
          </thead>
          <tbody>
            {audit.items.map((a) => (
              <tr key={a.id}>
                <th scope="row">
                  <time dateTime={a.at.iso}>{a.at.text}</time>
                </th>
                <td data-label={t("users.audit.event")}>
                  {auditEventLabel(t, a.event)}
                  {auditVia(a.detail) ? ` (${t(auditVia(a.detail)!)})` : null}
                </td>
                <td data-label={t("users.audit.actor")}>
                  {a.actorEmail ?? (a.actorId ? t("users.audit.removed") : t("users.audit.system"))}
                </td>
                <td data-label={t("users.audit.subject")}>
                  {a.event.startsWith("settings_") && typeof (a.detail as { key?: unknown } | null)?.key === "string"
                    ? t(`settings.item.${(a.detail as unknown as { key: string }).key}.label` as MessageKey)
                    : (a.subjectEmail ?? a.email)}
                </td>
                <td data-label={t("users.audit.address")}>{a.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        page={audit.page}
        pages={pages}
        href={(n) => link({ page: n })}
        label={t("users.pages")}
        prev={t("users.prev")}
        next={t("users.next")}
        status={t("users.pageOf", { page: audit.page, pages })}
      />
    </>
  );
}
