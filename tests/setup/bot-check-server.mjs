// A second server for tests/e2e/bot-check.spec.ts: the built app with the default bot check (BOT_CHECK unset:
// ALTCHA), on an empty embedded database holding one user, without the demo archive.
import fs from "node:fs";
import { register } from "tsx/esm/api";

const dir = process.env.DATA_DIR;
if (!dir) throw new Error("DATA_DIR is required");
fs.rmSync(dir, { recursive: true, force: true });
delete process.env.BOT_CHECK;
process.env.TECA_DEMO = "0";
register();
{
  const { openDatabase } = await import("../../app/.server/db.ts");
  const { createUser } = await import("../../app/features/accounts/accounts.server.ts");
  const database = await openDatabase({ dataDir: dir });
  await createUser(
    { database },
    { email: "e2e-altcha@example.org", roles: ["Ricercatore"], password: "E2e-password1", firstName: "Alba", lastName: "Prova" },
    { userId: null, address: "e2e" },
  );
  await database.close();
}
const { main } = await import("../../server/index.ts");
await main();
