import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Accounts (issue 13, docs/accounts.md). A user's `level` is the OR of their roles' bits; capabilities are
 * tested against it (app/lib/capabilities.ts). Passwords are argon2id hashes; SSO users have none.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Unique regardless of case (index on lower(email)); stored as entered. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** Role names (app/features/accounts/roles.ts). */
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    level: integer("level").notNull().default(0),
    /** argon2id PHC string; null for SSO users and users who never set one. */
    passwordHash: text("password_hash"),
    sso: boolean("sso").notNull().default(false),
    ssoSubject: text("sso_subject"),
    /**
     * Whether the address is known to be its holder's: an SSO provider's `email_verified === true` (issue 29
     * §5). Shares waiting for an address are claimed only by a verified one (migration 0028). Accounts made
     * here (by an administrator, the command line) are verified: their first password comes by mail.
     */
    emailVerified: boolean("email_verified").notNull().default(true),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** Two-factor sign-in (decision 046): the TOTP secret, encrypted (AES-256-GCM); null when it is off. */
    totpSecret: text("totp_secret"),
    /** A secret being set up, not yet confirmed by a code (encrypted). */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last time step a code was accepted for: the same code (or an older one) is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`), uniqueIndex("users_sso_subject_idx").on(t.ssoSubject)],
);

/**
 * Server-side sessions. The cookie holds a random token; the row's id is its SHA-256, so a leaked table
 * (a backup) gives no usable cookie. A session ends at `expires_at` (absolute) or after the idle time since
 * `last_seen_at`, whichever comes first.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent").notNull().default(""),
    address: text("address").notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Password-reset links: the token's SHA-256, single use, one hour. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** Who did what, when, from where: sign-ins, failures, sign-outs, password and user changes. Never a password. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** login | login_failed | logout | password_changed | password_reset | user_created | user_changed | user_disabled | user_deleted */
    event: text("event").notNull(),
    /** The user acting (null: a visitor, or the command-line tool). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The user acted on. */
    subjectId: uuid("subject_id").references(() => users.id, { onDelete: "set null" }),
    /** The e-mail address concerned (as typed, for failed sign-ins). */
    email: text("email").notNull().default(""),
    address: text("address").notNull().default(""),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("audit_log_at_idx").on(t.at)],
);

/**
 * The counters of the sign-in and reset limits (decision 081): rate-limiter-flexible's Drizzle store, one row
 * per limiter and key (`login-pair:<account>.<client>`, `login-client:<client>`, `reset-…`; each part a hash,
 * so no address is stored), the points used in the window that ends at `expire`. The property names are the
 * store's.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/** One-time recovery codes of two-factor sign-in (decision 046): their SHA-256, each usable once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * Sign-ins half done, kept on the server for minutes (decisions 045, 046): an OpenID Connect request
 * waiting for the provider's answer (`kind` oidc: state, nonce, PKCE verifier, where to go back), or a
 * password accepted and waiting for the second factor (`kind` totp, with the user). The browser holds a
 * random token in a cookie; the row's id is its SHA-256. Single use; never a session.
 */
export const pendingLogins = pgTable(
  "pending_logins",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("pending_logins_expires_idx").on(t.expiresAt)],
);
