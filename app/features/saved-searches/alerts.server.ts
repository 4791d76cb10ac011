import { sql } from "drizzle-orm";
import { inBackground } from "~/.server/background";
import type { ServiceContext } from "~/.server/context";
import type { Database } from "~/.server/db";
import { viewerFor } from "~/.server/access";
import { escapeHtml, sendMail, type Mail } from "~/.server/mail";
import { capabilities, hashToken, newToken } from "~/.server/session";
import { translate, type MessageKey } from "~/i18n";
import { isLocale, localizePath, LOCALE_TAGS, type Locale } from "~/lib/locale";
import { cardQuery, toCard, type CardRow } from "~/features/records/index.server";
import type { RecordCard } from "~/lib/record-types";
import { configuredSearch, searchUids } from "~/features/search/index.server";
import { parseSearchParams } from "~/features/search";
import { getSiteOptions } from "~/features/site/index.server";
import type { SiteOptions } from "~/features/site";
import { searchHref, type AlertFrequency } from "./saved-searches";

/**
 * Saved-search alerts (issue 15 §2, decision 062). `npm run alerts` and, with ALERTS=1, the server's
 * schedule call runAlerts: each saved search whose alert is due gets one mail, in the search's language,
 * listing the records added to the catalogue since its last check (a high-water mark on records.uid) that
 * match it and that its owner may see (the search service with the owner's viewer: access filtered in SQL).
 *
 * Exactly once: the mark and the check time are moved by a compare-and-set UPDATE of the row in the same
 * transaction that sends the mail; a second run (or a second process) finds the search no longer due, or
 * its row changed, and sends nothing. A failed send rolls the transaction back: the next run retries.
 */

/** At most this many records are listed in one mail; the mail links to the search for the rest. */
export const ALERT_LIST_MAX = 20;
/** A schedule that runs every few minutes need not wait a full period plus one interval: this much slack. */
const SLACK = "30 minutes";
const PERIOD: Record<Exclude<AlertFrequency, "none">, string> = { daily: "1 day", weekly: "7 days" };
/** Advisory lock held by the process running the alerts (PostgreSQL): one runner per database. */
export const ALERTS_LOCK = 727280;
/** Unsubscribe tokens older than this are forgotten (their mails are a year old). */
const TOKEN_DAYS = 365;

