import type { QrShape } from "../print";

/** A QR code the server drew (print.server.ts qrShape) as inline SVG: it prints without JavaScript, sharp at any size. */
export function QrCode({ shape, label, className }: { shape: QrShape; label: string; className?: string }) {
  return (
    <svg
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${shape.size} ${shape.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr=""
    >
      <rect width={shape.size} height={shape.size} fill="#fff" />
      <path d={shape.d} fill="#000" />
    </svg>
  );
}
