import type { Region } from "../annotations";

/**
 * The annotated region of an image, as a crop drawn by CSS from the image's large derivative (no new file): the
 * region fills a box of its own proportions, at most `size` pixels on its long side.
 */
export function AnnotationCrop({
  src,
  region,
  width,
  height,
  label,
  size = 120,
}: {
  src: string;
  region: Region;
  width: number | null;
  height: number | null;
  label: string;
  size?: number;
}) {
  const ratio = ((width ?? 4) * region.w) / ((height ?? 3) * region.h);
  const w = ratio >= 1 ? size : Math.max(24, Math.round(size * ratio));
  const h = ratio >= 1 ? Math.max(24, Math.round(size / ratio)) : size;
  const pos = (start: number, extent: number) => (extent >= 1 ? 0 : (start / (1 - extent)) * 100);
  return (
    <span
      role="img"
      aria-label={label}
      className="annotation-crop"
      style={{
        width: `${w}px`,
        height: `${h}px`,
        backgroundImage: `url(${JSON.stringify(src)})`,
        backgroundSize: `${100 / region.w}% ${100 / region.h}%`,
        backgroundPosition: `${pos(region.x, region.w)}% ${pos(region.y, region.h)}%`,
      }}
    />
  );
}
