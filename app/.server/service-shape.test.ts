import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * One service shape, one HTTP adapter file per feature (decision 090). A service, an exported function of a
 * feature's `*.server.ts`, takes its context first (`ctx: ServiceContext`, or a `Pick` of it): never a bare
 * database, never the request or its load context. HTTP glue (a function taking the request or the load context
 * and answering a Response) lives in the feature's `http.server.ts` only. Read from the sources' syntax (the
 * TypeScript parser, no type checking): fast, no database.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const features = path.resolve(here, "../features");

/** The file of a feature's HTTP adapter: `app/features/<feature>/http.server.ts`. */
const ADAPTER = /^[\w-]+\/http\.server\.ts$/;

/** Exempt from the service shape (not services), each with why: `file#function`, the file under app/features. */
const EXEMPT: Record<string, string> = {
  "search/facets.server.ts#facetsOnce": "a cache keyed by the database object's identity",
  "search/facets.server.ts#facetsKnown": "a cache keyed by the database object's identity",
  "search/facets.server.ts#clearFacetCache": "a cache keyed by the database object's identity (registerCache)",
  "search/search.server.ts#clearSearchCache": "a cache keyed by the database object's identity (registerCache)",
  "search/synonyms.server.ts#clearSynonymCache": "a cache keyed by the database object's identity (registerCache)",
};

/**
 * What is still to convert, by folder (`accounts/`) or function (`file#function`), with the issue that converts
 * it: nothing now (the accounts' session adapters were the last, issue 30 §3). Narrow an entry as its functions
 * are converted; an entry that matches nothing any more fails: take it out.
 */
const PENDING: Record<string, string> = {};

type Param = { name: string; type: string };
type Fn = { file: string; name: string; params: Param[]; returns: string; body: string };

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return serverFiles(p);
    return /\.server\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The exported functions of a module: `export function`, `export const f = (…) =>` and `= function`. */
