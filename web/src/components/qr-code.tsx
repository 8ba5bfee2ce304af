import { useId, useMemo } from 'react';
import { encode } from 'uqr';

interface QrCodeProps {
  value: string;
  /** The accessible name of the picture. */
  label: string;
  /** The size and frame come from the feature's stylesheet (e.g. verify-qr). */
  className: string;
}

/**
 * A QR code as SVG elements rendered by React (no innerHTML), one <rect> per run of dark modules in a row.
 * Shared by the verification hand-off and the authenticator-app enrolment.
 */
export function QrCode({ value, label, className }: QrCodeProps) {
  const titleId = useId();
  const { size, runs } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 2 });
    const found: { x: number; y: number; width: number }[] = [];
    data.forEach((row, y) => {
      let x = 0;
      while (x < row.length) {
        if (!row[x]) {
          x++;
          continue;
        }
        const startX = x;
        while (x < row.length && row[x]) x++;
        found.push({ x: startX, y, width: x - startX });
      }
    });
    return { size: data.length, runs: found };
  }, [value]);

  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-labelledby={titleId}
      shapeRendering="crispEdges"
    >
      <title id={titleId}>{label}</title>
      <rect width={size} height={size} fill="#fff" />
      {runs.map((run) => (
        <rect key={`${run.x}-${run.y}`} x={run.x} y={run.y} width={run.width} height={1} fill="#000" />
      ))}
    </svg>
  );
}
