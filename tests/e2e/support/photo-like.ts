/**
 * A deterministic, photo-like RGB picture for the camera tests and the capture benchmark: a lit
 * background, soft shapes, an ID-card-like block with fine print, fractal texture and sensor noise, and
 * optionally a face above the card (a shareholder holding up their ID).
 * It passes the verification page's blank, glare and blur checks as a real photo does; plain
 * gradients or solid fills would not (and would compress unrealistically well).
 */

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Value noise: a random grid every `cell` pixels, interpolated smoothly. */
function valueNoise(
  width: number,
  height: number,
  cell: number,
  random: () => number,
): (x: number, y: number) => number {
  const cols = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const grid = new Float32Array(cols * rows);
  for (let i = 0; i < grid.length; i++) grid[i] = random();
  return (x, y) => {
    const gx = x / cell;
    const gy = y / cell;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const fx = gx - x0;
    const fy = gy - y0;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const i = y0 * cols + x0;
    const top = grid[i]! + (grid[i + 1]! - grid[i]!) * sx;
    const bottom = grid[i + cols]! + (grid[i + cols + 1]! - grid[i + cols]!) * sx;
    return top + (bottom - top) * sy;
  };
}

export interface PhotoLikeOptions {
  width: number;
  height: number;
  seed?: number;
  /** Amplitude of the per-pixel sensor noise (0-255 scale). */
  noise?: number;
  /** A face (support/sample-face.ts) above the card, so that the same frame passes the selfie's checks. */
  face?: { rgb: Uint8Array; width: number; height: number };
  /** The card's width as a share of the frame's (0.7: 40% of a 4:3 frame). */
  cardWidth?: number;
  /** A blown-out glare patch over this share of the card, from its left edge, wiping its print. */
  glare?: number;
}

/** Packed RGB, 3 bytes a pixel, rows top to bottom. */
export function photoLikeRgb({
  width,
  height,
  seed = 7,
  noise = 6,
  face,
  cardWidth = 0.7,
  glare = 0,
}: PhotoLikeOptions): Uint8Array {
  const random = mulberry32(seed);
  const scale = width / 1280;
  const octaves = [160, 48, 14, 4].map((cell) => valueNoise(width, height, Math.max(2, cell * scale), random));
  const shapes = Array.from({ length: 14 }, () => ({
    cx: random() * width,
    cy: random() * height,
    rx: (0.05 + random() * 0.18) * width,
    ry: (0.05 + random() * 0.18) * height,
    color: [40 + random() * 170, 40 + random() * 170, 40 + random() * 170] as const,
  }));
  // An ID-card-like block (ratio 1.586) with lines of "print", held low in the frame and filling 40% of a
  // 4:3 frame (the ID steps look for a card that fills most of the frame); a face fits above it.
  const cardW = width * cardWidth;
  const cardH = cardW / 1.586;
  const cardX = (width - cardW) / 2;
  const cardY = height * 0.97 - cardH;
  const line = Math.max(2, Math.round(10 * scale));
  // The face fills the height above the card, centred.
  const faceH = Math.floor(cardY);
  const faceW = face ? Math.round((face.width * faceH) / face.height) : 0;
  const faceX = Math.round((width - faceW) / 2);

  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const texture =
        octaves[0]!(x, y) * 0.45 + octaves[1]!(x, y) * 0.3 + octaves[2]!(x, y) * 0.17 + octaves[3]!(x, y) * 0.08;
      // A lit background: warmer at the top, darker at the bottom.
      let r = 150 - (y / height) * 60 + texture * 60;
      let g = 140 - (y / height) * 50 + texture * 55;
      let b = 120 - (y / height) * 30 + texture * 70;
      for (const shape of shapes) {
        const dx = (x - shape.cx) / shape.rx;
        const dy = (y - shape.cy) / shape.ry;
        if (dx * dx + dy * dy < 1) {
          r = r * 0.35 + shape.color[0] * 0.65;
          g = g * 0.35 + shape.color[1] * 0.65;
          b = b * 0.35 + shape.color[2] * 0.65;
        }
      }
      if (x >= cardX && x < cardX + cardW && y >= cardY && y < cardY + cardH) {
        const u = (x - cardX) / cardW;
        const v = (y - cardY) / cardH;
        r = 205 + texture * 25;
        g = 200 + texture * 25;
        b = 185 + texture * 30;
        // A portrait box on the left, text lines on the right.
        if (u > 0.06 && u < 0.34 && v > 0.18 && v < 0.85) {
          r = 120 + texture * 80;
          g = 95 + texture * 70;
          b = 80 + texture * 60;
        } else if (u > 0.4 && u < 0.94 && v > 0.18 && v < 0.85 && Math.floor((y - cardY) / line) % 3 === 0) {
          const glyph = octaves[3]!(x * 1.7, y) > 0.5;
          if (glyph) {
            r = 30;
            g = 35;
            b = 60;
          }
        }
      }
      if (face && y < faceH && x >= faceX && x < faceX + faceW) {
        const f =
          (Math.min(face.height - 1, Math.floor((y * face.height) / faceH)) * face.width +
            Math.min(face.width - 1, Math.floor(((x - faceX) * face.width) / faceW))) *
          3;
        r = face.rgb[f]!;
        g = face.rgb[f + 1]!;
        b = face.rgb[f + 2]!;
      }
      const n = (random() - 0.5) * 2 * noise;
      const i = (y * width + x) * 3;
      if (glare > 0 && x >= cardX && x < cardX + glare * cardW && y >= cardY && y < cardY + cardH) {
        rgb[i] = rgb[i + 1] = rgb[i + 2] = 255;
        continue;
      }
      rgb[i] = Math.max(0, Math.min(245, r + n));
      rgb[i + 1] = Math.max(0, Math.min(245, g + n));
      rgb[i + 2] = Math.max(0, Math.min(245, b + n));
    }
  }
  return rgb;
}
