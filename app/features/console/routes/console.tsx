import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/console";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import { LOCALE_TAGS, localizePath, splitLocale, type Locale } from "~/lib/locale";
import { isRefusal } from "~/.server/access";
import { formToken } from "~/features/accounts/index.server";
import { listAudit } from "~/features/accounts/index.server";
import { AuditQuerySchema, auditEventLabel } from "~/features/accounts";
import { usersContext } from "~/features/accounts/index.server";
import { accountMeta } from "~/features/accounts";
import {
  ConsoleError,
  getJob,
  getOverview,
  importStagedIccd,
  keepIccdUpload,
  keepImportUpload,
  listJobs,
  startImport,
  startRederive,
  startReindex,
  startVacuum,
} from "../console.server";
import { deleteStaged, lastAttachNotice, listStaged, type StagedFile } from "../dropbox.server";
import { address, consoleContext, NO_STORE } from "../http.server";
import { readFormLimited } from "~/.server/upload";
import { JobProgress, stepText, type JobView } from "../components/JobProgress";
import { formatBytes } from "../format";
import consoleCss from "~/styles/console.css?url";

/**
 * /console (issue 16 §4, decision 072), ADMIN only: the catalogue's counts by table and access level, the
 * last loads and console jobs with their reports, the database and media sizes, the server's health, the drop
 * box's staging area, the audit log, and the actions — re-index, VACUUM ANALYZE, import an NDJSON file. Every
 * action is a form post (CSRF rules of decision 040) that starts a background job and comes back to
 * `?job=<id>`, whose progress the page polls.
 */

export const handle = { capability: "ADMIN", layout: "default" };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleCss }];
export const meta = accountMeta("console.title", "console.lead");

const IMPORT_MAX_BYTES = () => (Number(process.env.IMPORT_MAX_MB) > 0 ? Number(process.env.IMPORT_MAX_MB) : 100) * 1024 * 1024;

