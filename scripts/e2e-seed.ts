// The end-to-end suite's data directory, made once in one database open (scripts/e2e-server.mjs runs this
// when its cache has no copy for the current demo generator and migrations): the migrations, the demo archive
// (the same load as a first `npm start`) and the users the specs sign in as. DATA_DIR is the directory to fill
// (the two-step key of e2e-lostphone goes into its secrets/).
import path from "node:path";
import { openDatabase } from "../app/.server/db.ts";
import { logger } from "../app/.server/logger.ts";
import { root } from "../app/.server/root.ts";
import { sql } from "drizzle-orm";
import { createUser } from "../app/features/accounts/accounts.server.ts";
import { hashToken } from "../app/.server/session.ts";
import { beginSetup, confirmSetup } from "../app/features/accounts/totp.server.ts";
import { ensureDemo, prepareDemo, type PreparedDemo } from "../app/features/demo/load.server.ts";
import { generateSync } from "otplib";

const dir = process.env.DATA_DIR;
if (!dir) throw new Error("DATA_DIR is required");

/** Every account's password (tests/e2e/helpers.ts: E2E_PASSWORD). */
const PASSWORD = "E2e-password1";

/** [email, role, first name] of each account, and the specs that sign in as it. */
const USERS: [string, string, string][] = [
  // login.spec.ts, users.spec.ts (a Manager who manages users), password.spec.ts (no CHANGE_PASSWORD)
  ["e2e-manager@example.org", "Manager", "Elena"],
  // password.spec.ts: a reset by mail and a change of password (Ricercatore has CHANGE_PASSWORD)
  ["e2e-reset@example.org", "Ricercatore", "Paola"],
  ["e2e-password@example.org", "Ricercatore", "Paola"],
  // users.spec.ts: one user per role it checks the menus of, and users to manage
  ["e2e-ricercatore@example.org", "Ricercatore", "Rita"],
  ["e2e-catalogatore@example.org", "Catalogatore", "Carlo"],
  ["e2e-admin@example.org", "Amministratore", "Ada"],
  // workspace.spec.ts: a researcher who pins records into collections (issue 15)
  ["e2e-workspace@example.org", "Ricercatore", "Wanda"],
  // story.spec.ts: a researcher who writes and publishes a story (issue 15)
  ["e2e-story@example.org", "Ricercatore", "Silvia"],
  // share.spec.ts: an owner who may share by link (Manager: SHARE_EXTERNAL) and a reader (issue 15 §4)
  ["e2e-share@example.org", "Manager", "Sara"],
  ["e2e-share-reader@example.org", "Ricercatore", "Rita"],
  // moodboard.spec.ts: a researcher who builds moodboards (issue 15 §3)
  ["e2e-moodboard@example.org", "Ricercatore", "Mara"],
  // collections-tabs.spec.ts: the workspace's tabs and deleting uploads (decision 067)
  ["e2e-tabs@example.org", "Ricercatore", "Tea"],
  // edit-in-place.spec.ts: an administrator who edits the home page in place (issue 16 §1)
  ["e2e-editor@example.org", "Amministratore", "Edda"],
  // mobile.spec.ts: an administrator whose workspace and console pages are checked at 320 and 375 px
  ["e2e-mobile@example.org", "Amministratore", "Mia"],
  // totp.spec.ts: a user who turns two-factor sign-in on
  ["e2e-totp@example.org", "Ricercatore", "Tina"],
  // totp-admin.spec.ts: a user with two-step verification on (below), which an administrator resets
  ["e2e-lostphone@example.org", "Ricercatore", "Lia"],
  // bulk-add.spec.ts: a researcher who adds search selections to collections (issue 15 §1, decision 066)
  ["e2e-bulk@example.org", "Ricercatore", "Bice"],
  // requests.spec.ts: a researcher who asks for a reproduction (issue 32 §3); an approved request of hers whose
  // link is past its date (below: the expiry set in the past through the database, as a moved clock would)
  ["e2e-requests@example.org", "Ricercatore", "Rina"],
  // annotations.spec.ts: a researcher who annotates a region of a record's image (issue 32 §1)
  ["e2e-annotator@example.org", "Ricercatore", "Anna"],
  // print.spec.ts: a researcher who prints labels of a search selection and of a collection (issue 33 §6)
  ["e2e-print@example.org", "Ricercatore", "Pia"],
  // relmap.spec.ts: a researcher who arranges, saves and publishes a record's relational map (issue 33 §5)
  ["e2e-relmap@example.org", "Ricercatore", "Remo"],
];

/** The link of e2e-requests' expired reproduction (tests/e2e/requests.spec.ts). */
const EXPIRED_REQUEST_TOKEN = "e2e-expired-reproduction-link-0000000000000000";

const t0 = performance.now();
const mediaDir = path.join(dir, "media");
const demo = {
  mediaDir,
  workDir: path.join(dir, "demo"),
  logger,
  imageCache: path.join(
    process.env.TECA_CACHE_DIR ? path.resolve(process.env.TECA_CACHE_DIR) : path.join(root, "node_modules/.cache"),
    "teca/demo-images",
  ),
};
// As a first start does (server/index.ts): the demo's pictures are drawn while the database is created.
let prepared: PreparedDemo | undefined;
const database = await openDatabase({ dataDir: dir, onLocked: () => (prepared = prepareDemo(demo)) });
try {
  const ctx = { database };
  await ensureDemo(ctx, { ...demo, prepared });
  const actor = { userId: null, address: "e2e" };
  for (const [email, role, firstName] of USERS) {
    const user = await createUser(ctx, { email, roles: [role], password: PASSWORD, firstName, lastName: "Prova" }, actor);
    if (email === "e2e-lostphone@example.org") {
      const setup = await beginSetup(ctx, user.id, "teca.e2e");
      if (!setup) throw new Error("two-step verification could not be set up for e2e-lostphone");
      await confirmSetup(ctx, user.id, generateSync({ secret: setup.secret }), actor);
    }
    if (email === "e2e-requests@example.org")
      await database.rows(sql`insert into reproduction_requests (requester_id, media_id, record_uid, record_table, record_id, record_title,
          purpose, resolution, format, locale, terms_page, terms_accepted_at, status, watermarked, decided_at, token_hash, expires_at, created_at)
        select ${user.id}::uuid, m.id, r.uid, r.table_name, r.id, coalesce(t.label, r.id), 'study', 'low', 'jpeg', 'it',
          'condizioni-riproduzioni', now() - interval '20 days', 'approved', true, now() - interval '19 days',
          ${hashToken(EXPIRED_REQUEST_TOKEN)}, now() - interval '12 days', now() - interval '20 days'
        from records r join media m on m.record_uid = r.uid and m.media_type = 'image'
        left join record_texts t on t.record_uid = r.uid and t.locale = 'it'
        where r.table_name = 'ca_objects' and r.id = '6' order by m.ord limit 1`);
  }
} finally {
  await database.close();
}
console.error(`e2e: data directory seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
