import { useEffect, useRef } from "react";

export type ImageUrls = { thumbnail: string | null; medium: string | null; large: string | null };

const WIDTHS = { thumbnail: 400, medium: 1000, large: 2000 } as const;

/**
 * An image with srcset from the derivatives, intrinsic size (no layout
 * shift), focal-point cropping and a placeholder when it fails to load.
 */
export function Picture({
  urls,
  alt,
  width,
  height,
  sizes = "100vw",
  focalPoint,
  placeholder,
  dominantColor,
  eager = false,
  className = "",
  lang,
}: {
  urls: ImageUrls;
  alt: string;
  width?: number | null;
  height?: number | null;
  sizes?: string;
  focalPoint?: { x: number; y: number } | null;
  placeholder: string;
  dominantColor?: string | null;
  eager?: boolean;
  className?: string;
  lang?: string;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const local = [urls.thumbnail, urls.medium, urls.large].every((u) => !u || u.startsWith("/"));
  const srcSet = local
    ? (Object.keys(WIDTHS) as (keyof typeof WIDTHS)[])
        .filter((k) => urls[k])
        .map((k) => `${urls[k]} ${Math.min(WIDTHS[k], width ?? WIDTHS[k])}w`)
        .filter((v, i, a) => a.findIndex((x) => x.split(" ")[1] === v.split(" ")[1]) === i)
        .join(", ")
    : undefined;
  const src = urls.medium ?? urls.thumbnail ?? urls.large ?? placeholder;
  // biome-ignore lint/correctness/useExhaustiveDependencies: src is the trigger: a new image that failed before hydration falls back too
  useEffect(() => {
    // An error that happened before hydration is not seen by onError.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && !img.src.endsWith(placeholder)) fallback(img, placeholder);
  }, [placeholder, src]);
  return (
    <img
      ref={ref}
      className={className}
      src={src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      lang={lang}
      width={width ?? undefined}
      height={height ?? undefined}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={eager ? "high" : undefined}
      style={{
        objectPosition: focalPoint ? `${focalPoint.x * 100}% ${focalPoint.y * 100}%` : undefined,
        backgroundColor: dominantColor ?? undefined,
      }}
      onError={(e) => fallback(e.currentTarget, placeholder)}
    />
  );
}

function fallback(img: HTMLImageElement, placeholder: string) {
  if (img.dataset.fallback) return;
  img.dataset.fallback = "1";
  img.removeAttribute("srcset");
  img.src = placeholder;
}
