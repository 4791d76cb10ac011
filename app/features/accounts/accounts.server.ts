import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { asc, eq, sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { ServiceContext } from "~/.server/context";
import { createSession, deleteSession, deleteUserSessions } from "~/.server/session";
import { levelOf, roleNamed, type RoleName } from "./roles";
import { passwordAcceptable } from "./password";
import { requiredForSite, secondStepOf } from "./totp.server";
import { audit, type Actor } from "./audit.server";
import { attemptNotFailed, attemptSucceeded, reserveAttempt } from "./limits.server";

/**
 * Accounts: passwords, sign-in with its brute-force limits, the users the command-line tool manages, and
 * the audit log (decision 040, docs/accounts.md).
 */

/**
 * argon2id with 64 MiB and 2 passes: 45 ms per verification on the idle 2-core reference machine (32 MiB took
 * 21 ms, below the 50–150 ms per sign-in), about 60 ms for a whole sign-in; at most four run at once
 * (libuv's thread pool), 256 MiB. The parameters are stored in each hash: changing them here re-hashes
 * nobody, and old hashes keep verifying.
 */
const ARGON2 = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 65_536, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** A hash nobody's password matches: an unknown address costs the same time as a wrong password. */
const dummyHash = () => (dummy ??= hashPassword(crypto.randomBytes(24).toString("base64url")));

export class AccountError extends Error {
  constructor(
    public readonly messageKey: "password.invalid" | "accounts.exists" | "accounts.notFound" | "accounts.badRole" | "accounts.badEmail",
    message: string,
  ) {
    super(message);
    this.name = "AccountError";
  }
}

// Who did it and the audit log, in audit.server.ts (totp.server.ts writes to it too).
export { audit, type Actor } from "./audit.server";

// ── Brute-force limits ────────────────────────────────────────────────────────────────────────────────

// Counted in limits.server.ts (decision 081); single sign-on (oidc.server.ts) forgets an account's failures
// through this module.
export { accountKey, clearFailures } from "./limits.server";

// ── Sign-in ───────────────────────────────────────────────────────────────────────────────────────────

export type SignInResult =
  | { status: "ok"; token: string; expiresAt: Date; userId: string }
  /** The password is right but a second step is due (decision 046): no session yet. */
  | { status: "second_factor"; userId: string; email: string; step: "code" | "setup" }
  | { status: "failed" }
  | { status: "limited"; retryAfter: number };

/**
 * Checks an e-mail and password. Every failure — unknown address, wrong password, disabled or SSO account —
 * is the same answer after the same work (a hash is verified in every case). The attempt is counted before
 * the hash is verified (decision 081): parallel tries cannot pass the limits. On success a new session is
 * opened (the one the browser came with, if any, is ended) and this client's failures on the account are
 * forgotten.
 */
export async function signIn(
  ctx: Pick<ServiceContext, "database">,
  input: { email: string; password: string; address: string; userAgent: string; previousSessionId?: string | null },
): Promise<SignInResult> {
  const email = input.email.trim().slice(0, 320);
  const who = { email, address: input.address };
  const wait = await reserveAttempt(ctx, who);
  if (wait > 0) {
    await audit(ctx, { event: "login_limited", actor: { userId: null, address: input.address }, email });
    return { status: "limited", retryAfter: wait };
  }
  const [user] = email
    ? await ctx.database.db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          disabled: users.disabled,
          sso: users.sso,
          level: users.level,
          totpSecret: users.totpSecret,
        })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    : [];
  const password = input.password.slice(0, 1024);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : (await verifyPassword(await dummyHash(), password), false);
  if (!user || !ok || user.disabled || user.sso) {
    await audit(ctx, { event: "login_failed", actor: { userId: null, address: input.address }, subjectId: user?.id ?? null, email });
    return { status: "failed" };
  }
  const step = secondStepOf(user, await requiredForSite(ctx));
  if (step) {
    await attemptNotFailed(ctx, who);
    await audit(ctx, {
      event: "login_password_ok",
      actor: { userId: null, address: input.address },
      subjectId: user.id,
      email,
      detail: { next: step },
    });
    return { status: "second_factor", userId: user.id, email, step };
  }
  if (input.previousSessionId) await deleteSession(ctx.database, input.previousSessionId);
  const session = await createSession(ctx.database, user.id, { userAgent: input.userAgent, address: input.address });
  await attemptSucceeded(ctx, who);
  await ctx.database.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await audit(ctx, { event: "login", actor: { userId: user.id, address: input.address }, subjectId: user.id, email });
  return { status: "ok", token: session.token, expiresAt: session.expiresAt, userId: user.id };
}

