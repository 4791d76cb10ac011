// Starts the built server for the end-to-end suite on a fresh embedded database
// (the demo archive is loaded into it), in this process.
import fs from "node:fs";
import { register } from "tsx/esm/api";

const dir = process.env.DATA_DIR ?? "./data-e2e";
fs.rmSync(dir, { recursive: true, force: true });
register();
// One user for tests/e2e/login.spec.ts, created before the server takes the database.
{
  const { openDatabase } = await import("../app/.server/db.ts");
  const { createUser } = await import("../app/features/accounts/accounts.server.ts");
  const database = await openDatabase({ dataDir: dir });
  await createUser(
    database,
    { email: "e2e-manager@example.org", roles: ["Manager"], password: "E2e-password1", firstName: "Elena", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  // tests/e2e/password.spec.ts: a reset by mail and a change of password (Ricercatore has CHANGE_PASSWORD).
  for (const email of ["e2e-reset@example.org", "e2e-password@example.org"])
    await createUser(
      database,
      { email, roles: ["Ricercatore"], password: "E2e-password1", firstName: "Paola", lastName: "Prova" },
      { userId: null, address: "e2e" },
    );
  // tests/e2e/users.spec.ts: one user per role it checks the menus of, and users to manage.
  for (const [email, role, firstName] of [
    ["e2e-ricercatore@example.org", "Ricercatore", "Rita"],
    ["e2e-catalogatore@example.org", "Catalogatore", "Carlo"],
    ["e2e-admin@example.org", "Amministratore", "Ada"],
  ])
    await createUser(
      database,
      { email, roles: [role], password: "E2e-password1", firstName, lastName: "Prova" },
      { userId: null, address: "e2e" },
    );
  await database.close();
}
// tests/e2e/workspace.spec.ts: a researcher who pins records into collections (issue 15).
{
  const { openDatabase } = await import("../app/.server/db.ts");
  const { createUser } = await import("../app/features/accounts/accounts.server.ts");
  const database = await openDatabase({ dataDir: dir });
  await createUser(
    database,
    { email: "e2e-workspace@example.org", roles: ["Ricercatore"], password: "E2e-password1", firstName: "Wanda", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  await database.close();
}
// tests/e2e/story.spec.ts: a researcher who writes and publishes a story (issue 15).
// tests/e2e/share.spec.ts: an owner who may share by link (Manager: SHARE_EXTERNAL) and a reader (issue 15 §4).
// tests/e2e/moodboard.spec.ts: a researcher who builds moodboards (issue 15 §3).
{
  const { openDatabase } = await import("../app/.server/db.ts");
  const { createUser } = await import("../app/features/accounts/accounts.server.ts");
  const database = await openDatabase({ dataDir: dir });
  await createUser(
    database,
    { email: "e2e-story@example.org", roles: ["Ricercatore"], password: "E2e-password1", firstName: "Silvia", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  await createUser(
    database,
    { email: "e2e-share@example.org", roles: ["Manager"], password: "E2e-password1", firstName: "Sara", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  await createUser(
    database,
    { email: "e2e-share-reader@example.org", roles: ["Ricercatore"], password: "E2e-password1", firstName: "Rita", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  await createUser(
    database,
    { email: "e2e-moodboard@example.org", roles: ["Ricercatore"], password: "E2e-password1", firstName: "Mara", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  // tests/e2e/collections-tabs.spec.ts: the workspace's tabs and deleting uploads (decision 067).
  await createUser(
    database,
    { email: "e2e-tabs@example.org", roles: ["Ricercatore"], password: "E2e-password1", firstName: "Tea", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  await database.close();
}
// The header links Cataloga (LOGIN_BACKEND) only when a back end is configured (tests/e2e/users.spec.ts).
process.env.BACKEND_URL ??= "/cataloga";
// tests/e2e/edit-in-place.spec.ts: an administrator who edits the home page in place (issue 16 §1).
{
  const { openDatabase } = await import("../app/.server/db.ts");
  const { createUser } = await import("../app/features/accounts/accounts.server.ts");
  const database = await openDatabase({ dataDir: dir });
  await createUser(
    database,
    { email: "e2e-editor@example.org", roles: ["Amministratore"], password: "E2e-password1", firstName: "Edda", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  await database.close();
}
// tests/e2e/mobile.spec.ts: an administrator whose workspace and console pages are checked at 320 and 375 px.
{
  const { openDatabase } = await import("../app/.server/db.ts");
  const { createUser } = await import("../app/features/accounts/accounts.server.ts");
  const database = await openDatabase({ dataDir: dir });
  await createUser(
    database,
    { email: "e2e-mobile@example.org", roles: ["Amministratore"], password: "E2e-password1", firstName: "Mia", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  await database.close();
}
// tests/e2e/totp.spec.ts: a user who turns two-factor sign-in on (its key file goes into the e2e DATA_DIR).
{
  const { openDatabase } = await import("../app/.server/db.ts");
  const { createUser } = await import("../app/features/accounts/accounts.server.ts");
  const database = await openDatabase({ dataDir: dir });
  await createUser(
    database,
    { email: "e2e-totp@example.org", roles: ["Ricercatore"], password: "E2e-password1", firstName: "Tina", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  // tests/e2e/totp-admin.spec.ts: a user with two-step verification on, which an administrator resets.
  const { beginSetup, confirmSetup } = await import("../app/features/accounts/totp.server.ts");
  const { generateSync } = await import("otplib");
  const lost = await createUser(
    database,
    { email: "e2e-lostphone@example.org", roles: ["Ricercatore"], password: "E2e-password1", firstName: "Lia", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  const { secret } = await beginSetup(database, lost.id, "teca.e2e");
  await confirmSetup(database, lost.id, generateSync({ secret }), { userId: null, address: "e2e" });
  await database.close();
}
// tests/e2e/bulk-add.spec.ts: a researcher who adds search selections to collections (issue 15 §1, decision 066).
{
  const { openDatabase } = await import("../app/.server/db.ts");
  const { createUser } = await import("../app/features/accounts/accounts.server.ts");
  const database = await openDatabase({ dataDir: dir });
  await createUser(
    database,
    { email: "e2e-bulk@example.org", roles: ["Ricercatore"], password: "E2e-password1", firstName: "Bice", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  await database.close();
}
// tests/e2e/oidc.spec.ts: single sign-on against the OpenID provider that spec starts on PORT + 10000 (the
// configuration is read at each request, so the provider may start after the server).
process.env.OIDC_ISSUER ??= `http://127.0.0.1:${Number(process.env.PORT ?? 3100) + 10000}`;
process.env.OIDC_CLIENT_ID ??= "teca-e2e";
process.env.OIDC_CLIENT_SECRET ??= "teca-e2e-secret";
process.env.OIDC_ALLOW_HTTP ??= "1"; // test only: the local provider speaks http
process.env.OIDC_ROLE_MAP ??= "archivio-admin:Amministratore,staff:Catalogatore";
process.env.OIDC_LABEL ??= "Archivio ID";
// The specs sign in without the bot check; tests/e2e/bot-check.spec.ts starts its own server with the
// default (ALTCHA) and signs in through the widget.
process.env.BOT_CHECK ??= "off";
const { main } = await import("../server/index.ts");
await main();
