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
 * `main(argv, io)` runs it in process (the tests; tests/integration/accounts-cli.test.ts runs it once as a process too).
 */
import readline from "node:readline";
import { Command, CommanderError } from "commander";
import type { ServiceContext } from "../app/.server/context";
import type { Database } from "../app/.server/db";
import { DatabaseLockedError } from "../app/.server/db-lock";
import { isEntryScript, LOCKED_EXIT_CODE, lockedMessage, openToolDatabase } from "./cli-db";
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

/** Where the tool reads and writes: the process's own, or a test's. */
export type ToolIo = {
  env?: NodeJS.ProcessEnv;
  /** Standard input: a stream, or its whole text. */
  stdin?: NodeJS.ReadableStream | string;
  out?: (line: string) => void;
  err?: (line: string) => void;
};

const localeOption = (value: string): Locale => {
  if (!isLocale(value)) throw new Error(`--locale must be it, en or fr`);
  return value;
};

/** The password from standard input: typed without echo on a terminal, else the first line piped in. */
async function readPassword(input: NodeJS.ReadableStream | string, prompt: string): Promise<string> {
  if (typeof input === "string") return input.split(/\r?\n/)[0] ?? "";
  if ((input as NodeJS.ReadStream).isTTY) {
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

/** Runs the tool with `argv` (the arguments after the script's name); answers its exit code. */
export async function main(argv: string[], io: ToolIo = {}): Promise<number> {
  const env = io.env ?? process.env;
  const stdin = io.stdin ?? process.stdin;
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  let exitCode = 0;

  /** Links point to PUBLIC_URL, else to this machine's server (PORT, default 3000). */
  const siteOrigin = () => env.PUBLIC_URL?.replace(/\/$/, "") || `http://localhost:${env.PORT || 3000}`;

  /** A one-time link (one hour) to the page where the user sets their password. */
  async function printResetLink(ctx: Pick<ServiceContext, "database">, user: { id: string; email: string }, locale: Locale) {
    const { token, expiresAt } = await issueResetToken(ctx, user.id);
    await audit(ctx, {
      event: "password_reset_requested",
      actor,
      subjectId: user.id,
      email: user.email,
      detail: { sent: false, via: "cli" },
    });
    out(`One-time link for ${user.email} to set the password (until ${expiresAt.toISOString()}):`);
    out(resetLink(siteOrigin(), locale, token));
  }

  async function withDatabase(fn: (ctx: Pick<ServiceContext, "database">) => Promise<void>) {
    let database: Database;
    try {
      ({ database } = await openToolDatabase(env));
    } catch (e) {
      if (e instanceof DatabaseLockedError) {
        err(lockedMessage(e));
        exitCode = LOCKED_EXIT_CODE;
        return;
      }
      throw e;
    }
    try {
      await fn({ database });
    } catch (e) {
      if (e instanceof AccountError) {
        err(e.message);
        exitCode = 1;
      } else throw e;
    } finally {
      await database.close();
    }
  }

  const program = new Command("user")
    .description("Manage the catalogue's user accounts")
    .exitOverride()
    .configureOutput({ writeOut: (s) => out(s.replace(/\n$/, "")), writeErr: (s) => err(s.replace(/\n$/, "")) });

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
      const password = o.passwordStdin ? await readPassword(stdin, "Password: ") : undefined;
      await withDatabase(async (ctx) => {
        const u = await createUser(ctx, { email: o.email, roles: o.role, password, firstName: o.firstName, lastName: o.lastName }, actor);
        out(`Created ${u.email} (${u.roles.join(", ")}; level ${u.level}).`);
        if (password === undefined) {
          await printResetLink(ctx, u, o.locale);
          out(`(Another link later: \`npm run user -- reset-link --email ${u.email}\`; or \`set-password\`.)`);
        }
      });
    });

  program
    .command("list")
    .description("list the users")
    .action(async () => {
      await withDatabase(async (ctx) => {
        const list = await listUsers(ctx);
        if (!list.length) return out("No users.");
        for (const u of list) {
          const state = u.disabled ? "disabled" : "active";
          const last = u.lastLoginAt ? u.lastLoginAt.toISOString() : "never";
          out(`${u.email}\t${u.roles.join(", ") || "-"}\tlevel ${u.level}\t${state}\tlast sign-in ${last}`);
        }
      });
    });

  program
    .command("set-password")
    .description("set a user's password (read from standard input); ends their sessions")
    .requiredOption("--email <email>", "the user's e-mail address")
    .action(async (o: { email: string }) => {
      const password = await readPassword(stdin, "New password: ");
      await withDatabase(async (ctx) => {
        const u = await setPassword(ctx, o.email, password, actor);
        out(`Password of ${u.email} set; their sessions have ended.`);
      });
    });

  program
    .command("reset-link")
    .description("print a one-time link (valid one hour) to set a user's password")
    .requiredOption("--email <email>", "the user's e-mail address")
    .option("--locale <locale>", "language of the page the link opens (it, en, fr)", localeOption, "it" as Locale)
    .action(async (o: { email: string; locale: Locale }) => {
      await withDatabase(async (ctx) => {
        const u = await findUserByEmail(ctx, o.email);
        if (!u) throw new AccountError("accounts.notFound", `No user with the address ${o.email}`);
        if (u.sso) throw new AccountError("accounts.notFound", `${u.email} signs in through single sign-on: no password here`);
        if (u.disabled) err(`Note: ${u.email} is disabled; the link works only after it is enabled again.`);
        await printResetLink(ctx, u, o.locale);
      });
    });

  program
    .command("disable")
    .description("disable a user (no more sign-ins); ends their sessions")
    .requiredOption("--email <email>", "the user's e-mail address")
    .action(async (o: { email: string }) => {
      await withDatabase(async (ctx) => {
        const u = await disableUser(ctx, o.email, actor);
        out(`Disabled ${u.email}.`);
      });
    });

  program
    .command("remove")
    .description("remove a user (the audit log keeps their address)")
    .requiredOption("--email <email>", "the user's e-mail address")
    .action(async (o: { email: string }) => {
      await withDatabase(async (ctx) => {
        const u = await removeUser(ctx, o.email, actor);
        out(`Removed ${u.email}.`);
      });
    });

  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode;
    throw e;
  }
  return exitCode;
}

if (isEntryScript(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