const fmt = (locale: Locale, d: Date | null) =>
  d
    ? { iso: d.toISOString(), text: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short" }).format(d) }
    : null;

const jobView = (locale: Locale, j: Awaited<ReturnType<typeof getJob>>): JobView => ({
  id: j.id,
  kind: j.kind,
  state: j.state,
  source: j.source,
  step: j.step,
  done: j.done,
  total: j.total,
  report: j.report,
  actorEmail: j.actorEmail,
  startedAt: fmt(locale, j.startedAt)!,
  finishedAt: fmt(locale, j.finishedAt),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const { locale } = splitLocale(url.pathname);
  const ctx = consoleContext(context, url);
  const [overview, jobs, staged] = await Promise.all([
    getOverview(ctx, { mediaDir: context.mediaDir }),
    listJobs(ctx),
    listStaged(ctx, 50),
  ]);
  const jobParam = Number(url.searchParams.get("job"));
  const current =
    Number.isSafeInteger(jobParam) && jobParam > 0
      ? await getJob(ctx, jobParam).catch(() => null)
      : (jobs.find((j) => j.state === "running") ?? null);
  let audit = null;
  try {
    audit = await listAudit(usersContext(context), AuditQuerySchema.parse({ pageSize: 20 }));
  } catch (err) {
    // not a viewer who manages users (or one whose users are managed elsewhere): no audit section
    if (!isRefusal(err)) throw err;
  }
  const { token, setCookie } = formToken(context);
  const noticeParam = url.searchParams.get("notice");
  const notice = noticeParam === "confirmed" || noticeParam === "discarded" ? (`console.notice.${noticeParam}` as MessageKey) : null;
  // after a confirmed attach: how many of the upload's tags the record got, and those that are no tag of the
  // catalogue (from the audit log: the address says only that there was one)
  const attached = noticeParam === "confirmed" ? await lastAttachNotice(ctx) : null;
  const givenTags = attached?.given ?? 0;
  const unknownTags = (attached?.unknownTags ?? []).join(", ").slice(0, 500);
  return data(
    {
      csrf: token,
      notice,
      givenTags,
      unknownTags,
      // whether the ICCD import links thesaurus tags (ICCD_THESAURI); not read here: reading them takes seconds
      iccdThesauri: Boolean(process.env.ICCD_THESAURI?.trim()),
      overview: {
        ...overview,
        loads: overview.loads.map((l) => ({ ...l, startedAt: fmt(locale, l.startedAt)!, finishedAt: fmt(locale, l.finishedAt) })),
      },
      jobs: jobs.map((j) => jobView(locale, j)),
      current: current ? jobView(locale, current) : null,
      staged: {
        ...staged,
        items: staged.items.map((s) => ({ ...s, createdAt: fmt(locale, s.createdAt)! })),
        pending: staged.pending.map((s) => ({ ...s, createdAt: fmt(locale, s.createdAt)!, attachedAt: fmt(locale, s.attachedAt) })),
      },
      audit:
        audit === null
          ? null
          : audit.items.map((a) => ({
              id: a.id,
              event: a.event,
              actorEmail: a.actorEmail,
              email: a.email,
              subjectEmail: a.subjectEmail,
              address: a.address,
              at: fmt(locale, a.at)!,
            })),
    },
    { headers: { ...NO_STORE, ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

type ActionResult = { error: MessageKey; staged?: string };

export async function action({ request, context, url }: Route.ActionArgs) {
  const { ui: locale } = splitLocale(url.pathname);
  const ctx = consoleContext(context, url);
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.startsWith("multipart/form-data")) {
      const form = await readFormLimited(request, IMPORT_MAX_BYTES());
      if (form === null) return data<ActionResult>({ error: "console.error.tooLarge" }, { status: 413 });
      if (form === "invalid" || (form.get("intent") !== "import" && form.get("intent") !== "iccd"))
        return data<ActionResult>({ error: "console.error.invalid" }, { status: 400 });
      const file = form.get("file");
      if (!file || typeof file === "string" || file.size === 0)
        return data<ActionResult>({ error: "console.error.noFile" }, { status: 400 });
      if (form.get("intent") === "iccd") {
        // Checked by its content: a file that is not a scheda the importer converts is refused, nothing kept.
        let kept: { file: string };
        try {
          kept = keepIccdUpload(ctx, new Uint8Array(await file.arrayBuffer()));
        } catch (err) {
          if (err instanceof ConsoleError && err.code === "notIccd")
            return data<ActionResult>({ error: "console.error.notIccd" }, { status: 400 });
          throw err;
        }
        const id = await startImport(
          ctx,
          { file: kept.file, source: file.name.replace(/^.*[\\/]/, "").slice(0, 200), skipInvalid: false, kind: "iccd" },
          { mediaStore: context.mediaDir, address: address(context) },
        );
        return redirect(`${localizePath("/console", locale)}?job=${id}`);
      }
      if (!/\.(ndjson|jsonl|json)$/i.test(file.name)) return data<ActionResult>({ error: "console.error.fileType" }, { status: 400 });
      const stored = keepImportUpload(new Uint8Array(await file.arrayBuffer()));
      const id = await startImport(
        ctx,
        { file: stored, source: file.name.replace(/^.*[\\/]/, "").slice(0, 200), skipInvalid: form.get("skipInvalid") === "on" },
        { mediaStore: context.mediaDir, address: address(context) },
      );
      return redirect(`${localizePath("/console", locale)}?job=${id}`);
    }
    const form = await request.formData();
    const intent = form.get("intent");
    if (intent === "importStaged") {
      const staged = String(form.get("staged") ?? "");
      try {
        const id = await importStagedIccd(ctx, staged, { mediaStore: context.mediaDir, address: address(context) });
        return redirect(`${localizePath("/console", locale)}?job=${id}`);
      } catch (err) {
        if (err instanceof ConsoleError && err.code === "notIccd")
          return data<ActionResult>({ error: "console.error.notIccd", staged }, { status: 400 });
        throw err;
      }
    }
    if (intent === "discard") {
      // attaching has its own page (/console/buca/{id}, decision 092)
      await deleteStaged(ctx, String(form.get("staged") ?? ""), { address: address(context) });
      return redirect(`${localizePath("/console", locale)}?notice=discarded#staging`);
    }
    const id =
      intent === "reindex"
        ? await startReindex(ctx, { address: address(context) })
        : intent === "vacuum"
          ? await startVacuum(ctx, { address: address(context) })
          : intent === "rederive"
            ? await startRederive(ctx, { mediaStore: context.mediaDir, address: address(context) })
            : null;
    if (id === null) return data<ActionResult>({ error: "console.error.invalid" }, { status: 400 });
    return redirect(`${localizePath("/console", locale)}?job=${id}`);
  } catch (err) {
    if (err instanceof ConsoleError && err.code === "busy") return data<ActionResult>({ error: "console.error.busy" }, { status: 409 });
    // a staged file gone meanwhile: said on the page; any other refusal is the route guard's 404 page
    if (isRefusal(err) && err.messageKey === "console.error.stagedGone")
      return data<ActionResult>({ error: "console.error.stagedGone" }, { status: 404 });
    throw err;
  }
}

export default function Console({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { overview, jobs, current, staged, audit, csrf, notice, givenTags, unknownTags, iccdThesauri } = loaderData;
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const running = jobs.some((j) => j.state === "running");
  const tables = [...new Set(overview.counts.map((c) => c.table))];
  const total = overview.counts.reduce((n, c) => n + c.n, 0);
  const nf = new Intl.NumberFormat(LOCALE_TAGS[locale]);
  const cell = (table: string, access: number) => overview.counts.find((c) => c.table === table && c.access === access)?.n ?? 0;
  return (
    <div className="admin-page">
      <h1>{t("console.title")}</h1>
      <p className="admin-page__lead">{t("console.lead")}</p>
      <nav aria-label={t("console.sections")} className="admin-toc">
        <ul>
          <li>
            <a href="#catalogue">{t("console.catalogue")}</a>
          </li>
          <li>
            <a href="#jobs">{t("console.jobs")}</a>
          </li>
          <li>
            <a href="#server">{t("console.server")}</a>
          </li>
          <li>
            <Link to={localizePath("/console/pages", locale)}>{t("pages.admin.title")}</Link>
          </li>
          <li>
            <a href="#staging">{t("console.staging")}</a>
          </li>
          <li>
            <a href="#audit">{t("console.audit")}</a>
          </li>
          <li>
            <Link to={localizePath("/styleguide", locale)}>{t("styleguide.title")}</Link>
          </li>
        </ul>
      </nav>

      {notice && !actionData ? (
        <p className="admin-alert admin-alert--ok" role="status">
          {t(notice)}
          {givenTags > 0 ? ` ${t("console.notice.tagsGiven", { count: givenTags })}` : ""}
          {unknownTags ? ` ${t("console.notice.tagsUnknown", { tags: unknownTags })}` : ""}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {t(actionData.error)}
        </p>
      ) : null}

      {current ? <JobProgress key={current.id} job={current} /> : null}

      <section aria-labelledby="catalogue" className="admin-section">
        <h2 id="catalogue">{t("console.catalogue")}</h2>
        {tables.length === 0 ? (
          <p>{t("console.emptyCatalogue")}</p>
        ) : (
          <div className="admin-table">
            <table className="stack-table">
              <caption>{t("console.countsCaption", { total: nf.format(total) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("console.table")}</th>
                  <th scope="col">{t("console.access1")}</th>
                  <th scope="col">{t("console.access2")}</th>
                  <th scope="col">{t("console.access3")}</th>
                </tr>
              </thead>
              <tbody>
                {tables.map((table) => (
                  <tr key={table}>
                    <th scope="row">
                      {t(`table.${table}` as MessageKey)} <code className="admin-hint">{table}</code>
                    </th>
                    {[1, 2, 3].map((a) => (
                      <td key={a} className="admin-num" data-label={t(`console.access${a}` as MessageKey)}>
                        {nf.format(cell(table, a))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="jobs" className="admin-section">
        <h2 id="jobs">{t("console.jobs")}</h2>
        <div className="admin-actions">
          <Form method="post" encType="multipart/form-data" className="admin-card">
            <h3>{t("console.import.title")}</h3>
            <p className="admin-hint">{t("console.import.hint")}</p>
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="intent" value="import" />
            <label className="admin-field">
              <span>{t("console.import.file")}</span>
              <input type="file" name="file" accept=".ndjson,.jsonl,.json,application/x-ndjson" required />
            </label>
            <label className="admin-check">
              <input type="checkbox" name="skipInvalid" /> {t("console.import.skipInvalid")}
            </label>
            <button type="submit" className="button button--primary" disabled={busy || running}>
              {t("console.import.start")}
            </button>
          </Form>
          <Form method="post" encType="multipart/form-data" className="admin-card">
            <h3>{t("console.iccd.title")}</h3>
            <p className="admin-hint">
              {t("console.iccd.hint")} {t(iccdThesauri ? "console.iccd.thesauri" : "console.iccd.noThesauri")}
            </p>
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="intent" value="iccd" />
            <label className="admin-field">
              <span>{t("console.iccd.file")}</span>
              <input type="file" name="file" accept=".xml,application/xml,text/xml" required />
            </label>
            <button type="submit" className="button button--primary" disabled={busy || running}>
              {t("console.iccd.start")}
            </button>
          </Form>
          <Form method="post" className="admin-card">
            <h3>{t("console.reindex.title")}</h3>
            <p className="admin-hint">{t("console.reindex.hint")}</p>
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" name="intent" value="reindex" className="button" disabled={busy || running}>
              {t("console.reindex.start")}
            </button>
          </Form>
          <Form method="post" className="admin-card">
            <h3>{t("console.vacuum.title")}</h3>
            <p className="admin-hint">{t("console.vacuum.hint")}</p>
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" name="intent" value="vacuum" className="button" disabled={busy || running}>
              {t("console.vacuum.start")}
            </button>
          </Form>
          <Form method="post" className="admin-card">
            <h3>{t("console.rederive.title")}</h3>
            <p className="admin-hint">{t("console.rederive.hint")}</p>
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" name="intent" value="rederive" className="button" disabled={busy || running}>
              {t("console.rederive.start")}
            </button>
          </Form>
        </div>
        {running ? <p className="admin-hint">{t("console.oneAtATime")}</p> : null}

        <h3>{t("console.jobList")}</h3>
        {jobs.length === 0 ? (
          <p>{t("console.noJobs")}</p>
        ) : (
          <div className="admin-table">
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">{t("console.job")}</th>
                  <th scope="col">{t("console.state")}</th>
                  <th scope="col">{t("console.started")}</th>
                  <th scope="col">{t("console.by")}</th>
                  <th scope="col">{t("console.report")}</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((j) => (
                  <tr key={j.id}>
                    <th scope="row">
                      <Link to={`${localizePath("/console", locale)}?job=${j.id}`}>
                        {t(`console.kind.${j.kind}` as MessageKey)} #{j.id}
                      </Link>
                      {j.source ? <div className="admin-hint">{j.source}</div> : null}
                    </th>
                    <td data-label={t("console.state")}>
                      <span className={`badge badge--${j.state}`}>{t(`console.state.${j.state}` as MessageKey)}</span>
                    </td>
                    <td data-label={t("console.started")}>
                      <time dateTime={j.startedAt.iso}>{j.startedAt.text}</time>
                    </td>
                    <td data-label={t("console.by")}>{j.actorEmail ?? "—"}</td>
                    <td data-label={t("console.report")}>{summary(t, j)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <h3>{t("console.loads")}</h3>
        {overview.loads.length === 0 ? (
          <p>{t("console.noLoads")}</p>
        ) : (
          <div className="admin-table">
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">{t("console.load")}</th>
                  <th scope="col">{t("console.state")}</th>
                  <th scope="col">{t("console.records")}</th>
                  <th scope="col">{t("console.started")}</th>
                  <th scope="col">{t("console.finished")}</th>
                </tr>
              </thead>
              <tbody>
                {overview.loads.map((l) => (
                  <tr key={l.id}>
                    <th scope="row">
                      {l.kind} #{l.id} <span className="admin-hint">{l.source}</span>
                    </th>
                    <td data-label={t("console.state")}>
                      <span className={`badge badge--${l.state}`}>{t(`console.state.${l.state}` as MessageKey)}</span>
                    </td>
                    <td className="admin-num" data-label={t("console.records")}>
                      {l.records === null ? "—" : nf.format(l.records)}
                    </td>
                    <td data-label={t("console.started")}>
                      <time dateTime={l.startedAt.iso}>{l.startedAt.text}</time>
                    </td>
                    <td data-label={t("console.finished")}>
                      {l.finishedAt ? <time dateTime={l.finishedAt.iso}>{l.finishedAt.text}</time> : "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="server" className="admin-section">
        <h2 id="server">{t("console.server")}</h2>
        <dl className="admin-facts">
          <div>
            <dt>{t("console.dbKind")}</dt>
            <dd>
              {overview.database.kind === "pglite" ? t("console.dbPglite") : t("console.dbPostgres")} {overview.database.version}
            </dd>
          </div>
          <div>
            <dt>{t("console.dbSize")}</dt>
            <dd>{formatBytes(overview.database.bytes, locale)}</dd>
          </div>
          <div>
            <dt>{t("console.mediaSize")}</dt>
            <dd>
              {overview.media.truncated
                ? t("console.atLeast", { size: formatBytes(overview.media.bytes, locale) })
                : formatBytes(overview.media.bytes, locale)}{" "}
              · {t("console.files", { count: overview.media.files })}
            </dd>
          </div>
          <div>
            <dt>{t("console.health")}</dt>
            <dd>
              <span className={`badge badge--${overview.health.database ? "complete" : "failed"}`}>
                {overview.health.database ? t("console.healthy") : t("console.unhealthy")}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t("console.uptime")}</dt>
            <dd>
              {t("console.uptimeValue", {
                hours: Math.floor(overview.health.uptimeSeconds / 3600),
                minutes: Math.floor((overview.health.uptimeSeconds % 3600) / 60),
              })}
            </dd>
          </div>
          <div>
            <dt>{t("console.memory")}</dt>
            <dd>{formatBytes(overview.health.rssBytes, locale)}</dd>
          </div>
          <div>
            <dt>{t("console.node")}</dt>
            <dd>
              {overview.health.node} · pid {overview.health.pid}
            </dd>
          </div>
          <div>
            <dt>{t("console.interrupted")}</dt>
            <dd>{nf.format(overview.health.interruptedLoads)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="staging" className="admin-section">
        <h2 id="staging">{t("console.staging")}</h2>
        <p>
          {t("console.stagingSummary", { count: staged.total, size: formatBytes(staged.bytes, locale) })}{" "}
          <Link to={localizePath("/buca", locale)}>{t("dropbox.title")}</Link>
        </p>
        {staged.items.length === 0 ? (
          <p>{t("console.stagingEmpty")}</p>
        ) : (
          <div className="admin-table">
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">{t("console.fileName")}</th>
                  <th scope="col">{t("console.fileType")}</th>
                  <th scope="col">{t("console.fileSize")}</th>
                  <th scope="col">{t("dropbox.target")}</th>
                  <th scope="col">{t("dropbox.tags")}</th>
                  <th scope="col">{t("console.by")}</th>
                  <th scope="col">{t("console.uploaded")}</th>
                  <th scope="col">{t("console.stagingActions")}</th>
                </tr>
              </thead>
              <tbody>
                {staged.items.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">
                      <a href={`/api/auth/backend/buca/${s.id}`} download>
                        {s.originalName}
                      </a>
                    </th>
                    <td data-label={t("console.fileType")}>
                      {t(`dropbox.kind.${s.kind}` as MessageKey)} · {s.ext}
                    </td>
                    <td className="admin-num" data-label={t("console.fileSize")}>
                      {formatBytes(s.size, locale)}
                    </td>
                    <td data-label={t("dropbox.target")}>
                      <TargetText target={s.targetView} />
                    </td>
                    <td data-label={t("dropbox.tags")}>{s.tags.length ? s.tags.join(", ") : "—"}</td>
                    <td data-label={t("console.by")}>{s.uploaderEmail ?? "—"}</td>
                    <td data-label={t("console.uploaded")}>
                      <time dateTime={s.createdAt.iso}>{s.createdAt.text}</time>
                    </td>
                    <td data-label={t("console.stagingActions")}>
                      <div className="admin-row-form">
                        <Link
                          to={localizePath(`/console/buca/${s.id}`, locale)}
                          className="button button--small"
                          aria-label={t("console.attachLabel", { file: s.originalName })}
                        >
                          {t("console.attach")}
                        </Link>
                      </div>
                      {s.ext === "xml" && (
                        <Form method="post" className="admin-row-form">
                          <input type="hidden" name="csrf" value={csrf} />
                          <input type="hidden" name="staged" value={s.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="importStaged"
                            className="button button--small"
                            disabled={running}
                            aria-label={t("console.importStagedLabel", { file: s.originalName })}
                          >
                            {t("console.importStaged")}
                          </button>
                        </Form>
                      )}
                      <details className="admin-discard">
                        <summary>
                          {t("console.discard")} <span className="visually-hidden">{s.originalName}</span>
                        </summary>
                        <Form method="post">
                          <input type="hidden" name="csrf" value={csrf} />
                          <input type="hidden" name="staged" value={s.id} />
                          <button type="submit" name="intent" value="discard" className="button button--small">
                            {t("console.discardConfirm", { file: s.originalName })}
                          </button>
                        </Form>
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {staged.pending.length ? (
          <>
            <h3 id="staging-pending">{t("console.pending")}</h3>
            <p className="admin-hint">{t("console.pendingHint")}</p>
            <div className="admin-table">
              <table className="stack-table" aria-labelledby="staging-pending">
                <thead>
                  <tr>
                    <th scope="col">{t("console.fileName")}</th>
                    <th scope="col">{t("console.attach.record")}</th>
                    <th scope="col">{t("console.attachedAt")}</th>
                    <th scope="col">{t("console.stagingActions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {staged.pending.map((s) => (
                    <tr key={s.id}>
                      <th scope="row">{s.originalName}</th>
                      <td data-label={t("console.attach.record")}>
                        <TargetText target={s.targetView} />
                      </td>
                      <td data-label={t("console.attachedAt")}>
                        {s.attachedAt ? <time dateTime={s.attachedAt.iso}>{s.attachedAt.text}</time> : "—"}
                      </td>
                      <td data-label={t("console.stagingActions")}>
                        <Link
                          to={`${localizePath(`/console/buca/${s.id}`, locale)}#preview`}
                          aria-label={t("console.reviewLabel", { file: s.originalName })}
                        >
                          {t("console.review")}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </section>

      <section aria-labelledby="audit" className="admin-section">
        <h2 id="audit">{t("console.audit")}</h2>
        {audit === null ? (
          <p>{t("console.auditUnavailable")}</p>
        ) : audit.length === 0 ? (
          <p>{t("console.auditEmpty")}</p>
        ) : (
          <div className="admin-table">
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">{t("console.when")}</th>
                  <th scope="col">{t("console.event")}</th>
                  <th scope="col">{t("console.by")}</th>
                  <th scope="col">{t("console.subject")}</th>
                </tr>
              </thead>
              <tbody>
                {audit.map((a) => (
                  <tr key={a.id}>
                    <td data-label={t("console.when")}>
                      <time dateTime={a.at.iso}>{a.at.text}</time>
                    </td>
                    <td data-label={t("console.event")}>{auditEventLabel(t, a.event)}</td>
                    <td data-label={t("console.by")}>{a.actorEmail ?? a.address ?? "—"}</td>
                    <td data-label={t("console.subject")}>{a.subjectEmail ?? a.email ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p>
          <Link to={`${localizePath("/settings/users", locale)}?tab=audit`}>{t("console.auditAll")}</Link>
        </p>
      </section>
    </div>
  );
}

/** What a staged file is meant for, as staff read it: a record's title, type and inventory number, or a section. */
function TargetText({ target }: { target: StagedFile["targetView"] }) {
  const { t, locale } = useI18n();
  if (!target) return <>—</>;
  const r = target.record;
  if (!r) return <>{t(`table.${target.table}` as MessageKey)}</>;
  return (
    <>
      <Link to={localizePath(r.link, locale)}>{r.title}</Link>
      <div className="admin-hint">
        {[r.type ?? t(`table.${r.table}` as MessageKey), r.numero ? t("dropbox.numero", { numero: r.numero }) : null]
          .filter(Boolean)
          .join(" · ")}
      </div>
    </>
  );
}

function summary(t: ReturnType<typeof useI18n>["t"], j: JobView): string {
  const r = j.report as Record<string, unknown>;
  if (j.state === "running") return stepText(t, j);
  if (typeof r.error === "string") return t("console.report.error");
  if (j.kind === "import" || j.kind === "iccd") {
    if (r.failed) return t("console.report.importFailed");
    if (Number(r.rejectedCount) && !r.skipInvalid) return t("console.report.importRejected", { count: Number(r.rejectedCount) });
    return t("console.report.imported", { count: Number(r.imported ?? 0), rejected: Number(r.rejectedCount ?? 0) });
  }
  if (j.kind === "reindex") return t("console.report.reindexed", { count: Number(r.records ?? 0) });
  if (j.kind === "rederive") return t("console.report.rederived", { count: Number(r.derived ?? 0), missing: Number(r.missingCount ?? 0) });
  if (j.kind === "vacuum") return t("console.report.vacuumed", { seconds: Number(r.seconds ?? 0) });
  return "—";
}
