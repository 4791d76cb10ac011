/**
 * Operators' accounts tool (issue 13, docs/accounts.md):
 *   npm run user -- add --email E --role ROLE [--role ROLE2] [--first-name F] [--last-name L] [--password-stdin]
 *   npm run user -- list
 *   npm run user -- set-password --email E        (the password is read from standard input)
 *   npm run user -- disable --email E
 *   npm run user -- remove --email E
 * On the embedded database it refuses, saying who holds it, while the server runs (stop it first);
 * on PostgreSQL (DATABASE_URL) it runs beside the servers.
 */
import readline from "node:readline";
import { Command } from "commander";
import type { Database } from "../app/.server/db";
import { openCliDatabase } from "./cli-db";
import {
  AccountError, createUser, disableUser, listUsers, removeUser, setPassword, type Actor,
} from "../app/features/accounts/accounts.server";
import { ROLE_NAMES } from "../app/features/accounts/roles";

const actor: Actor = { userId: null, address: "cli" };

/** The password from standard input: typed without echo on a terminal, else the first line piped in. */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (input.isTTY) {
    const rl = readline.createInterface({ input, output: process.stderr, terminal: true });
    const muted = rl as unknown as { _writeToOutput: (s: string) => void };
    process.stderr.write(prompt);
    muted._writeToOutput = () => {};
    const answer = await new Promise<string>((resolve) => rl.question("", resolve));
    rl.close();
    process.stderr.write("\n");
    return answer;
  }
  let text = "";
  for await (const chunk of input) text += chunk;
  return text.split(/\r?\n/)[0] ?? "";
}

async function withDatabase(fn: (database: Database) => Promise<void>) {
  const { database } = await openCliDatabase();
  try {
    await fn(database);
  } catch (err) {
    if (err instanceof AccountError) {
      console.error(err.message);
      process.exitCode = 1;
    } else throw err;
  } finally {
    await database.close();
  }
}

const program = new Command("user").description("Manage the catalogue's user accounts");

program
  .command("add")
  .description("create a user")
  .requiredOption("--email <email>", "the user's e-mail address (their login)")
  .requiredOption("--role <role...>", `one or more of: ${ROLE_NAMES.map((r) => JSON.stringify(r)).join(", ")}`)
  .option("--first-name <name>", "first name", "")
  .option("--last-name <name>", "last name", "")
  .option("--password-stdin", "read the password from standard input")
  .action(async (o: { email: string; role: string[]; firstName: string; lastName: string; passwordStdin?: boolean }) => {
    const password = o.passwordStdin ? await readPassword("Password: ") : undefined;
    await withDatabase(async (database) => {
      const u = await createUser(database, { email: o.email, roles: o.role, password, firstName: o.firstName, lastName: o.lastName }, actor);
      console.log(`Created ${u.email} (${u.roles.join(", ")}; level ${u.level}).`);
      if (password === undefined) console.log(`No password yet: set one with \`npm run user -- set-password --email ${u.email}\`.`);
    });
  });

program
  .command("list")
  .description("list the users")
  .action(async () => {
    await withDatabase(async (database) => {
      const list = await listUsers(database);
      if (!list.length) return console.log("No users.");
      for (const u of list) {
        const state = u.disabled ? "disabled" : "active";
        const last = u.lastLoginAt ? u.lastLoginAt.toISOString() : "never";
        console.log(`${u.email}\t${u.roles.join(", ") || "-"}\tlevel ${u.level}\t${state}\tlast sign-in ${last}`);
      }
    });
  });

program
  .command("set-password")
  .description("set a user's password (read from standard input); ends their sessions")
  .requiredOption("--email <email>", "the user's e-mail address")
  .action(async (o: { email: string }) => {
    const password = await readPassword("New password: ");
    await withDatabase(async (database) => {
      const u = await setPassword(database, o.email, password, actor);
      console.log(`Password of ${u.email} set; their sessions have ended.`);
    });
  });

program
  .command("disable")
  .description("disable a user (no more sign-ins); ends their sessions")
  .requiredOption("--email <email>", "the user's e-mail address")
  .action(async (o: { email: string }) => {
    await withDatabase(async (database) => {
      const u = await disableUser(database, o.email, actor);
      console.log(`Disabled ${u.email}.`);
    });
  });

program
  .command("remove")
  .description("remove a user (the audit log keeps their address)")
  .requiredOption("--email <email>", "the user's e-mail address")
  .action(async (o: { email: string }) => {
    await withDatabase(async (database) => {
      const u = await removeUser(database, o.email, actor);
      console.log(`Removed ${u.email}.`);
    });
  });

await program.parseAsync(process.argv);
