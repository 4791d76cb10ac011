import { compactDiff, diffValues, type DiffLine } from "./diff";

/**
 * What changed between two versions of a structured value, field by field (issue 31 §4): each leaf whose
 * value differs, with its path (object keys and 0-based list positions) and both values. A long or
 * multi-line text (a page's body, a section's HTML, a stylesheet) also carries its changed lines, so the
 * history shows those rather than two whole texts. The history names the fields (app/components/revision-labels.ts).
 */
export type FieldPath = (string | number)[];
export type FieldChange = { path: FieldPath; before: unknown; after: unknown; lines?: (DiffLine | null)[] };

/** A text longer than this, or with a line break, is compared line by line. */
const LONG_TEXT = 160;

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => v !== null && typeof v === "object";
const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === "" || (isContainer(v) && (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0));
const isLong = (v: unknown) => typeof v === "string" && (v.length > LONG_TEXT || /\r?\n/.test(v));

/** The fields that differ from `before` to `after`, in the order they appear (removed ones where they were). */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  const walk = (a: unknown, b: unknown, path: FieldPath) => {
    if (isContainer(a) || isContainer(b)) {
      // an empty list or object on one side is "nothing" there: its other side's fields are added or removed
      const ca = isContainer(a) ? a : undefined;
      const cb = isContainer(b) ? b : undefined;
      const sameKind = !ca || !cb || Array.isArray(ca) === Array.isArray(cb);
      if (sameKind && (ca || isEmpty(a)) && (cb || isEmpty(b))) {
        if (Array.isArray(ca ?? cb)) {
          const la = (ca as unknown[] | undefined) ?? [];
          const lb = (cb as unknown[] | undefined) ?? [];
          for (let i = 0; i < Math.max(la.length, lb.length); i++) walk(la[i], lb[i], [...path, i]);
        } else {
          const oa = (ca as Record<string, unknown> | undefined) ?? {};
          const ob = (cb as Record<string, unknown> | undefined) ?? {};
          const keys = [...Object.keys(ob), ...Object.keys(oa).filter((k) => !(k in ob))];
          for (const k of keys) walk(oa[k], ob[k], [...path, k]);
        }
        return;
      }
    }
    if (same(a, b)) return;
    const change: FieldChange = { path, before: a, after: b };
    if (isLong(a) || isLong(b)) change.lines = compactDiff(diffValues(a, b));
    out.push(change);
  };
  walk(before, after, []);
  return out;
}

function same(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}
