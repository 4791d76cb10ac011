import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { passwordResetTokens, users } from "../../../db/schema";
import { backgroundSettled, inBackground } from "~/.server/background";
import type { ServiceContext } from "~/.server/context";
import { logger } from "~/.server/logger";
import { escapeHtml, sendMail } from "~/.server/mail";
import { createSession, deleteUserSessions, hashToken, newToken } from "~/.server/session";
import { translate, type MessageKey } from "~/i18n";
import { localizePath, type Locale, type UiLocale } from "~/lib/locale";
import { getSiteOptions } from "~/features/site/index.server";
import { type Actor, audit, hashPassword, verifyPassword } from "./accounts.server";
import { accountKey, attemptSucceeded, clearFailures, consumeResetByAccount, consumeResetByClient, reserveAttempt } from "./limits.server";
import { DEFAULT_PASSWORD_PATTERN, passwordAcceptable } from "./password";
import { INVITE_TOKEN_DAYS } from "./users";

/**
 * Password reset by mail and the signed-in user's password change (issue 13 §2, decision 041).
 * Reset links carry a random 256-bit token; the database keeps its SHA-256, the link works once and for an
 * hour. The request is answered before anything depends on whether the address exists: the lookup, the
 * token and the mail happen after the reply (`later`), so status, body and timing are the same for every
 * address.
 */

export const RESET_TOKEN_MS = 3_600_000;

/** How long a new user's invitation link works (issue 31, decision 096): the same kind of token, a week. */
export const INVITE_TOKEN_MS = INVITE_TOKEN_DAYS * 24 * 3_600_000;

// ── Limits on reset requests ──────────────────────────────────────────────────────────────────────────

export type ResetLimits = { windowMs: number; perAccount: number; perAddress: number };

/**
 * RESET_MAX_PER_ACCOUNT (default 5) mails for one address an hour (further requests are answered alike but
 * send nothing) and RESET_MAX_PER_ADDRESS (default 20) requests from one client an hour (then 429).
 */
export function resetLimits(env: NodeJS.ProcessEnv = process.env): ResetLimits {
  const num = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);
  return { windowMs: 3_600_000, perAccount: num(env.RESET_MAX_PER_ACCOUNT, 5), perAddress: num(env.RESET_MAX_PER_ADDRESS, 20) };
}

// ── Work done after the reply ─────────────────────────────────────────────────────────────────────────

/**
 * Runs `fn` after the reply, at a random moment in the next 0.2–1.2 s: the lookup and the mail of an
 * existing address then load the process at no moment a client could tie to its own request (otherwise
 * the request right after one for an existing address would be the slower one). Registered as background
 * work: a graceful stop and the tests wait for it (~/.server/background).
 */
function later(what: string, fn: () => Promise<void>) {
  inBackground(
    "mail",
    new Promise<void>((resolve) => setTimeout(resolve, 200 + crypto.randomInt(1000)))
      .then(fn)
      .catch((err: unknown) => logger.error({ err }, `${what} failed`)),
  );
}

/** Resolves once the mails of the requests made so far are sent (tests; a graceful stop). */
export async function resetWorkSettled() {
  await backgroundSettled(["mail"]);
}

// ── Tokens and links ──────────────────────────────────────────────────────────────────────────────────

/**
 * A new single-use reset token for a user (its hash stored), valid for `ms` (an hour; an invitation's, a week);
 * old spent or expired tokens are removed.
 */
export async function issueResetToken(
  ctx: Pick<ServiceContext, "database">,
  userId: string,
  ms = RESET_TOKEN_MS,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ms);
  await ctx.database.db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, new Date()), sql`${passwordResetTokens.usedAt} is not null`));
  await ctx.database.db.insert(passwordResetTokens).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The completion page's absolute address in a locale: `https://site/en/reset_password/<token>`. */
export function resetLink(origin: string, locale: UiLocale, token: string) {
  return `${origin.replace(/\/$/, "")}${localizePath(`/reset_password/${token}`, locale)}`;
}

const TOKEN_SHAPE = /^[\w-]{20,100}$/;

type TokenOwner = { userId: string; email: string };

/** The user a live token belongs to, or null (unknown, used, expired, or the user disabled or SSO). */
export async function checkResetToken(ctx: Pick<ServiceContext, "database">, token: string): Promise<TokenOwner | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await ctx.database.db
    .select({ userId: users.id, email: users.email, disabled: users.disabled, sso: users.sso })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(eq(passwordResetTokens.id, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())),
    );
  if (!row || row.disabled || row.sso) return null;
  return { userId: row.userId, email: row.email };
}

// ── The password rule ─────────────────────────────────────────────────────────────────────────────────

