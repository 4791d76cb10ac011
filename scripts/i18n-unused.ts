// `npx tsx scripts/i18n-unused.ts`: message keys of app/i18n/it.json that no source file names, neither as a
// literal ("search.map") nor through a template whose prefix covers it (`search.view.${v}`). Exits 1 when
// some are found, listing them. A key built some other way is reported too: check before deleting.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const keys = Object.keys(JSON.parse(fs.readFileSync(path.join(root, "app/i18n/it.json"), "utf8")) as Record<string, string>);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(p);
    return /\.(ts|tsx|mjs)$/.test(e.name) ? [fs.readFileSync(p, "utf8")] : [];
  });
}
const text = ["app", "server", "scripts"].flatMap((d) => sources(path.join(root, d))).join("\n");
const prefixes = new Set([...text.matchAll(/`([A-Za-z][\w.]*\.)\$\{/g), ...text.matchAll(/"([A-Za-z][\w.]*\.)"\s*\+/g)].map((m) => m[1]!));
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const unused = keys.filter((k) => !new RegExp(`["'\`]${escapeRegExp(k)}["'\`]`).test(text) && ![...prefixes].some((p) => k.startsWith(p)));
console.log(`${keys.length} keys, ${unused.length} unused${unused.length ? ":" : ""}`);
for (const k of unused) console.log(`  ${k}`);
process.exitCode = unused.length ? 1 : 0;
