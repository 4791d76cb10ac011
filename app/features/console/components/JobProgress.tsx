import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useI18n } from "~/i18n/context";
import type { MessageKey, Translate } from "~/i18n";
import { apiFetch } from "~/lib/api-fetch";

export type JobView = {
  id: number;
  kind: "import" | "iccd" | "reindex" | "vacuum" | "rederive";
  state: "running" | "complete" | "failed" | "interrupted";
  source: string;
  step: string;
  done: number;
  total: number;
  report: Record<string, unknown>;
  actorEmail: string | null;
  startedAt: { iso: string; text: string };
  finishedAt: { iso: string; text: string } | null;
};

const STEPS = ["queued", "validating", "writing", "linking", "analysing", "done", "reindexing", "vacuum", "rederiving"];

export function stepText(t: Translate, j: Pick<JobView, "step" | "done" | "total">): string {
  const step = STEPS.includes(j.step) ? t(`console.step.${j.step}` as MessageKey) : j.step;
  return j.total > 0 ? t("console.progress.step", { step, done: j.done, total: j.total }) : step;
}

/**
 * A console job as it runs: the server's progress (polled once a second from
 * /api/auth/backend/console/jobs/:id while it runs), then its report. The page's data is reloaded when it
 * ends, so the counts and lists show what the job changed.
 */
export function JobProgress({ job: initial }: { job: JobView }) {
  const { t } = useI18n();
  const [job, setJob] = useState(initial);
  const [lost, setLost] = useState(false);
  const revalidator = useRevalidator();
  useEffect(() => setJob(initial), [initial]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: job is the trigger (each answer schedules the next poll); the revalidator is a new object at every render and would poll at every render
  useEffect(() => {
    if (job.state !== "running") return;
    let stop = false;
    const timer = setTimeout(async () => {
      try {
        const res = await apiFetch(`/api/auth/backend/console/jobs/${job.id}`);
        if (!res.ok) throw new Error(String(res.status));
        const next = (await res.json()) as JobView;
        if (stop) return;
        setLost(false);
        setJob((j) => ({ ...j, ...next, startedAt: j.startedAt, finishedAt: j.finishedAt }));
        if (next.state !== "running") void revalidator.revalidate();
      } catch {
        if (!stop) {
          setLost(true);
          setJob((j) => ({ ...j }));
        }
      }
    }, 1000);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [job]);

  const r = job.report as {
    imported?: number;
    rejectedCount?: number;
    rejected?: { line: number; reason: string }[];
    failed?: { batch: number; firstLine: number; reason: string } | null;
    seconds?: number;
    records?: number;
    bytesBefore?: number;
    bytesAfter?: number;
    error?: string;
    skipInvalid?: boolean;
    derived?: number;
    missingCount?: number;
    missing?: string[];
    failedCount?: number;
    failedMedia?: { id: number; reason: string }[];
  };
  const title = `${t(`console.kind.${job.kind}` as MessageKey)} #${job.id}${job.source ? ` · ${job.source}` : ""}`;
  return (
    <section className={`admin-job admin-job--${job.state}`} aria-labelledby={`job-${job.id}`}>
      <h2 id={`job-${job.id}`}>{title}</h2>
      <p role="status" aria-live="polite" className="admin-job__state">
        <span className={`badge badge--${job.state}`}>{t(`console.state.${job.state}` as MessageKey)}</span>{" "}
        {job.state === "running" ? stepText(t, job) : null}
      </p>
      {job.state === "running" ? (
        <>
          <progress
            className="admin-job__bar"
            aria-label={t("console.progress.label")}
            {...(job.total > 0 ? { max: job.total, value: job.done } : {})}
          />
          <p className="admin-hint">{t("console.progress.leave")}</p>
          {lost ? <p className="admin-hint">{t("console.progress.lost")}</p> : null}
        </>
      ) : null}
      {job.state !== "running" ? (
        <div className="admin-job__report">
          <h3>{t("console.report")}</h3>
          {r.error ? (
            <p>
              {t("console.report.error")}: <code>{r.error}</code>
            </p>
          ) : null}
          {(job.kind === "import" || job.kind === "iccd") && !r.error ? (
            <ul>
              <li>{t("console.report.importedCount", { count: r.imported ?? 0 })}</li>
              <li>{t("console.report.rejectedCount", { count: r.rejectedCount ?? 0 })}</li>
              {r.failed ? <li>{t("console.report.batchFailed", { line: r.failed.firstLine, reason: r.failed.reason })}</li> : null}
              {r.rejectedCount && !r.skipInvalid ? <li>{t("console.report.nothingWritten")}</li> : null}
              {typeof r.seconds === "number" ? <li>{t("console.report.seconds", { seconds: r.seconds })}</li> : null}
            </ul>
          ) : null}
          {(job.kind === "import" || job.kind === "iccd") && r.rejected?.length ? (
            <details>
              <summary>{t("console.report.rejectedLines")}</summary>
              <ul className="admin-job__lines">
                {r.rejected.map((x) => (
                  <li key={x.line}>
                    {t("console.report.line", { line: x.line })}: {x.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {job.kind === "reindex" && !r.error ? <p>{t("console.report.reindexed", { count: r.records ?? 0 })}</p> : null}
          {job.kind === "rederive" && !r.error ? (
            <>
              <p>{t("console.report.rederived", { count: r.derived ?? 0, missing: r.missingCount ?? 0 })}</p>
              {r.failedCount ? <p>{t("console.report.rederiveFailed", { count: r.failedCount })}</p> : null}
              {r.missing?.length || r.failedMedia?.length ? (
                <details>
                  <summary>{t("console.report.rederiveDetails")}</summary>
                  <ul className="admin-job__lines">
                    {(r.missing ?? []).map((m) => (
                      <li key={`m-${m}`}>
                        <code>{m}</code>
                      </li>
                    ))}
                    {(r.failedMedia ?? []).map((f) => (
                      <li key={`f-${f.id}`}>
                        #{f.id}: {f.reason}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </>
          ) : null}
          {job.kind === "vacuum" && !r.error ? <p>{t("console.report.vacuumed", { seconds: r.seconds ?? 0 })}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
