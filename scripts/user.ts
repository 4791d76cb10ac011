/**
 * Operators' accounts tool (issue 13, docs/accounts.md):
 *   npm run user -- add --email E --role ROLE [--role ROLE2] [--first-name F] [--last-name L] [--password-stdin]
 *   npm run user -- list
 *   npm run user -- set-password --email E        (the password is read from standard input)
 *   npm run user -- disable --email E
 *   npm run user -- remove --email E
 *   npm run user -- reset-link --email E [--locale it|en|fr]   (prints a one-time link to set the password)
 * On the embedded database it refuses, saying who holds it, while the server runs (stop it first);
 * on PostgreSQL (DATABASE_URL) it runs beside the servers.
 */
import readline from "node:readline";
import { Command } from "commander";
import type { Database } from "../app/.server/db";
import { openCliDatabase } from "./cli-db";
import {
  AccountError,
  audit,
  createUser,
  disableUser,
  findUserByEmail,
  listUsers,
  removeUser,
  setPassword,
  type Actor,
} from "../app/features/accounts/accounts.server";
import { ROLE_NAMES } from "../app/features/accounts/roles";
import { issueResetToken, resetLink } from "../app/features/accounts/reset.server";
import { isLocale, type Locale } from "../app/lib/locale";

const actor: Actor = { userId: null, address: "cli" };

/** Links point to PUBLIC_URL, else to this machine's server (PORT, default 3000). */
const siteOrigin = () => process.env.PUBLIC_URL?.replace(/\/$/, "") || `http://localhost:${process.env.PORT || 3000}`;

/** A one-time link (one hour) to the page where the user sets their password. */
async function printResetLink(database: Database, user: { id: string; email: string }, locale: Locale) {
  const { token, expiresAt } = await issueResetToken(database, user.id);
  await audit(database, {
    event: "password_reset_requested",
    actor,
    subjectId: user.id,
    email: user.email,
    detail: { sent: false, via: "cli" },
  });
  console.log(`One-time link for ${user.email} to set the password (until ${expiresAt.toISOString()}):`);
  console.log(resetLink(siteOrigin(), locale, token));
}

const localeOption = (value: string): Locale => {
  if (!isLocale(value)) throw new Error(`--locale must be it, en or fr`);
  return value;
};

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
  .option("--locale <locale>", "language of the page the link opens (it, en, fr)", localeOption, "it" as Locale)
  .action(async (o: { email: string; role: string[]; firstName: string; lastName: string; passwordStdin?: boolean; locale: Locale }) => {
    const password = o.passwordStdin ? await readPassword("Password: ") : undefined;
    await withDatabase(async (database) => {
      const u = await createUser(
        database,
        { email: o.email, roles: o.role, password, firstName: o.firstName, lastName: o.lastName },
        actor,
      );
      console.log(`Created ${u.email} (${u.roles.join(", ")}; level ${u.level}).`);
      if (password === undefined) {
        await printResetLink(database, u, o.locale);
        console.log(`(Another link later: \`npm run user -- reset-link --email ${u.email}\`; or \`set-password\`.)`);
      }
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
  .command("reset-link")
  .description("print a one-time link (valid one hour) to set a user's password")
  .requiredOption("--email <email>", "the user's e-mail address")
  .option("--locale <locale>", "language of the page the link opens (it, en, fr)", localeOption, "it" as Locale)
  .action(async (o: { email: string; locale: Locale }) => {
    await withDatabase(async (database) => {
      const u = await findUserByEmail(database, o.email);
      if (!u) throw new AccountError("accounts.notFound", `No user with the address ${o.email}`);
      if (u.sso) throw new AccountError("accounts.notFound", `${u.email} signs in through single sign-on: no password here`);
      if (u.disabled) console.warn(`Note: ${u.email} is disabled; the link works only after it is enabled again.`);
      await printResetLink(database, u, o.locale);
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
