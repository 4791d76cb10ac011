import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { InterchangeInput } from "../../app/features/catalogue/interchange";

let seq = 0;

/** A valid interchange record; override any field. */
export function makeRecord(over: Partial<InterchangeInput> = {}): InterchangeInput {
  seq++;
  return {
    table: "ca_objects",
    id: `f${seq}`,
    texts: { it: { label: `Oggetto di prova ${seq}` }, en: { label: `Test object ${seq}` } },
    ...over,
  };
}

export function tempDir(prefix = "teca-test-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes records (or raw lines) as an NDJSON file and returns its path. */
export function writeNdjson(dir: string, lines: (InterchangeInput | string)[], name = "records.ndjson") {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`);
  return file;
}

/** A small JPEG of the given size under dir; returns the file name. */
export async function makeImage(dir: string, name: string, width = 640, height = 480, color = "#a0522d") {
  await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toFile(path.join(dir, name));
  return name;
}