/** The site's password pattern: `patternPassword` of the site options, else spec §5's. */
export async function passwordPattern(ctx: Pick<ServiceContext, "database">): Promise<string> {
  const options = (await getSiteOptions(ctx, "it")) as { patternPassword?: unknown };
  const p = options.patternPassword;
  return typeof p === "string" && p.trim() ? p : DEFAULT_PASSWORD_PATTERN;
}

export type PasswordProblem = "password.invalid" | "password.mismatch";

/** Checks a new password and its confirmation against the site's rule. */
export async function newPasswordProblem(
  ctx: Pick<ServiceContext, "database">,
  password: string,
  confirmation: string | undefined,
): Promise<PasswordProblem | null> {
  if (confirmation !== undefined && password !== confirmation) return "password.mismatch";
  if (!passwordAcceptable(password, await passwordPattern(ctx))) return "password.invalid";
  return null;
}

// ── The mail ──────────────────────────────────────────────────────────────────────────────────────────

/** The reset mail in the requester's language: plain text and HTML, every inserted value escaped. */
export function resetMail(locale: UiLocale, input: { site: string; email: string; link: string }) {
  return linkMail(locale, "reset.mail", input);
}

/**
 * The invitation a new user gets (issue 31) in the language chosen for them: their account exists, the link
 * (a reset token valid `INVITE_TOKEN_DAYS` days) lets them choose their password.
 */
export function inviteMail(locale: UiLocale, input: { site: string; email: string; link: string }) {
  return linkMail(locale, "invite.mail", input);
}

