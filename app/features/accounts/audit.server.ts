import { auditLog } from "../../../db/schema";
import type { Database } from "~/.server/db";

export type Actor = { userId: string | null; address: string };

export async function audit(
  database: Database,
  entry: { event: string; actor?: Actor; subjectId?: string | null; email?: string; detail?: Record<string, unknown> },
) {
  await database.db.insert(auditLog).values({
    event: entry.event,
    actorId: entry.actor?.userId ?? null,
    subjectId: entry.subjectId ?? null,
    email: (entry.email ?? "").slice(0, 320),
    address: (entry.actor?.address ?? "").slice(0, 100),
    detail: entry.detail ?? {},
  });
}