function exportedFunctions(file: string, text: string): Fn[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const fns: Fn[] = [];
  const add = (name: string, fn: ts.SignatureDeclarationBase & { body?: ts.Node }) =>
    fns.push({
      file,
      name,
      params: fn.parameters.map((p) => ({ name: p.name.getText(source), type: p.type?.getText(source) ?? "" })),
      returns: fn.type?.getText(source) ?? "",
      body: fn.body?.getText(source) ?? "",
    });
  for (const node of source.statements) {
    if (!ts.getModifiers(node as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isFunctionDeclaration(node) && node.name) add(node.name.text, node);
    if (ts.isVariableStatement(node))
      for (const d of node.declarationList.declarations)
        if (d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
          add(d.name.getText(source), d.initializer);
  }
  return fns;
}

/** A type's members at the top level of a union: `Database | Tx` → Database, Tx. */
const unionOf = (type: string) => type.split("|").map((t) => t.trim());
/** A handle on an open transaction (`Tx`, `Exec`, `{ execute }`): what a helper inside a service takes. */
const TRANSACTION = /^(Tx|Exec|Db)$|^\{\s*execute\b|^Pick<[^>]*\["db"\]/;
const REQUEST = /\b(Request|TecaLoadContext|AppLoadContext|LoaderFunctionArgs|ActionFunctionArgs|Route\.\w+Args)\b/;

/** Why a function's first parameter is not a service context, or null. */
function shapeProblem(fn: Fn): string | null {
  const first = fn.params[0];
  if (!first) return null;
  if (unionOf(first.type).includes("Database")) return `takes a bare Database first (${first.name}: ${first.type})`;
  if (/^(database|db)$/.test(first.name) && !unionOf(first.type).every((t) => TRANSACTION.test(t)))
    return `takes a database first (${first.name}${first.type ? `: ${first.type}` : ""})`;
  if (REQUEST.test(first.type)) return `takes the request or its load context first (${first.name}: ${first.type})`;
  return null;
}

/** Whether a function is HTTP glue: it takes the request or the load context and answers a Response. */
function isGlue(fn: Fn): boolean {
  if (!fn.params.some((p) => REQUEST.test(p.type))) return false;
  return fn.returns ? /\bResponse\b/.test(fn.returns) : /\b(new Response|Response\.\w+)\(/.test(fn.body);
}

const key = (fn: Fn) => `${fn.file}#${fn.name}`;
/** The exemption or pending entry that covers a function, if any. */
const entryOf = (fn: Fn) =>
  [...Object.keys(EXEMPT), ...Object.keys(PENDING)].find((k) => (k.endsWith("/") ? fn.file.startsWith(k) : k === key(fn)));

describe("one service shape and one HTTP adapter per feature (decision 090)", () => {
  const fns = serverFiles(features).flatMap((file) => {
    const rel = path.relative(features, file).split(path.sep).join("/");
    return exportedFunctions(rel, fs.readFileSync(file, "utf8"));
  });

  it("reads the features' server modules", () => {
    expect(fns.length).toBeGreaterThan(300);
    expect(fns.some((f) => f.name === "getSiteOptions")).toBe(true);
  });

  it("every service takes its context first: never a bare database, never the request", () => {
    const found = fns.flatMap((fn) => {
      if (ADAPTER.test(fn.file) || entryOf(fn)) return [];
      const problem = shapeProblem(fn);
      return problem ? [`app/features/${key(fn)} ${problem}`] : [];
    });
    expect(found).toEqual([]);
  });

  it("HTTP glue lives only in the feature's http.server.ts", () => {
    const found = fns.flatMap((fn) =>
      !ADAPTER.test(fn.file) && !entryOf(fn) && isGlue(fn)
        ? [`app/features/${key(fn)} answers a Response outside the feature's http.server.ts`]
        : [],
    );
    expect(found).toEqual([]);
  });

  it("every exemption and pending entry still covers a function that needs it", () => {
    const needs = (fn: Fn) => !ADAPTER.test(fn.file) && (shapeProblem(fn) !== null || isGlue(fn));
    const stale = [...Object.keys(EXEMPT), ...Object.keys(PENDING)].filter((k) => !fns.some((fn) => entryOf(fn) === k && needs(fn)));
    expect(stale).toEqual([]);
  });

  it("catches what it is meant to catch", () => {
    const fn = (params: string, returns = "", body = "") =>
      exportedFunctions("x/x.server.ts", `export async function f(${params})${returns ? `: ${returns}` : ""} { ${body} }`)[0]!;
    expect(shapeProblem(fn("database: Database, id: string"))).toMatch(/bare Database/);
    expect(shapeProblem(fn("db: Database | Tx, kind: string"))).toMatch(/bare Database/);
    expect(shapeProblem(fn("database: object"))).toMatch(/database first/);
    expect(shapeProblem(fn("context: TecaLoadContext, url: URL"))).toMatch(/request/);
    expect(shapeProblem(fn("request: Request"))).toMatch(/request/);
    expect(shapeProblem(fn("args: { request: Request; context: TecaLoadContext }"))).toMatch(/request/);
    expect(shapeProblem(fn("ctx: ServiceContext, id: string"))).toBeNull();
    expect(shapeProblem(fn('ctx: Pick<ServiceContext, "database">'))).toBeNull();
    expect(shapeProblem(fn("tx: Tx, id: number"))).toBeNull();
    expect(shapeProblem(fn("db: Exec, q: SQL"))).toBeNull();
    expect(shapeProblem(fn('db: { execute: Database["db"]["execute"] }'))).toBeNull();
    expect(isGlue(fn("context: TecaLoadContext, body: unknown", "Promise<Response>"))).toBe(true);
    expect(isGlue(fn("request: Request, context: TecaLoadContext", "", "return Response.json({})"))).toBe(true);
    expect(isGlue(fn("context: TecaLoadContext", "", "return new Response(null, { status: 204 })"))).toBe(true);
    expect(isGlue(fn("context: TecaLoadContext", "ServiceContext"))).toBe(false);
    expect(isGlue(fn("ctx: ServiceContext", "Promise<Response>"))).toBe(false);
    const arrow = exportedFunctions("x/x.server.ts", "export const g = async (database: Database) => 1;")[0]!;
    expect(shapeProblem(arrow)).toMatch(/bare Database/);
  });
});
