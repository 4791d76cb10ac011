import { auditLog } from "../../../db/schema";
import type { ServiceContext } from "~/.server/context";

export type Actor = { userId: string | null; address: string };

export async function audit(
  ctx: Pick<ServiceContext, "database">,
  entry: { event: string; actor?: Actor; subjectId?: string | null; email?: string; detail?: Record<string, unknown> },
) {
  await ctx.database.db.insert(auditLog).values({
    event: entry.event,
    actorId: entry.actor?.userId ?? null,
    subjectId: entry.subjectId ?? null,
    email: (entry.email ?? "").slice(0, 320),
    address: (entry.actor?.address ?? "").slice(0, 100),
    detail: entry.detail ?? {},
  });
}
