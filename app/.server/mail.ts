import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { logger } from "./logger";
import { readEnv } from "./env";

/**
 * Outgoing mail (decision 041). With `SMTP_URL` (e.g. `smtps://user:pass@mail.example.org:465`) messages go
 * through that server, from `MAIL_FROM`. Without it each message is written as an .eml file into
 * `DATA_DIR/outbox/` and the log names the file and the recipient, so password reset works out of the box
 * (an operator opens the file, or forwards the outbox). Message bodies are never logged: they carry links.
 */
export type Mail = { to: string; subject: string; text: string; html: string };
export type MailResult = { via: "smtp"; messageId: string } | { via: "outbox"; file: string };

type Transport = ReturnType<typeof nodemailer.createTransport>;
let smtp: { url: string; transport: Transport } | null = null;

export const mailFrom = (env: NodeJS.ProcessEnv = process.env) => env.MAIL_FROM?.trim() || "Teca <teca@localhost>";

/** The outbox directory of the files written without SMTP. */
export const outboxDir = (env: NodeJS.ProcessEnv = process.env) => path.join(readEnv(env).dataDir, "outbox");

function smtpTransport(url: string): Transport {
  if (smtp?.url !== url) {
    smtp?.transport.close();
    smtp = { url, transport: nodemailer.createTransport(url) };
  }
  return smtp.transport;
}

export async function sendMail(mail: Mail, env: NodeJS.ProcessEnv = process.env): Promise<MailResult> {
  const message = { from: mailFrom(env), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
  const url = env.SMTP_URL?.trim();
  if (url) {
    const info = await smtpTransport(url).sendMail(message);
    logger.info({ to: mail.to, messageId: info.messageId }, "mail sent");
    return { via: "smtp", messageId: String(info.messageId) };
  }
  // nodemailer's stream transport builds the same MIME message SMTP would carry.
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  const dir = outboxDir(env);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
  // Only the operator reads the outbox: the messages hold one-time links.
  await fs.writeFile(file, built.message as Buffer, { mode: 0o600 });
  logger.info({ to: mail.to, file }, "mail written to the outbox (no SMTP_URL)");
  return { via: "outbox", file };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text for an HTML mail body or attribute. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
