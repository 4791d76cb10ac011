import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The access policy lives in app/.server/access/ (decision 087): no other module of the app writes an access
 * literal, an ownership predicate or a capability check of its own. It uses this folder's fragments and checks
 * (recordVisible, publicRecord, ownedBy, isOwner, requireCapability, can, levelHas…). Nor a refusal of its own:
 * what the viewer may not see or do is thrown as the one `Refusal` (404 or 403), never as a feature's error
 * class with a "notFound" or "forbidden" code that routes translate back.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const app = path.resolve(here, "../..");

/** What only this folder may write, each with why. */
const RULES: { name: string; pattern: RegExp; allowed?: string[] }[] = [
  { name: "an ownership predicate in SQL (ownedBy)", pattern: /\bowner_id\s*=(?!\s*excluded\.)/ },
  { name: "a record access level in SQL (recordVisible, publicRecord)", pattern: /\baccess\s*=\s*(\d|any\b)/ },
  { name: "a record access level compared in code (publicImage, recordVisible)", pattern: /\.access\s*[!=]==?\s*\d/ },
  { name: "an owner compared in code (isOwner)", pattern: /viewer\.userId\s*[!=]==?|[!=]==?\s*[\w.]*viewer\.userId\b/ },
  {
    name: "a capability check (requireCapability, can, levelHas, levelCarries)",
    pattern: /\bhasCapability\s*\(/,
    // the bit arithmetic itself, and the browser's list of a role's capabilities (it hides controls)
    allowed: ["lib/capabilities.ts", "features/accounts/roles.ts"],
  },
  {
    name: 'an error class with a "notFound" or "forbidden" code (a Refusal: notFoundForViewer(), new Refusal(403, key))',
    pattern: new RegExp(
      [
        // thrown: new SomethingError("notFound" …)
        /new \w*Error\(\s*["'](notFound|forbidden)["']/.source,
        // translated back: err.code === "notFound"
        /\.code\s*[!=]==?\s*["'](notFound|forbidden)["']|["'](notFound|forbidden)["']\s*[!=]==?\s*[\w.]*\.code\b/.source,
        // declared: type SomethingErrorCode = "notFound" | …, or one member of such a union per line
        /ErrorCode\b.*["'](notFound|forbidden)["']|^\s*\|\s*["'](notFound|forbidden)["']/.source,
      ].join("|"),
    ),
  },
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === here ? [] : sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("the access policy stays in app/.server/access/", () => {
  const files = sources(app).map((file) => ({
    rel: path.relative(app, file).split(path.sep).join("/"),
    text: fs.readFileSync(file, "utf8"),
  }));

  it("reads the app's sources", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.rel.startsWith(".server/access/"))).toBe(false);
  });

  for (const rule of RULES) {
    it(`nothing outside it writes ${rule.name}`, () => {
      const found = files.flatMap(({ rel, text }) =>
        rule.allowed?.includes(rel)
          ? []
          : text.split("\n").flatMap((line, i) => (rule.pattern.test(line) ? [`app/${rel}:${i + 1}: ${line.trim()}`] : [])),
      );
      expect(found).toEqual([]);
    });
  }

  it("catches what it is meant to catch", () => {
    const hits = (line: string) => RULES.filter((r) => r.pattern.test(line)).map((r) => r.name);
    expect(hits(`where m.owner_id = \${owner}::uuid`)).toHaveLength(1);
    expect(hits("and root.access = 1 and")).toHaveLength(1);
    expect(hits(`r.access = any(\${levels})`)).toHaveLength(1);
    expect(hits("record.access === 1 ? a : b")).toHaveLength(1);
    expect(hits('viewer.kind === "user" && viewer.userId === row.owner_id')).toHaveLength(1);
    expect(hits('hasCapability(viewer.level, "ADMIN", capabilities())')).toHaveLength(1);
    expect(hits("insert into uploads (owner_id, stored_name)")).toEqual([]);
    expect(hits("join users o on o.id = c.owner_id")).toEqual([]);
    expect(hits('throw new WorkspaceError("notFound", "error.notFound")')).toHaveLength(1);
    expect(hits('if (err instanceof UsersError && err.code === "forbidden") throw err;')).toHaveLength(1);
    expect(hits('export type DropboxErrorCode = "limits" | "type" | "notFound";')).toHaveLength(1);
    expect(hits('  | "forbidden"')).toHaveLength(1);
    // a result's status, a JSON answer's reason: not an error class
    expect(hits('  | { status: "notFound" }')).toEqual([]);
    expect(hits('return fail(err.status, message, err.status === 404 ? "notFound" : "forbidden");')).toEqual([]);
  });
});
