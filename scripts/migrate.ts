// npm run db:migrate — applies the checked-in migrations to the configured database.
import { openCliDatabase } from "./cli-db";

const { database } = await openCliDatabase();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
