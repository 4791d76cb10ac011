import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditLog, recoveryCodes, users } from "../../../db/schema";
import type { Database } from "~/.server/db";
import { levelHas, notFoundForViewer, requireCapability, type Viewer } from "~/.server/access";
import { deleteUserSessions } from "~/.server/session";
import { audit, hashPassword, type Actor, type UserSummary } from "./accounts.server";
import { passwordAcceptable } from "./password";
import { INVITE_TOKEN_MS, inviteMail, issueResetToken, passwordPattern, resetLink, resetMail } from "./reset.server";
import { sendMail } from "~/.server/mail";
import { logger } from "~/.server/logger";
import { getSiteOptions } from "~/features/site/index.server";
import { contentLocale, enabledLanguages, type Locale, type UiLocale } from "~/lib/locale";
import { levelOf, ROLES, ROLE_NAMES, type RoleName } from "./roles";
import type { AuditEvent, AuditQuery, UpsertUserInput, UserListQuery } from "./users";

/**
 * User management (issue 13 §2, decision 042): the services behind `/settings/users` and
 * `/api/auth/backend/*`. Each one checks MANAGE_USERS itself (the route guard checks it too), writes an
 * audit row naming the actor for every change (never a password), and ends the sessions of a user whose
 * roles change, who is disabled or removed, or whose password is set.
 *
 * Rules beyond the capability: nobody deletes or disables their own account; the last active Amministratore
 * cannot be deleted, disabled or lose the role; only a viewer with ADMIN grants or takes away the
 * Amministratore role or changes an Amministratore's account (a Manager cannot raise anyone above
 * themselves).
 */

export type UsersContext = { database: Database; viewer: Viewer; address?: string };

export type UsersErrorCode = "exists" | "self" | "lastAdmin" | "adminOnly" | "password" | "sso" | "disabled" | "origin";

/**
 * An expected refusal about the request, not about who asks (a taken address, the last administrator…): `field`
 * names the input it is about, when one is. A missing user, and a viewer who may not manage users, get the access
 * policy's `Refusal` (404).
 */
export class UsersError extends Error {
  constructor(
    public readonly code: UsersErrorCode,
    public readonly field?: string,
  ) {
    super(code);
    this.name = "UsersError";
  }
}

const ADMIN_ROLE: RoleName = "Amministratore";

/**
 * MANAGE_USERS, and not a single-sign-on account (spec §6: users are then managed in the identity provider;
 * the menu hides the item, and the server refuses the same).
 */
async function requireManager(ctx: UsersContext): Promise<Actor> {
  const userId = requireCapability(ctx, "MANAGE_USERS");
  const [me] = await ctx.database.db.select({ sso: users.sso }).from(users).where(eq(users.id, userId));
  // a Manager whose account is managed by single sign-on is refused as one without the capability: not found
  if (!me || me.sso) throw notFoundForViewer();
  return { userId, address: ctx.address ?? "" };
}

const isAdminViewer = (ctx: UsersContext) => levelHas(ctx.viewer, "ADMIN");

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roles: users.roles,
  level: users.level,
  sso: users.sso,
  disabled: users.disabled,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

