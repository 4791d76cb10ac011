/**
 * A readable difference between two versions of a setting: each value is written as lines (a text's own
 * lines; an object's or a list's leaves as `path: value`), then the lines are compared (longest common
 * subsequence). Enough for a title, a menu, a colour set or a stylesheet of a few hundred lines.
 */
export type DiffLine = { op: "same" | "add" | "del"; text: string };

const MAX_LINES = 1_500;

/** The value as lines: strings split on newlines, objects and lists flattened to `path: value`. */
export function valueLines(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === "string") return value.split(/\r?\n/);
  if (typeof value !== "object") return [String(value)];
  const out: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (v !== null && typeof v === "object") {
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i + 1), x] as const) : Object.entries(v as Record<string, unknown>);
      if (!entries.length) out.push(`${path}: ${Array.isArray(v) ? "[]" : "{}"}`);
      for (const [k, x] of entries) walk(x, path ? `${path}.${k}` : k);
      return;
    }
    const text = typeof v === "string" ? v.replace(/\r?\n/g, " ⏎ ") : String(v);
    out.push(path ? `${path}: ${text}` : text);
  };
  walk(value, "");
  return out;
}

/** Line differences from `before` to `after` (unchanged lines kept, so the changes read in context). */
export function diffValues(before: unknown, after: unknown): DiffLine[] {
  const a = valueLines(before).slice(0, MAX_LINES);
  const b = valueLines(after).slice(0, MAX_LINES);
  const n = a.length;
  const m = b.length;
  // LCS table, row by row from the end
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: "same", text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ op: "del", text: a[i++]! });
    else out.push({ op: "add", text: b[j++]! });
  }
  while (i < n) out.push({ op: "del", text: a[i++]! });
  while (j < m) out.push({ op: "add", text: b[j++]! });
  return out;
}

/** Only the changed lines with up to `context` unchanged ones around them; `null` marks a gap. */
export function compactDiff(lines: DiffLine[], context = 2): (DiffLine | null)[] {
  const keep = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.op === "same") return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true;
  });
  const out: (DiffLine | null)[] = [];
  lines.forEach((l, i) => {
    if (keep[i]) out.push(l);
    else if (out.length && out[out.length - 1] !== null) out.push(null);
  });
  if (out[out.length - 1] === null) out.pop();
  return out;
}
