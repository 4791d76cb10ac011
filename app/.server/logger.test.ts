import { describe, expect, it } from "vitest";
import { prettyLine } from "./logger";
import { createProgress } from "./progress";

describe("the log's terminal form", () => {
  it("shows time, level, message and fields on one line, an error's stack below", () => {
    const time = new Date(2026, 10, 23, 12, 3, 4).getTime();
    const line = prettyLine(JSON.stringify({ level: 30, time, app: "teca", url: "http://x", n: 3, msg: "Teca is listening" }), false);
    expect(line).toBe("12:03:04 INFO  Teca is listening  url=http://x n=3\n");
    const err = prettyLine(
      JSON.stringify({ level: 50, time, msg: "failed", err: { message: "boom", stack: "Error: boom\n    at x" } }),
      false,
    );
    expect(err).toBe("12:03:04 ERROR failed\nError: boom\n    at x\n");
    expect(prettyLine("not json", false)).toBe("not json");
  });
});

describe("progress off a terminal", () => {
  it("logs structured lines with the rate and the ETA, and one at the end of each phase", () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const progress = createProgress(
      { info: (obj: object, msg?: string) => void lines.push({ obj: obj as Record<string, unknown>, msg: msg ?? "" }) } as never,
      { tty: false },
    );
    progress.start("Importing", 100);
    progress.update(40);
    progress.start("Drawing", 10, "images");
    progress.update(10);
    progress.stop();
    progress.stop(); // once
    expect(lines.map((l) => [l.obj.step, l.obj.done, l.obj.total])).toEqual([
      ["Importing", 40, 100],
      ["Drawing", 10, 10],
    ]);
    expect(lines[0]!.msg).toMatch(/^Importing: 40 records, \d+\/s$/);
    expect(lines[1]!.obj).toHaveProperty("imagesPerSecond");
  });
});
