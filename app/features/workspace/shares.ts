import { z } from "~/lib/zod";

/** Sharing's shapes (decision 061): one set of schemas for the collection page's forms and the JSON call. */

export const SHARE_ROLES = ["reader", "editor"] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];

/** How long a secret link lasts: the choices offered (days). */
export const LINK_DAYS = [1, 7, 30, 90] as const;
export type LinkDays = (typeof LINK_DAYS)[number];

export const ShareEmailSchema = z
  .string({ message: "workspace.share.error.email" })
  .trim()
  .toLowerCase()
  .max(320, "workspace.share.error.email")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "workspace.share.error.email");

export const ShareRoleSchema = z.enum(SHARE_ROLES, { message: "workspace.share.error.role" });

export const LinkDaysSchema = z.coerce
  .number({ message: "workspace.share.error.days" })
  .refine((n) => (LINK_DAYS as readonly number[]).includes(n), "workspace.share.error.days")
  .transform((n) => n as LinkDays);

/** A link's public id (to revoke it), not its secret. */
export const LinkIdSchema = z.string().regex(/^[A-Za-z0-9_-]{12}$/, "workspace.error.id");

/** The secret token in `/shared/{token}`: 43 characters of base64url. */
export const LinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export type ShareView = { email: string; role: ShareRole; createdAt: string };
export type LinkView = { id: string; createdAt: string; expiresAt: string };
/** The owner's view of a collection's shares: people, live links, and whether they may make links. */
export type SharesView = { people: ShareView[]; links: LinkView[]; canLink: boolean };

/**
 * shareDoc {collection: "collections", name, locale, data?}: the owner's sharing call. Without `data` it
 * answers the shares; with one of `share {email, role}`, `unshare` (an address), `link` (days) or `revoke`
 * (a link's id) it does that one operation and answers the shares after it (and, for `link`, the new link).
 */
export const ShareDocSchema = z.object({
  collection: z.literal("collections", { message: "workspace.error.docType" }),
  name: z.string().regex(/^[A-Za-z0-9_-]{12}$/, "workspace.error.id"),
  locale: z.string().optional(),
  data: z
    .object({
      share: z.object({ email: ShareEmailSchema, role: ShareRoleSchema }).strict().optional(),
      unshare: ShareEmailSchema.optional(),
      link: LinkDaysSchema.optional(),
      revoke: LinkIdSchema.optional(),
    })
    .strict()
    .refine((d) => Object.values(d).filter((v) => v !== undefined).length === 1, "workspace.error.invalid")
    .optional(),
});