/** Whether `password` is this (password) user's current one: the check before a sensitive change. */
export async function verifyCurrentPassword(ctx: Pick<ServiceContext, "database">, userId: string, password: string): Promise<boolean> {
  const [u] = await ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!u?.hash) return false;
  return verifyPassword(u.hash, password.slice(0, 1024));
}

export async function signOut(ctx: Pick<ServiceContext, "database">, sessionId: string | null, actor: Actor) {
  if (!sessionId) return;
  await deleteSession(ctx.database, sessionId);
  if (actor.userId) await audit(ctx, { event: "logout", actor, subjectId: actor.userId });
}

// ── Users ─────────────────────────────────────────────────────────────────────────────────────────────

export type UserSummary = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  level: number;
  sso: boolean;
  disabled: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
};

const summary = {
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

export async function getUser(ctx: Pick<ServiceContext, "database">, id: string): Promise<UserSummary | null> {
  const [u] = await ctx.database.db.select(summary).from(users).where(eq(users.id, id));
  return u ?? null;
}

export async function findUserByEmail(ctx: Pick<ServiceContext, "database">, email: string): Promise<UserSummary | null> {
  const [u] = await ctx.database.db.select(summary).from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return u ?? null;
}

export async function listUsers(ctx: Pick<ServiceContext, "database">): Promise<UserSummary[]> {
  return ctx.database.db
    .select(summary)
    .from(users)
    .orderBy(asc(sql`lower(${users.email})`));
}

export async function countUsers(ctx: Pick<ServiceContext, "database">): Promise<number> {
  const [row] = await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from users`);
  return row?.n ?? 0;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function checkPassword(password: string) {
  if (!passwordAcceptable(password))
    throw new AccountError(
      "password.invalid",
      "The password must be at least 8 characters and contain a lowercase letter, an uppercase letter, a number and a symbol among - _ ! $ % @ #.",
    );
}

export async function createUser(
  ctx: Pick<ServiceContext, "database">,
  input: { email: string; roles: string[]; password?: string; firstName?: string; lastName?: string },
  actor: Actor,
): Promise<UserSummary> {
  const email = input.email.trim();
  if (!EMAIL.test(email) || email.length > 320) throw new AccountError("accounts.badEmail", `Not an e-mail address: ${email}`);
  const roles: RoleName[] = [];
  for (const r of input.roles) {
    const role = roleNamed(r);
    if (!role) throw new AccountError("accounts.badRole", `Unknown role "${r}"`);
    if (!roles.includes(role)) roles.push(role);
  }
  if (input.password !== undefined) checkPassword(input.password);
  if (await findUserByEmail(ctx, email)) throw new AccountError("accounts.exists", `A user with the address ${email} already exists`);
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : null;
  const [u] = await ctx.database.db
    .insert(users)
    .values({ email, roles, level: levelOf(roles), passwordHash, firstName: input.firstName ?? "", lastName: input.lastName ?? "" })
    .returning(summary);
  await audit(ctx, { event: "user_created", actor, subjectId: u!.id, email, detail: { roles } });
  return u!;
}

/** Sets a user's password (checked against the rule) and ends their sessions. */
export async function setPassword(ctx: Pick<ServiceContext, "database">, email: string, password: string, actor: Actor) {
  checkPassword(password);
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AccountError("accounts.notFound", `No user with the address ${email}`);
  await ctx.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await deleteUserSessions(ctx.database, user.id);
  await audit(ctx, { event: "password_changed", actor, subjectId: user.id, email: user.email });
  return user;
}

/** Disables a user (they can no longer sign in) and ends their sessions. */
export async function disableUser(ctx: Pick<ServiceContext, "database">, email: string, actor: Actor) {
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AccountError("accounts.notFound", `No user with the address ${email}`);
  await ctx.database.db.update(users).set({ disabled: true, updatedAt: new Date() }).where(eq(users.id, user.id));
  await deleteUserSessions(ctx.database, user.id);
  await audit(ctx, { event: "user_disabled", actor, subjectId: user.id, email: user.email });
  return user;
}

/** Removes a user; their sessions and reset links go with them, the audit log keeps the address. */
export async function removeUser(ctx: Pick<ServiceContext, "database">, email: string, actor: Actor) {
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AccountError("accounts.notFound", `No user with the address ${email}`);
  await ctx.database.db.delete(users).where(eq(users.id, user.id));
  await audit(ctx, { event: "user_deleted", actor, email: user.email, detail: { id: user.id } });
  return user;
}