export type AlertRunResult = { due: number; sent: number; checked: number; skipped: number; failed: number; locked: boolean };
export type AlertRunOptions = {
  /** The site's address for the mails' links (PUBLIC_URL, else the server's). */
  origin: string;
  now?: Date;
  env?: NodeJS.ProcessEnv;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

type DueRow = {
  id: string;
  title: string;
  query: string;
  locale: string;
  alert: Exclude<AlertFrequency, "none">;
  alert_mark: string | number;
  user_id: string;
  email: string;
  level: number;
  roles: string[];
};

const dueWhere = (now: Date) =>
  sql`s.alert <> 'none' and not u.disabled and (s.alert_checked_at is null or s.alert_checked_at <= ${now.toISOString()}::timestamptz - (case s.alert when 'weekly' then interval '${sql.raw(PERIOD.weekly)}' else interval '${sql.raw(PERIOD.daily)}' end) + interval '${sql.raw(SLACK)}')`;

/** Sends every due alert once. On PostgreSQL a second runner finding the lock taken returns `locked`. */
export async function runAlerts(ctx: Pick<ServiceContext, "database">, opts: AlertRunOptions): Promise<AlertRunResult> {
  const { database } = ctx;
  const empty: AlertRunResult = { due: 0, sent: 0, checked: 0, skipped: 0, failed: 0, locked: false };
  if (database.kind === "pglite") return runDue(database, opts, empty);
  // The lock lives in a transaction of its own connection; the work uses the pool's other connections.
  return database.db.transaction(async (tx) => {
    const [got] = (
      (await tx.execute(sql`select pg_try_advisory_xact_lock(${ALERTS_LOCK}) as ok`)) as unknown as { rows: { ok: boolean }[] }
    ).rows;
    if (!got?.ok) return { ...empty, locked: true };
    return runDue(database, opts, empty);
  });
}

async function runDue(database: Database, opts: AlertRunOptions, result: AlertRunResult): Promise<AlertRunResult> {
  const now = opts.now ?? new Date();
  await database.rows(
    sql`delete from saved_search_tokens where created_at < ${now.toISOString()}::timestamptz - interval '${sql.raw(String(TOKEN_DAYS))} days'`,
  );
  const due = await database.rows<{ id: string }>(sql`
    select s.id from saved_searches s join users u on u.id = s.user_id
    where ${dueWhere(now)} order by s.alert_checked_at nulls first, s.id limit 5000`);
  const out = { ...result, due: due.length };
  for (const { id } of due) {
    try {
      const r = await alertOne(database, id, now, opts);
      out[r]++;
    } catch (err) {
      out.failed++;
      opts.log?.error({ err, savedSearch: id }, "saved-search alert failed (it is tried again at the next run)");
    }
  }
  return out;
}

async function alertOne(database: Database, id: string, now: Date, opts: AlertRunOptions): Promise<"sent" | "checked" | "skipped"> {
  const [row] = await database.rows<DueRow>(sql`
    select s.id, s.title, s.query, s.locale, s.alert, s.alert_mark, s.user_id, u.email, u.level, u.roles
    from saved_searches s join users u on u.id = s.user_id
    where s.id = ${id} and ${dueWhere(now)}`);
  if (!row) return "skipped";
  const locale: Locale = isLocale(row.locale) ? row.locale : "it";
  const [{ mark }] = (await database.rows<{ mark: string | number }>(sql`select coalesce(max(uid), 0) as mark from records`)) as [
    { mark: string | number },
  ];
  const upTo = Number(mark);
  const after = Number(row.alert_mark);
  const found = upTo > after ? await newRecords(database, row, locale, { after, upTo }) : { cards: [], more: false };

  let outcome = "skipped" as "sent" | "checked" | "skipped";
  await database.db.transaction(async (tx) => {
    // Compare-and-set: only a runner that still finds the row due, with the mark it read, moves the mark (the
    // row stays locked until this transaction ends, so a second runner waits, then finds it no longer due).
    const claimed = (
      (await tx.execute(sql`
      update saved_searches s set alert_mark = ${upTo}, alert_checked_at = ${now.toISOString()}::timestamptz,
        alert_sent_at = case when ${found.cards.length > 0}::boolean then ${now.toISOString()}::timestamptz else s.alert_sent_at end
      from users u
      where u.id = s.user_id and s.id = ${row.id} and s.alert = ${row.alert} and s.alert_mark = ${after} and ${dueWhere(now)}
      returning s.id`)) as unknown as { rows: unknown[] }
    ).rows;
    if (!claimed.length) return;
    if (!found.cards.length) {
      outcome = "checked";
      return;
    }
    const token = newToken();
    await tx.execute(sql`insert into saved_search_tokens (token_hash, saved_search_id) values (${hashToken(token)}, ${row.id})`);
    await sendMail(alertMail({ ...row, locale, origin: opts.origin, token, cards: found.cards, more: found.more, now }), opts.env);
    outcome = "sent";
  });
  if (outcome === "sent") opts.log?.info({ savedSearch: row.id, records: found.cards.length }, "saved-search alert sent");
  return outcome;
}

/** The records in (after, upTo] that match the saved search, as its owner may see them (at most ALERT_LIST_MAX, and whether there are more). */
async function newRecords(
  database: Database,
  row: DueRow,
  locale: Locale,
  range: { after: number; upTo: number },
): Promise<{ cards: RecordCard[]; more: boolean }> {
  const parsed = parseSearchParams(new URLSearchParams(row.query));
  if (!parsed.ok) return { cards: [], more: false };
  const viewer = viewerFor({ id: row.user_id, level: row.level, roles: row.roles }, capabilities());
  const ctx = { database, viewer, locale };
  const options = await getSiteOptions(ctx, locale);
  const configured = configuredSearch(options as SiteOptions & Record<string, unknown>, viewer.roles, {
    ...parsed.params,
    page: 0,
    shuffle: false,
    print: false,
  });
  const uids = await searchUids(ctx, configured.params, { ...configured.opts, uidRange: range }, ALERT_LIST_MAX + 1);
  const listed = uids.slice(0, ALERT_LIST_MAX);
  if (!listed.length) return { cards: [], more: false };
  const rows = await database.rows<CardRow>(cardQuery(ctx, sql`r.uid = any(${`{${listed.join(",")}}`}::bigint[])`));
  const order = new Map(listed.map((u, i) => [u, i]));
  const cards = rows.sort((a, b) => order.get(Number(a.uid))! - order.get(Number(b.uid))!).map((r) => toCard(r, locale));
  return { cards, more: uids.length > ALERT_LIST_MAX };
}

/** The alert mail: plain text and HTML, every value escaped, the unsubscribe link in both. */
export function alertMail(a: {
  email: string;
  title: string;
  query: string;
  locale: Locale;
  alert: Exclude<AlertFrequency, "none">;
  origin: string;
  token: string;
  cards: RecordCard[];
  more: boolean;
  now: Date;
}): Mail {
  const tr = (key: MessageKey, params?: Record<string, string | number>) => translate(a.locale, key, params);
  const origin = a.origin.replace(/\/$/, "");
  const searchUrl = origin + searchHref(a.query, a.locale);
  const unsubscribeUrl = `${origin}${localizePath(`/searches/unsubscribe/${a.token}`, a.locale)}`;
  const manageUrl = origin + localizePath("/searches", a.locale);
  const frequency = tr(`savedSearches.alert.${a.alert}` as MessageKey).toLowerCase();
  const date = new Intl.DateTimeFormat(LOCALE_TAGS[a.locale], { day: "numeric", month: "long", year: "numeric" }).format(a.now);
  const line = (c: RecordCard) => [c.preferred_label, c.type?.name, c.dateDisplay].filter(Boolean).join(" · ");
  const recordUrl = (c: RecordCard) => origin + localizePath(c.link, a.locale);
  const intro = tr("savedSearches.mail.intro", { title: a.title, date });
  const text = [
    intro,
    "",
    ...a.cards.map((c) => `- ${line(c)}\n  ${recordUrl(c)}`),
    "",
    `${a.more ? tr("savedSearches.mail.more") : tr("savedSearches.mail.all")}:`,
    searchUrl,
    "",
    "-- ",
    tr("savedSearches.mail.why", { frequency }),
    `${tr("savedSearches.mail.unsubscribeLink")}: ${unsubscribeUrl}`,
    `${tr("savedSearches.mail.manageLink")}: ${manageUrl}`,
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html><html lang="${a.locale}"><body style="font-family:sans-serif;line-height:1.5;color:#1a1a1a">
<p>${e(intro)}</p>
<ul>${a.cards
    .map(
      (c) =>
        `<li><a href="${e(recordUrl(c))}">${e(c.preferred_label)}</a>${[c.type?.name, c.dateDisplay]
          .filter(Boolean)
          .map((x) => ` · ${e(String(x))}`)
          .join("")}</li>`,
    )
    .join("")}</ul>
<p><a href="${e(searchUrl)}">${e(a.more ? tr("savedSearches.mail.more") : tr("savedSearches.mail.all"))}</a></p>
<hr>
<p style="font-size:0.9em;color:#555">${e(tr("savedSearches.mail.why", { frequency }))}<br>
<a href="${e(unsubscribeUrl)}">${e(tr("savedSearches.mail.unsubscribeLink"))}</a> · <a href="${e(manageUrl)}">${e(tr("savedSearches.mail.manageLink"))}</a></p>
</body></html>`;
  return { to: a.email, subject: tr("savedSearches.mail.subject", { title: a.title }), text, html };
}

/**
 * The server's schedule (ALERTS=1, server/index.ts): a run shortly after start, then every
 * ALERTS_INTERVAL_MINUTES (default 15). Runs never overlap in one process; on PostgreSQL the advisory lock
 * keeps a second process from running at the same time. Answers a stop function.
 */
export function scheduleAlerts(ctx: Pick<ServiceContext, "database">, opts: AlertRunOptions & { env?: NodeJS.ProcessEnv }): () => void {
  const env = opts.env ?? process.env;
  const minutes = Number(env.ALERTS_INTERVAL_MINUTES);
  const every = (Number.isFinite(minutes) && minutes > 0 ? minutes : 15) * 60_000;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const r = await runAlerts(ctx, { ...opts, now: undefined });
      if (r.sent || r.failed) opts.log?.info(r, "saved-search alerts run");
    } catch (err) {
      opts.log?.error({ err }, "saved-search alerts run failed");
    } finally {
      running = false;
    }
  };
  // a run under way is background work: a graceful stop waits for it (~/.server/background)
  const first = setTimeout(() => void inBackground("alerts", tick()), 30_000);
  const timer = setInterval(() => void inBackground("alerts", tick()), every);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
