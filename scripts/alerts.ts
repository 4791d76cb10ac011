/**
 * Saved-search alerts (issue 15 §2, decision 062):
 *   npm run alerts
 * sends each due alert once (daily or weekly), by SMTP_URL or into DATA_DIR/outbox, and prints what it did.
 * Running it twice sends nothing twice. On the embedded database it refuses while the server runs (run the
 * server with ALERTS=1 instead); on PostgreSQL it runs beside the servers (one runner at a time).
 */
import { openCliDatabase } from "./cli-db";
import { runAlerts } from "../app/features/saved-searches/alerts.server";
import { logger } from "../app/.server/logger";

const origin = process.env.PUBLIC_URL?.replace(/\/$/, "") || `http://localhost:${process.env.PORT || 3000}`;
const { database } = await openCliDatabase();
try {
  const r = await runAlerts({ database }, { origin, log: logger });
  if (r.locked) console.log("Another process is sending the alerts now: nothing done.");
  else console.log(`Alerts: ${r.due} due, ${r.sent} sent, ${r.checked} with nothing new, ${r.skipped} skipped, ${r.failed} failed.`);
  process.exitCode = r.failed ? 1 : 0;
} finally {
  await database.close();
}
