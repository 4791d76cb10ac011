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
  await database.close();
}
const { main } = await import("../server/index.ts");
await main();
