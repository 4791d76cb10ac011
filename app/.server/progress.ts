import cliProgress from "cli-progress";
import type { Logger } from "./logger";

/** Progress of a long step (an import, the demo load): a bar with records/s and ETA on a terminal, log lines otherwise. */
export type Progress = {
  /** Starts (or restarts) a counted phase (of records, unless another unit is named). */
  start(label: string, total: number, unit?: string): void;
  update(done: number): void;
  stop(): void;
};

/** How often a log line reports progress when not on a terminal (PROGRESS_INTERVAL_MS; 0: every update). */
const PLAIN_EVERY_MS = Number(process.env.PROGRESS_INTERVAL_MS ?? 5000);

/**
 * A bar on stderr when it is a terminal, else one structured log line per few seconds (and one at the end
 * of each phase), so that a container's log shows the import moving without a line per batch.
 */
export function createProgress(logger: Pick<Logger, "info">, opts: { tty?: boolean; unit?: string } = {}): Progress {
  const tty = opts.tty ?? Boolean(process.stderr.isTTY);
  let unit = opts.unit ?? "records";
  let bar: cliProgress.SingleBar | undefined;
  let label = "";
  let total = 0;
  let done = 0;
  let t0 = 0;
  let lastLine = 0;
  const rate = () => {
    const s = (performance.now() - t0) / 1000;
    return s > 0 ? Math.round(done / s) : 0;
  };
  const line = (final: boolean) => {
    const r = rate();
    const eta = r > 0 && !final ? Math.round((total - done) / r) : 0;
    logger.info(
      { step: label, done, total, [`${unit}PerSecond`]: r, ...(final ? {} : { etaSeconds: eta }) },
      final ? `${label}: ${done} ${unit}, ${r}/s` : `${label}: ${done}/${total} ${unit}, ${r}/s, ETA ${eta} s`,
    );
  };
  const finish = () => {
    if (!label) return;
    if (bar) {
      bar.update(done, { rate: rate() });
      bar.stop();
      bar = undefined;
    } else line(true);
    label = "";
  };
  return {
    start(l, n, u) {
      finish();
      label = l;
      unit = u ?? opts.unit ?? "records";
      total = n;
      done = 0;
      t0 = lastLine = performance.now();
      if (tty) {
        bar = new cliProgress.SingleBar(
          {
            format: `${l.padEnd(22)} [{bar}] {percentage}% | {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted}`,
            hideCursor: true,
            stream: process.stderr,
            etaBuffer: 50,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(n, 0, { rate: 0 });
      }
    },
    update(d) {
      done = d;
      if (bar) bar.update(d, { rate: rate() });
      else if (performance.now() - lastLine >= PLAIN_EVERY_MS) {
        lastLine = performance.now();
        line(false);
      }
    },
    stop: finish,
  };
}

/**
 * An import's progress as the command-line tools show it: a bar (or log lines) over the records, closed when
 * the import turns to the search documents, which it then names. Spread into importFile's options; call
 * `stop()` when the import returns.
 */
export function importProgress(logger: Pick<Logger, "info">) {
  const progress = createProgress(logger);
  let started = false;
  return {
    onProgress(done: number, total: number) {
      if (!started) progress.start("Importing", total);
      started = true;
      progress.update(done);
    },
    onStep(step: string) {
      if (step === "linking") {
        progress.stop();
        logger.info("Building the search documents");
      }
    },
    stop: () => progress.stop(),
  };
}
