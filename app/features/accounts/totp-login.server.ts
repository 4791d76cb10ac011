import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { ServiceContext } from "~/.server/context";
import { createSession, deleteSession, sessionCookie, type AuthContext } from "~/.server/session";
import { audit, type SignInResult } from "./accounts.server";
import { attemptNotFailed, attemptSucceeded, reserveAttempt } from "./limits.server";
import {
  clearedPendingCookie,
  countAttempt,
  createPending,
  deletePending,
  findPending,
  pendingToken,
  takePending,
  type PendingLogin,
} from "./pending-login.server";
import { beginSetup, confirmSetup, pendingSetup, verifySecondFactor } from "./totp.server";

/**
 * The second step of a password sign-in (decision 046): after the right password the browser gets only a
 * `teca_2fa` cookie naming a pending row (5 minutes, at most 5 codes); the session is opened when the code
 * (or a recovery code) is right — or, when REQUIRE_2FA_FOR applies and TOTP is off, once it is set up.
 * `auth` is the request's session and client (the load context's `auth`): whether its cookies are Secure, and
 * for the last step the session it replaces and the address and user agent it records.
 */

const PENDING_MS = 5 * 60_000;
const MAX_CODES = 5;

/** After the right password: the half-signed-in state on the server, answered as the cookie to set. */
export async function startSecondStep(
  ctx: Pick<ServiceContext, "database">,
  auth: Pick<AuthContext, "secure"> | undefined,
  result: Extract<SignInResult, { status: "second_factor" }>,
): Promise<string> {
  const { setCookie } = await createPending(ctx, "totp", {
    userId: result.userId,
    data: { email: result.email, step: result.step },
    ttlMs: PENDING_MS,
    secure: auth?.secure ?? false,
  });
  return setCookie;
}

export type SecondStep = { pending: PendingLogin; email: string; step: "code" | "setup" };

/** The browser's half-done sign-in, or null (none, expired, used). */
export async function currentSecondStep(
  ctx: Pick<ServiceContext, "database">,
  auth: Pick<AuthContext, "secure"> | undefined,
  cookieHeader: string | null,
): Promise<SecondStep | null> {
  const pending = await findPending(ctx, "totp", pendingToken(cookieHeader, "totp", auth?.secure ?? false));
  if (!pending?.userId) return null;
  return { pending, email: String(pending.data.email ?? ""), step: pending.data.step === "setup" ? "setup" : "code" };
}

/** The QR code and secret of a forced setup (made at the first view, the same one after a wrong code). */
export async function setupOf(ctx: Pick<ServiceContext, "database">, step: SecondStep, siteName: string) {
  return (await pendingSetup(ctx, step.pending.userId!, siteName)) ?? (await beginSetup(ctx, step.pending.userId!, siteName));
}

export type SecondStepResult =
  | { status: "ok"; setCookies: string[]; recoveryCodes: string[] | null }
  | { status: "wrong" }
  | { status: "limited"; retryAfter: number }
  | { status: "expired"; setCookies: string[] };

/**
 * A code typed at the second step. Each code is counted as a sign-in attempt on the account from this client
 * before it is checked (the same limits, 429; decision 081), and at most five per password; right, the
 * session opens like any sign-in.
 */
export async function completeSecondStep(
  ctx: Pick<ServiceContext, "database">,
  auth: Pick<AuthContext, "sessionId" | "address" | "userAgent" | "secure"> | undefined,
  cookieHeader: string | null,
  code: string,
): Promise<SecondStepResult> {
  const { database } = ctx;
  const secure = auth?.secure ?? false;
  const address = auth?.address ?? "";
  const cleared = [clearedPendingCookie("totp", secure)];
  const step = await currentSecondStep(ctx, auth, cookieHeader);
  if (!step) return { status: "expired", setCookies: cleared };
  const userId = step.pending.userId!;
  const who = { email: step.email, address };
  const wait = await reserveAttempt(ctx, who);
  if (wait > 0) {
    await audit(ctx, {
      event: "login_limited",
      actor: { userId: null, address },
      subjectId: userId,
      email: step.email,
      detail: { method: "totp" },
    });
    return { status: "limited", retryAfter: wait };
  }
  // Nothing checked, or the code was right but the sign-in cannot finish: the attempt was no failure.
  const expired = async () => {
    await attemptNotFailed(ctx, who);
    return { status: "expired" as const, setCookies: cleared };
  };
  if ((await countAttempt(ctx, step.pending.id)) > MAX_CODES) {
    await deletePending(ctx, step.pending.id);
    return expired();
  }
  let factor: string | null;
  let recoveryCodes: string[] | null = null;
  if (step.step === "setup") {
    recoveryCodes = await confirmSetup(ctx, userId, code, { userId, address });
    factor = recoveryCodes ? "totp" : null;
  } else {
    factor = await verifySecondFactor(ctx, userId, code);
  }
  if (!factor) {
    await audit(ctx, {
      event: "login_failed",
      actor: { userId: null, address },
      subjectId: userId,
      email: step.email,
      detail: { method: "totp" },
    });
    return { status: "wrong" };
  }
  // Taken once: a second request with the same cookie finds nothing.
  const taken = await takePending(ctx, "totp", pendingToken(cookieHeader, "totp", secure));
  if (!taken) return expired();
  const [user] = await database.db.select({ disabled: users.disabled }).from(users).where(eq(users.id, userId));
  if (!user || user.disabled) return expired();
  if (auth?.sessionId) await deleteSession(database, auth.sessionId);
  const session = await createSession(database, userId, { userAgent: auth?.userAgent ?? "", address });
  await attemptSucceeded(ctx, who);
  await database.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  await audit(ctx, {
    event: "login",
    actor: { userId, address },
    subjectId: userId,
    email: step.email,
    detail: { secondFactor: factor },
  });
  return { status: "ok", setCookies: [...cleared, sessionCookie(session.token, session.expiresAt, secure)], recoveryCodes };
}
