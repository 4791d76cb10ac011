import type { Route } from "./+types/api-shareDoc";
import { createShareLink, listShares, revokeShareLink, sharedLinkUrl, shareWithPerson, unshareWithPerson } from "../shares.server";
import { ShareDocSchema } from "../shares";
import { apiContext, jsonCall, methodNotAllowed, ok } from "../http.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/shareDoc {collection: "collections", name, locale, data?} (decision 061): the owner's
 * shares of one collection — list, share with a person, unshare, make a secret link (SHARE_EXTERNAL; the
 * answer carries its address this once), revoke a link. Anyone but the owner gets 404 like a missing id.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  return jsonCall(request, url, ShareDocSchema, async (input, locale) => {
    const ctx = apiContext(context, locale);
    const from = context.auth?.address ?? "";
    const d = input.data;
    let link: { url: string; expiresAt: string } | undefined;
    if (d?.share) await shareWithPerson(ctx, input.name, d.share, from);
    else if (d?.unshare) await unshareWithPerson(ctx, input.name, d.unshare, from);
    else if (d?.revoke) await revokeShareLink(ctx, input.name, d.revoke, from);
    else if (d?.link) {
      const made = await createShareLink(ctx, input.name, d.link, from);
      link = { url: sharedLinkUrl(url, locale, made.token), expiresAt: made.link.expiresAt };
    }
    const shares = await listShares(ctx, input.name);
    return ok({ data: { ...shares, ...(link ? { link } : {}) } }, link ? 201 : 200);
  });
}

export const loader = methodNotAllowed;
