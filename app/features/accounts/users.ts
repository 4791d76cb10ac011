import { z } from "~/lib/zod";
import type { MessageKey, Translate } from "~/i18n";
import { ROLE_NAMES, type RoleName } from "./roles";

/**
 * Input of user management (issue 13 §2): one schema for the JSON API (`/api/auth/backend/*`) and the form
 * posts of `/settings/users`. Field errors carry message keys (`users.error.*`), translated where shown.
 */

const roleName = z.string().transform((s, ctx) => {
  const r = ROLE_NAMES.find((n) => n.toLowerCase() === s.trim().toLowerCase());
  if (!r) {
    ctx.addIssue({ code: "custom", message: "users.error.role" });
    return z.NEVER;
  }
  return r as RoleName;
});

const name = z.string().trim().max(100, "users.error.tooLong");

/** Days a new user's invitation link works (issue 31, decision 096: a reset token, longer than a reset's hour). */
export const INVITE_TOKEN_DAYS = 7;

export const UserIdSchema = z.string().uuid("users.error.id");

export const UpsertUserSchema = z.object({
  id: UserIdSchema.optional(),
  email: z
    .string()
    .trim()
    .min(1, "users.error.emailRequired")
    .max(320, "users.error.tooLong")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "users.error.email"),
  firstName: name.default(""),
  lastName: name.default(""),
  roles: z
    .array(roleName)
    .max(ROLE_NAMES.length * 2)
    .min(1, "users.error.roles")
    .transform((rs) => [...new Set(rs)]),
  /** Changes the account's state only when given. */
  disabled: z.boolean().optional(),
  /** Only when creating: the first password (checked against the password rule); else none. */
  password: z.string().max(256, "password.invalid").optional(),
});
export type UpsertUserInput = z.infer<typeof UpsertUserSchema>;

export const DeleteUserSchema = z.object({ id: UserIdSchema });

export const ChangePasswordSchema = z
  .object({
    id: UserIdSchema,
    password: z.string().min(1, "password.invalid").max(256, "password.invalid"),
    confirm: z.string().max(256).optional(),
  })
  .refine((v) => v.confirm === undefined || v.confirm === v.password, { path: ["confirm"], message: "password.mismatch" });

export const USER_PAGE_SIZES = [10, 20, 50, 100] as const;

export const UserListSchema = z.object({
  q: z.string().trim().max(200).default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export type UserListQuery = z.infer<typeof UserListSchema>;

/** Events user management writes and reads back (the sign-in events of decision 040 too). */
export const AUDIT_EVENTS = [
  "login",
  "login_failed",
  "login_limited",
  "logout",
  "password_changed",
  "password_reset_requested",
  "password_reset",
  "reset_link_sent",
  "password_change_failed",
  "user_created",
  "user_invited",
  "user_changed",
  "user_disabled",
  "user_enabled",
  "user_deleted",
  "login_password_ok",
  "totp_enabled",
  "totp_disabled",
  "totp_reset",
  "settings_changed",
  "settings_restored",
  "console_import",
  "console_reindex",
  "console_vacuum",
  "console_import_iccd",
  "console_rederive",
  "dropbox_upload",
  "dropbox_attached",
  "dropbox_confirmed",
  "dropbox_detached",
  "dropbox_deleted",
  "page_saved",
  "page_deleted",
  "collection_shared",
  "collection_unshared",
  "collection_link_created",
  "collection_link_revoked",
  "register_unpublished",
  "register_link_revoked",
  "request_created",
  "request_approved",
  "request_refused",
  "annotation_approved",
  "annotation_rejected",
  "annotation_deleted",
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export const AuditQuerySchema = z.object({
  user: z
    .union([UserIdSchema, z.literal("")])
    .catch("")
    .default(""),
  event: z
    .union([z.enum(AUDIT_EVENTS), z.literal("")])
    .catch("")
    .default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).catch(50).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** Zod issues as `{field: messageKey}` (the first issue of each field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (!(field in out)) out[field] = issue.message.includes(".") ? issue.message : "users.error.invalid";
  }
  return out;
}

/**
 * An audit event in words, in the interface language (issue 31 §9): every event the code writes has its message
 * (audit-events.test.ts); one written by an older version and since dropped is "another event".
 */
export function auditEventLabel(t: Translate, event: string): string {
  return (AUDIT_EVENTS as readonly string[]).includes(event) ? t(`users.event.${event}` as MessageKey) : t("users.event.other");
}

/** How a sign-in event was done, for the audit log's label: single sign-on, an app code, a recovery code. */
export function auditVia(detail: unknown): "users.audit.via.sso" | "users.audit.via.totp" | "users.audit.via.recovery" | null {
  if (!detail || typeof detail !== "object") return null;
  const d = detail as { method?: unknown; secondFactor?: unknown };
  if (d.method === "sso") return "users.audit.via.sso";
  if (d.secondFactor === "recovery") return "users.audit.via.recovery";
  if (d.secondFactor === "totp" || d.method === "totp") return "users.audit.via.totp";
  return null;
}
