import jsQR from "jsqr";

/** Paints a QR path as print.server.ts's qrShape draws it (runs `M x y h w v1 h-w z`) into RGBA pixels. */
export function rasterQr(shape: { size: number; d: string }, scale = 4) {
  const side = shape.size * scale;
  const px = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const m of shape.d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let yy = y * scale; yy < (y + 1) * scale; yy++)
      for (let xx = x * scale; xx < (x + w) * scale; xx++) px.fill(0, (yy * side + xx) * 4, (yy * side + xx) * 4 + 3);
  }
  return { px, side };
}

/** What a QR path decodes to, or null. */
export function decodeQrPath(shape: { size: number; d: string }): string | null {
  const { px, side } = rasterQr(shape);
  return jsQR(px, side, side)?.data ?? null;
}

/** The QR codes of a page's HTML (the print views' inline SVG, `data-qr`), decoded. */
export function decodePageQrs(html: string): string[] {
  return [...html.matchAll(/<svg[^>]*viewBox="0 0 (\d+) \1"[^>]*data-qr=""[^>]*>.*?<path d="([^"]+)"/gs)].map(
    (m) => decodeQrPath({ size: Number(m[1]), d: m[2]! }) ?? "",
  );
}