/** A mail carrying one link: `<prefix>.subject`, greeting, body, button, expiry and ignore in `locale`. */
function linkMail(locale: UiLocale, prefix: "reset.mail" | "invite.mail", input: { site: string; email: string; link: string }) {
  const t = (part: string) =>
    translate(locale, `${prefix}.${part}` as MessageKey, { site: input.site, email: input.email, days: INVITE_TOKEN_DAYS });
  const subject = t("subject");
  const text = [t("greeting"), "", t("body"), "", input.link, "", t("expiry"), "", t("ignore"), "", `— ${input.site}`].join("\n");
  const e = (part: string) => escapeHtml(t(part));
  const href = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1f1f;max-width:36rem">
<p>${e("greeting")}</p>
<p>${e("body")}</p>
<p><a href="${href}" style="display:inline-block;padding:.6em 1em;background:#8a2f1d;color:#fff;text-decoration:none;border-radius:4px">${e("button")}</a></p>
<p style="word-break:break-all;font-size:.9em">${href}</p>
<p>${e("expiry")}</p>
<p>${e("ignore")}</p>
<p>— ${escapeHtml(input.site)}</p>
</body></html>
`;
  return { subject, text, html };
}

// ── Requesting a reset ────────────────────────────────────────────────────────────────────────────────

export type ResetRequestResult = { status: "accepted" } | { status: "limited"; retryAfter: number };

/**
 * POST /api/public/reset_password and the /reset_password form. The reply depends only on the limits
 * (counted by the address typed, whether or not it exists): the lookup, the token and the mail run after it.
 */
export async function requestPasswordReset(
  ctx: Pick<ServiceContext, "database">,
  input: { email: string; locale: Locale; origin: string | null; address: string },
): Promise<ResetRequestResult> {
  const email = input.email.trim().slice(0, 320);
  const limits = resetLimits();
  // Every request counts (decision 081). One client asking too often is told so (429). An address asked for
  // too often is not: anyone could otherwise keep its owner from resetting their password — the reply stays
  // the same, only no mail goes.
  const wait = await consumeResetByClient(ctx, { points: limits.perAddress, windowMs: limits.windowMs }, input.address);
  if (wait > 0) return { status: "limited", retryAfter: wait };
  const mailed = (await consumeResetByAccount(ctx, { points: limits.perAccount, windowMs: limits.windowMs }, email)) === 0;
  if (mailed) later("password reset mail", () => sendResetMail(ctx, { ...input, email }));
  else
    later("password reset audit", () =>
      audit(ctx, {
        event: "password_reset_requested",
        actor: { userId: null, address: input.address },
        email,
        detail: { sent: false, reason: "limited" },
      }),
    );
  return { status: "accepted" };
}

async function sendResetMail(
  ctx: Pick<ServiceContext, "database">,
  input: { email: string; locale: Locale; origin: string | null; address: string },
) {
  const actor: Actor = { userId: null, address: input.address };
  const [user] = await ctx.database.db
    .select({ id: users.id, email: users.email, disabled: users.disabled, sso: users.sso })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  const eligible = user && !user.disabled && !user.sso;
  // A request naming a host or port the site does not serve as itself (issue 29 §8) gets no link: the token
  // would go wherever its Host said. The reply was the same.
  const reason = !user ? "unknown" : user.sso ? "sso" : user.disabled ? "disabled" : !input.origin ? "origin" : null;
  await audit(ctx, {
    event: "password_reset_requested",
    actor,
    subjectId: user?.id ?? null,
    email: input.email,
    detail: reason ? { sent: false, reason } : { sent: true },
  });
  if (reason === "origin")
    logger.warn(
      { email: input.email },
      "password reset: no mail, the request's host and port are not the site's (set PUBLIC_URL, or list host:port in ALLOWED_HOSTS)",
    );
  if (!eligible || !input.origin) return;
  const { token } = await issueResetToken(ctx, user.id);
  const options = await getSiteOptions(ctx, input.locale);
  const mail = resetMail(input.locale, {
    site: options.title || "Teca",
    email: user.email,
    link: resetLink(input.origin, input.locale, token),
  });
  await sendMail({ to: user.email, ...mail });
}

// ── Completing a reset ────────────────────────────────────────────────────────────────────────────────

export type CompleteResetResult = { status: "ok"; email: string } | { status: "expired" } | { status: "invalid"; problem: PasswordProblem };

/**
 * POST /api/public/change_password and the /reset_password/<token> form: the token is spent (once, even
 * when two requests race), the password set, every session of the user ended and the sign-in failures of
 * the account forgotten.
 */
export async function completePasswordReset(
  ctx: Pick<ServiceContext, "database">,
  input: { token: string; password: string; confirmation?: string; address: string },
): Promise<CompleteResetResult> {
  const owner = await checkResetToken(ctx, input.token);
  if (!owner) return { status: "expired" };
  const problem = await newPasswordProblem(ctx, input.password, input.confirmation);
  if (problem) return { status: "invalid", problem };
  const passwordHash = await hashPassword(input.password);
  const spent = await ctx.database.db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.id, hashToken(input.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!spent.length) return { status: "expired" };
  await ctx.database.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, owner.userId));
  await deleteUserSessions(ctx.database, owner.userId);
  // Every other link of this user goes too: one reset ends them all.
  await ctx.database.db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, owner.userId));
  await clearFailures(ctx, accountKey(owner.email));
  await audit(ctx, {
    event: "password_reset",
    actor: { userId: null, address: input.address },
    subjectId: owner.userId,
    email: owner.email,
  });
  return { status: "ok", email: owner.email };
}

// ── A signed-in user changes their password ───────────────────────────────────────────────────────────

export type ChangePasswordResult =
  | { status: "ok"; token: string; expiresAt: Date }
  | { status: "notFound" }
  | { status: "wrong" }
  | { status: "limited"; retryAfter: number }
  | { status: "invalid"; problem: PasswordProblem };

/**
 * /editPassword and POST /api/auth/change_password: the current password is required and checked before
 * any rule on the new one (each try is counted as a sign-in attempt before it is checked, under the same
 * limits; a right one is given back). On success every session of the user ends and a new one replaces the
 * current one: other browsers are signed out, this one stays signed in under a new id.
 */
export async function changeOwnPassword(
  ctx: Pick<ServiceContext, "database">,
  input: { userId: string; current: string; password: string; confirmation?: string; address: string; userAgent: string },
): Promise<ChangePasswordResult> {
  const [user] = await ctx.database.db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, sso: users.sso, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user || user.sso || user.disabled) return { status: "notFound" };
  const who = { email: user.email, address: input.address };
  const wait = await reserveAttempt(ctx, who);
  if (wait > 0) return { status: "limited", retryAfter: wait };
  // Before any rule: only someone who knows the password makes the site's pattern run on their input.
  const ok = user.passwordHash ? await verifyPassword(user.passwordHash, input.current.slice(0, 1024)) : false;
  const actor: Actor = { userId: user.id, address: input.address };
  if (!ok) {
    await audit(ctx, { event: "password_change_failed", actor, subjectId: user.id, email: user.email });
    return { status: "wrong" };
  }
  await attemptSucceeded(ctx, who);
  const problem = await newPasswordProblem(ctx, input.password, input.confirmation);
  if (problem) return { status: "invalid", problem };
  await ctx.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await deleteUserSessions(ctx.database, user.id);
  await ctx.database.db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  const session = await createSession(ctx.database, user.id, { userAgent: input.userAgent, address: input.address });
  await audit(ctx, { event: "password_changed", actor, subjectId: user.id, email: user.email, detail: { self: true } });
  return { status: "ok", token: session.token, expiresAt: session.expiresAt };
}
