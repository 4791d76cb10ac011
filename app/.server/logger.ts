import pino, { type DestinationStream } from "pino";

/**
 * One log format: pino's JSON lines (one event a line) when the output is not a terminal (containers, log
 * collectors), the same events as short readable lines on a terminal. LOG_FORMAT=json|pretty overrides;
 * LOG_LEVEL sets the level.
 */
const format = process.env.LOG_FORMAT ?? (process.stdout.isTTY ? "pretty" : "json");

export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
    base: { app: "teca" },
    redact: ["req.headers.cookie", "req.headers.authorization"],
  },
  format === "pretty" ? prettyStream(process.stdout) : undefined,
);
export type Logger = typeof logger;

const LEVELS: Record<number, [string, string]> = {
  10: ["TRACE", "\x1b[90m"],
  20: ["DEBUG", "\x1b[90m"],
  30: ["INFO ", "\x1b[32m"],
  40: ["WARN ", "\x1b[33m"],
  50: ["ERROR", "\x1b[31m"],
  60: ["FATAL", "\x1b[35m"],
};
const OMIT = new Set(["level", "time", "msg", "app", "pid", "hostname", "err"]);

/** "12:03:04 INFO  message key=value …", the error's stack below it: pino's JSON turned into a line. */
export function prettyLine(json: string, colour = true): string {
  let e: Record<string, unknown>;
  try {
    e = JSON.parse(json);
  } catch {
    return json;
  }
  const [name, code] = LEVELS[Number(e.level)] ?? ["LOG  ", ""];
  const time = new Date(Number(e.time)).toTimeString().slice(0, 8);
  const fields = Object.entries(e)
    .filter(([k]) => !OMIT.has(k))
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" ");
  const err = e.err as { stack?: string; message?: string } | undefined;
  const lvl = colour ? `${code}${name}\x1b[0m` : name;
  return `${time} ${lvl} ${e.msg ?? ""}${fields ? `  ${colour ? `\x1b[90m${fields}\x1b[0m` : fields}` : ""}${err ? `\n${err.stack ?? err.message}` : ""}\n`;
}

function prettyStream(out: NodeJS.WriteStream): DestinationStream {
  return { write: (line: string) => void out.write(prettyLine(line.trimEnd(), Boolean(out.hasColors?.()))) };
}
