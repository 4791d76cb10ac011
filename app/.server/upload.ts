/**
 * A multipart body read with a bound: past `maxBytes` the reading stops and `null` is answered (the caller says
 * 'Superato limiti di file da caricare!'), so an oversized upload is never held whole in memory.
 */
export async function readFormLimited(request: Request, maxBytes: number): Promise<FormData | null | "invalid"> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return "invalid";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    return "invalid";
  }
}

/** The files of a form field, with their bytes. */
export async function filesOf(form: FormData, field: string): Promise<{ name: string; bytes: Uint8Array }[]> {
  const out: { name: string; bytes: Uint8Array }[] = [];
  for (const v of form.getAll(field)) {
    if (typeof v === "string") continue;
    if (!v.name && v.size === 0) continue; // an empty file field
    out.push({ name: v.name, bytes: new Uint8Array(await v.arrayBuffer()) });
  }
  return out;
}