export type UserPage = { items: (UserSummary & { totp: boolean })[]; total: number; page: number; pageSize: number };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users whose e-mail, first or last name (or "first last") contains `q`, by address, one page. */
export async function listUsers(ctx: UsersContext, query: UserListQuery): Promise<UserPage> {
  await requireManager(ctx);
  const q = query.q.trim();
  const where: SQL | undefined = q
    ? sql`(${users.email} ilike ${`%${likeEscape(q)}%`} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${`%${likeEscape(q)}%`})`
    : undefined;
  const [{ n } = { n: 0 }] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const items = await ctx.database.db
    // totp: two-step verification is on (the secret itself never leaves totp.server.ts)
    .select({ ...columns, totp: sql<boolean>`(${users.totpSecret} is not null)` })
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.email})`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items, total: n, page: query.page, pageSize: query.pageSize };
}

export async function getManagedUser(ctx: UsersContext, id: string): Promise<UserSummary> {
  await requireManager(ctx);
  const [u] = await ctx.database.db.select(columns).from(users).where(eq(users.id, id));
  if (!u) throw notFoundForViewer();
  return u;
}

/** The roles a user may be given, with their bits; `grantable` is false for those this viewer cannot give. */
export async function roleList(ctx: UsersContext): Promise<{ name: RoleName; level: number; grantable: boolean }[]> {
  await requireManager(ctx);
  const admin = isAdminViewer(ctx);
  return ROLE_NAMES.map((name) => ({ name, level: ROLES[name], grantable: admin || name !== ADMIN_ROLE }));
}

type Tx = Parameters<Parameters<Database["db"]["transaction"]>[0]>[0];

/** Locks the active administrators' rows (so two removals cannot both pass) and answers how many there are besides `except`. */
async function otherActiveAdmins(tx: Tx, except: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`${ADMIN_ROLE} = any(${users.roles}) and not ${users.disabled}`)
    .for("update");
  return rows.filter((r) => r.id !== except).length;
}

const isActiveAdmin = (u: { roles: string[]; disabled: boolean }) => u.roles.includes(ADMIN_ROLE) && !u.disabled;

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
}

async function emailTaken(database: Database | Tx, email: string, except?: string): Promise<boolean> {
  const db = "db" in database ? database.db : database;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, except ? sql`${users.id} <> ${except}` : undefined));
  return rows.length > 0;
}

/**
 * Creates a user (no id) or changes one: address, names, roles and, when `disabled` is given, the account's
 * state. A user whose roles change or who is disabled loses their sessions. Answers the user as stored.
 */
export async function upsertUser(ctx: UsersContext, input: UpsertUserInput): Promise<{ user: UserSummary; created: boolean }> {
  const actor = await requireManager(ctx);
  const admin = isAdminViewer(ctx);
  const roles = [...new Set(input.roles)] as RoleName[];
  if (!input.id) {
    if (roles.includes(ADMIN_ROLE) && !admin) throw new UsersError("adminOnly", "roles");
    if (input.password && !passwordAcceptable(input.password, await passwordPattern(ctx))) throw new UsersError("password", "password");
    if (await emailTaken(ctx.database, input.email)) throw new UsersError("exists", "email");
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    let created: UserSummary;
    try {
      [created] = (await ctx.database.db
        .insert(users)
        .values({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          roles,
          level: levelOf(roles),
          passwordHash,
          disabled: input.disabled ?? false,
        })
        .returning(columns)) as [UserSummary];
    } catch (err) {
      if (isUniqueViolation(err)) throw new UsersError("exists", "email");
      throw err;
    }
    await audit(ctx, {
      event: "user_created",
      actor,
      subjectId: created.id,
      email: created.email,
      detail: { roles, disabled: created.disabled },
    });
    return { user: created, created: true };
  }

  const id = input.id;
  const result = await ctx.database.db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(users).where(eq(users.id, id)).for("update");
    if (!before) throw notFoundForViewer();
    const rolesChanged = before.roles.length !== roles.length || before.roles.some((r) => !roles.includes(r as RoleName));
    const adminTouched = before.roles.includes(ADMIN_ROLE) !== roles.includes(ADMIN_ROLE);
    if ((adminTouched || before.roles.includes(ADMIN_ROLE)) && !admin)
      throw new UsersError("adminOnly", adminTouched ? "roles" : undefined);
    const disabled = input.disabled ?? before.disabled;
    if (disabled && !before.disabled && id === actor.userId) throw new UsersError("self", "disabled");
    const after = { roles: roles as string[], disabled };
    if (isActiveAdmin(before) && !isActiveAdmin(after) && (await otherActiveAdmins(tx, id)) === 0)
      throw new UsersError("lastAdmin", adminTouched ? "roles" : "disabled");
    if (input.email.toLowerCase() !== before.email.toLowerCase() && (await emailTaken(tx, input.email, id)))
      throw new UsersError("exists", "email");
    const [user] = (await tx
      .update(users)
      .set({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        roles,
        level: levelOf(roles),
        disabled,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning(columns)) as [UserSummary];
    return { before, user, rolesChanged };
  });
  const { before, user, rolesChanged } = result;
  const changed: Record<string, unknown> = {};
  if (before.email !== user.email) changed.email = { from: before.email, to: user.email };
  if (before.firstName !== user.firstName || before.lastName !== user.lastName)
    changed.name = { from: `${before.firstName} ${before.lastName}`.trim(), to: `${user.firstName} ${user.lastName}`.trim() };
  if (rolesChanged) changed.roles = { from: before.roles, to: user.roles };
  if (Object.keys(changed).length) await audit(ctx, { event: "user_changed", actor, subjectId: id, email: user.email, detail: changed });
  if (before.disabled !== user.disabled)
    await audit(ctx, { event: user.disabled ? "user_disabled" : "user_enabled", actor, subjectId: id, email: user.email });
  // A change of roles or a disabled account ends the sessions: the new level applies from the next sign-in.
  if (rolesChanged || (user.disabled && !before.disabled)) await deleteUserSessions(ctx.database, id);
  return { user, created: false };
}

/** Disables or enables an account (a disabled user cannot sign in; their sessions end). */
export async function setUserDisabled(ctx: UsersContext, id: string, disabled: boolean): Promise<UserSummary> {
  const u = await getManagedUser(ctx, id);
  const { user } = await upsertUser(ctx, {
    id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    roles: u.roles as RoleName[],
    disabled,
  });
  return user;
}

/** Removes a user: never oneself, never the last active Amministratore. The audit log keeps the address. */
export async function deleteUser(ctx: UsersContext, id: string): Promise<void> {
  const actor = await requireManager(ctx);
  if (id === actor.userId) throw new UsersError("self");
  const admin = isAdminViewer(ctx);
  const gone = await ctx.database.db.transaction(async (tx) => {
    const [u] = await tx.select(columns).from(users).where(eq(users.id, id)).for("update");
    if (!u) throw notFoundForViewer();
    if (u.roles.includes(ADMIN_ROLE) && !admin) throw new UsersError("adminOnly");
    if (isActiveAdmin(u) && (await otherActiveAdmins(tx, id)) === 0) throw new UsersError("lastAdmin");
    await tx.delete(users).where(eq(users.id, id));
    return u;
  });
  // (the sessions go with the row: on delete cascade)
  await audit(ctx, { event: "user_deleted", actor, email: gone.email, detail: { id, roles: gone.roles } });
}

/** Sets a user's password (the site's `patternPassword`, else spec §5's rule) as an administrator; their sessions end. Not for SSO accounts. */
export async function changeUserPassword(ctx: UsersContext, id: string, password: string): Promise<void> {
  const actor = await requireManager(ctx);
  const u = await getManagedUser(ctx, id);
  if (u.sso) throw new UsersError("sso");
  if (u.roles.includes(ADMIN_ROLE) && !isAdminViewer(ctx) && id !== actor.userId) throw new UsersError("adminOnly");
  if (!passwordAcceptable(password, await passwordPattern(ctx))) throw new UsersError("password", "password");
  await ctx.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, id));
  await deleteUserSessions(ctx.database, id);
  await audit(ctx, { event: "password_changed", actor, subjectId: id, email: u.email, detail: { by: "manager" } });
}

/**
 * Mails a user a one-time password-reset link (the reset service of decision 041: one hour, single use) in
 * `locale`, pointing at `origin`. Not for SSO or disabled accounts. The audit row names the manager.
 */
export async function sendUserResetLink(ctx: UsersContext, id: string, opts: { locale: Locale; origin: string | null }): Promise<void> {
  const actor = await requireManager(ctx);
  const u = await getManagedUser(ctx, id);
  // (a Manager does not act on an Amministratore's account, a reset link included)
  if (u.roles.includes(ADMIN_ROLE) && !isAdminViewer(ctx) && id !== actor.userId) throw new UsersError("adminOnly");
  if (u.sso) throw new UsersError("sso");
  if (u.disabled) throw new UsersError("disabled");
  // No address the site is sure of for the link (issue 29 §8): said to the manager, nothing is mailed.
  if (!opts.origin) throw new UsersError("origin");
  const { token } = await issueResetToken(ctx, id);
  const options = await getSiteOptions(ctx, opts.locale);
  const mail = resetMail(opts.locale, { site: options.title || "Teca", email: u.email, link: resetLink(opts.origin, opts.locale, token) });
  await sendMail({ to: u.email, ...mail });
  await audit(ctx, { event: "reset_link_sent", actor, subjectId: id, email: u.email });
}

export type InviteResult = { sent: true; locale: UiLocale } | { sent: false; reason: "origin" | "mail" };

/**
 * Mails a new user their invitation (issue 31, decision 096): in `locale` (one of the site's languages, else
 * Italian), a link to choose their password — a reset token, valid a week. Awaited: the manager is told what
 * was sent, and nothing outlives the request. Without an address the site is sure of for the link, or when
 * the mail server refuses, nothing is sent and the answer says why (the account stays; "send a reset link"
 * does it later). Not for an SSO or disabled account. Audited as `user_invited`, naming the manager.
 */
export async function inviteUser(ctx: UsersContext, id: string, opts: { locale: string; origin: string | null }): Promise<InviteResult> {
  const actor = await requireManager(ctx);
  const u = await getManagedUser(ctx, id);
  if (u.roles.includes(ADMIN_ROLE) && !isAdminViewer(ctx)) throw new UsersError("adminOnly");
  if (u.sso) throw new UsersError("sso");
  if (u.disabled) throw new UsersError("disabled");
  const languages = enabledLanguages(((await getSiteOptions(ctx, "it")) as { languages?: unknown }).languages);
  const locale = (languages as string[]).includes(opts.locale) ? (opts.locale as UiLocale) : "it";
  if (!opts.origin) {
    await audit(ctx, { event: "user_invited", actor, subjectId: id, email: u.email, detail: { sent: false, reason: "origin" } });
    return { sent: false, reason: "origin" };
  }
  const { token } = await issueResetToken(ctx, id, INVITE_TOKEN_MS);
  const options = await getSiteOptions(ctx, contentLocale(locale));
  const mail = inviteMail(locale, { site: options.title || "Teca", email: u.email, link: resetLink(opts.origin, locale, token) });
  try {
    await sendMail({ to: u.email, ...mail });
  } catch (err) {
    logger.error({ err, to: u.email }, "invitation mail failed");
    await audit(ctx, { event: "user_invited", actor, subjectId: id, email: u.email, detail: { sent: false, reason: "mail" } });
    return { sent: false, reason: "mail" };
  }
  await audit(ctx, { event: "user_invited", actor, subjectId: id, email: u.email, detail: { sent: true, locale } });
  return { sent: true, locale };
}

/**
 * Turns a user's two-step verification off for them (lost phone and recovery codes; decision 048): the secret,
 * a pending setup and the recovery codes go; they sign in with the password and may set it up again (or must,
 * when it is required for their role). Not oneself (that is /account/security, with a code), not an SSO
 * account, an Amministratore's only by an Amministratore. Audited as `totp_reset`.
 */
export async function resetUserTotp(ctx: UsersContext, id: string): Promise<void> {
  const actor = await requireManager(ctx);
  if (id === actor.userId) throw new UsersError("self");
  const u = await getManagedUser(ctx, id);
  if (u.roles.includes(ADMIN_ROLE) && !isAdminViewer(ctx)) throw new UsersError("adminOnly");
  if (u.sso) throw new UsersError("sso");
  const [was] = await ctx.database.db
    .select({ on: sql<boolean>`(${users.totpSecret} is not null)` })
    .from(users)
    .where(eq(users.id, id));
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
  });
  await audit(ctx, { event: "totp_reset", actor, subjectId: id, email: u.email, detail: { wasOn: Boolean(was?.on) } });
}

export type AuditRow = {
  id: number;
  at: Date;
  event: string;
  email: string;
  address: string;
  actorId: string | null;
  actorEmail: string | null;
  subjectId: string | null;
  subjectEmail: string | null;
  detail: Record<string, unknown>;
};

/** The audit log, newest first, one page; `user` matches the actor or the subject, `event` one event. */
export async function listAudit(
  ctx: UsersContext,
  query: AuditQuery,
): Promise<{ items: AuditRow[]; total: number; page: number; pageSize: number }> {
  await requireManager(ctx);
  const actorUser = alias(users, "actor_user");
  const subjectUser = alias(users, "subject_user");
  const where = and(
    query.user ? sql`(${auditLog.actorId} = ${query.user} or ${auditLog.subjectId} = ${query.user})` : undefined,
    query.event ? eq(auditLog.event, query.event as AuditEvent) : undefined,
  );
  const [{ n } = { n: 0 }] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
  const items = await ctx.database.db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      event: auditLog.event,
      email: auditLog.email,
      address: auditLog.address,
      actorId: auditLog.actorId,
      actorEmail: actorUser.email,
      subjectId: auditLog.subjectId,
      subjectEmail: subjectUser.email,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
    .leftJoin(subjectUser, eq(subjectUser.id, auditLog.subjectId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items, total: n, page: query.page, pageSize: query.pageSize };
}
