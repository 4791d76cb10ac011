import { z } from "zod";

/**
 * The collection register (`/registro`, spec §2/§6, issue 32 §4, decision 099): what users have made visible
 * outside their account. Its query, as the page's address and the CSV export carry it.
 */
export const REGISTER_KINDS = ["all", "collection", "story"] as const;
export const REGISTER_STATES = ["all", "published", "shared", "link"] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];
export type RegisterState = (typeof REGISTER_STATES)[number];

/** Rows per page of the register. */
export const REGISTER_PAGE_SIZE = 50;

/** What `?q=&kind=&state=&page=` may say; anything else is the default (a bad page number is page 1). */
export const RegisterQuerySchema = z.object({
  q: z.string().trim().max(200).catch("").default(""),
  kind: z.enum(REGISTER_KINDS).catch("all").default("all"),
  state: z.enum(REGISTER_STATES).catch("all").default("all"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type RegisterQuery = z.infer<typeof RegisterQuerySchema>;

/** The register's actions, each a form post naming what it acts on. */
export const RegisterActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("unpublish"), kind: z.enum(["collection", "story"]), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("revokeLink"), link: z.string().min(1).max(100) }),
]);
export type RegisterAction = z.infer<typeof RegisterActionSchema>;

export type RegisterLink = { id: string; createdAt: string; expiresAt: string };

/** One row: a collection or a story someone outside its owner can reach. */
export type RegisterEntry = {
  kind: "collection" | "story";
  id: string;
  title: string;
  owner: { id: string; name: string; email: string };
  /** The public address's slug while it is published. */
  publishedSlug: string | null;
  publishedAt: string | null;
  /** People it is shared with by name (collections only). */
  sharedWith: number;
  /** Live secret links (collections only), newest first. */
  links: RegisterLink[];
  /** Records it holds (a story: the records its blocks show), and how many of them are restricted (access 2, 3). */
  items: number;
  restrictedItems: number;
  createdAt: string;
  updatedAt: string;
};

export type RegisterPage = { entries: RegisterEntry[]; total: number; page: number; pages: number };
