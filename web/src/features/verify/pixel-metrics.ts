/**
 * Photo quality checks beyond the spec's rules, on a small RGBA copy of the photo (pure functions,
 * no DOM): a blank or frozen camera frame, heavy blur, heavy glare or a glare patch over the card. They catch what a reviewer would
 * refuse later, while the shareholder still has the camera in hand.
 */

/** RGBA pixels, 4 bytes a pixel, as ImageData holds them. */
export interface PixelSample {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

/**
 * Thresholds, calibrated on the camera-like test frames of tests/e2e/support/photo-like.ts and on
 * real photos, downscaled to `sampleLongEdge`: sharp photos score a Laplacian variance of 500 to
 * 2,500; the same photos blurred (Gaussian sigma 2 px at 720-1280 px, text no longer readable) score
 * 7 to 25, and a slight blur (sigma 1 px) still above 100. The blur limit is set low on purpose:
 * a false "blurry" on a good selfie (smooth skin, plain wall) costs more than a soft photo a reviewer
 * can still read.
 */
export const QUALITY_THRESHOLDS = {
  /** The long edge of the copy the metrics are computed on. */
  sampleLongEdge: 512,
  /** Fewer distinct colours (4 bits a channel) than this, with little contrast, is a blank or frozen frame. */
  minDistinctColours: 32,
  /** Luminance standard deviation under which a frame is flat whatever its colours. */
  minContrast: 4,
  /** The contrast under which few colours mean a blank frame (a grey-scale photo has few colours but contrast). */
  lowContrast: 16,
  /** Mean luminance under which the frame is black (lens covered, no light). */
  minMeanLuminance: 12,
  /** A pixel at or above this luminance is blown out. */
  glareLuminance: 250,
  /** A larger share of blown-out pixels over the whole frame is a washed-out selfie. */
  maxGlareShare: 0.25,
  /** Glare is measured on tiles of this many sample pixels a side (16 px: 32x24 tiles on a 4:3 frame). */
  glareTile: 16,
  /** A tile this much blown out (share of its pixels) is a clipped highlight: no print survives in it. */
  clippedTileShare: 0.9,
  /**
   * An ID photo whose largest connected patch of clipped tiles covers more of the frame than this has
   * glare over the card: a card filling 40% of the frame loses a fifth of itself at 8%. A light card
   * keeps its print, so its tiles are not clipped; a white wall behind a selfie is not checked by tiles.
   */
  maxGlareRegionShare: 0.08,
  /** A lower variance of the Laplacian of the grey-scale copy is a blurry photo. */
  minSharpness: 25,
  /** The card is looked for on a copy this small (long edge): its edges are long, straight and few. */
  cardLongEdge: 128,
  /** A luminance step (over two pixels of that copy) at least this high is an edge. */
  cardEdgeStep: 14,
  /** Each side of a card-shaped rectangle must run along an edge for this share of its length. */
  cardSideCoverage: 0.7,
  /** ID-1 cards (driving licences, ID cards) are 85.60 x 53.98 mm; a photo's perspective bends that a little. */
  cardAspect: 1.586,
  cardAspectTolerance: 0.15,
  /** The ID photos must show a card that fills at least this share of the frame, for its print to be read. */
  minCardShare: 0.3,
} as const;

/** Rec. 601 luma, 0-255. */
export function luminance(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

export function toGrayscale(sample: PixelSample): Float32Array {
  const { data, width, height } = sample;
  const gray = new Float32Array(width * height);
  for (let i = 0, p = 0; i < gray.length; i++, p += 4) gray[i] = luminance(data[p]!, data[p + 1]!, data[p + 2]!);
  return gray;
}

/** How many distinct colours the pixels use once each channel is cut to `bits` bits. */
export function distinctColours(data: Uint8ClampedArray | Uint8Array, bits = 4): number {
  const shift = 8 - bits;
  const seen = new Uint8Array(1 << (3 * bits));
  let count = 0;
  for (let p = 0; p < data.length; p += 4) {
    const key = ((data[p]! >> shift) << (2 * bits)) | ((data[p + 1]! >> shift) << bits) | (data[p + 2]! >> shift);
    if (seen[key] === 0) {
      seen[key] = 1;
      count++;
    }
  }
  return count;
}

export function luminanceStats(gray: Float32Array): { mean: number; stdDev: number } {
  if (gray.length === 0) return { mean: 0, stdDev: 0 };
  let sum = 0;
  for (const value of gray) sum += value;
  const mean = sum / gray.length;
  let squares = 0;
  for (const value of gray) squares += (value - mean) ** 2;
  return { mean, stdDev: Math.sqrt(squares / gray.length) };
}

/** The share (0-1) of pixels at or above `threshold` luminance. */
export function brightShare(gray: Float32Array, threshold: number = QUALITY_THRESHOLDS.glareLuminance): number {
  if (gray.length === 0) return 0;
  let bright = 0;
  for (const value of gray) if (value >= threshold) bright++;
  return bright / gray.length;
}

/**
 * The largest 4-connected patch of clipped tiles (tiles of `tile` pixels, mostly blown out, at least
 * three tiles across), as a share (0-1) of the frame's area. A glare patch wipes the print under it wherever it sits; the whole-frame
 * share would miss it on a card that fills only part of the frame.
 */
export function glareRegionShare(
  gray: Float32Array,
  width: number,
  height: number,
  tile: number = QUALITY_THRESHOLDS.glareTile,
): number {
  if (width === 0 || height === 0) return 0;
  const t = QUALITY_THRESHOLDS;
  const cols = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const bright = new Uint32Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / tile) * cols;
    for (let x = 0; x < width; x++) if (gray[y * width + x]! >= t.glareLuminance) bright[row + Math.floor(x / tile)]!++;
  }
  // Pixels of each tile (the last row and column can be narrower).
  const area = (c: number, r: number) => Math.min(tile, width - c * tile) * Math.min(tile, height - r * tile);
  const mostlyBright = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      mostlyBright[r * cols + c] = bright[r * cols + c]! >= t.clippedTileShare * area(c, r) ? 1 : 0;
  // An opening (erode, then dilate, by a tile) keeps patches and drops thin bands: the blank margin
  // of a light card, a white shirt collar, a lit edge.
  const at = (grid: Uint8Array, c: number, r: number) =>
    c < 0 || r < 0 || c >= cols || r >= rows ? 1 : grid[r * cols + c]!;
  const eroded = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      eroded[r * cols + c] =
        at(mostlyBright, c, r) &
        at(mostlyBright, c - 1, r) &
        at(mostlyBright, c + 1, r) &
        at(mostlyBright, c, r - 1) &
        at(mostlyBright, c, r + 1);
  const inGrid = (c: number, r: number) => c >= 0 && r >= 0 && c < cols && r < rows && eroded[r * cols + c] === 1;
  const clipped = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      clipped[r * cols + c] =
        inGrid(c, r) || inGrid(c - 1, r) || inGrid(c + 1, r) || inGrid(c, r - 1) || inGrid(c, r + 1) ? 1 : 0;
  let largest = 0;
  const stack: number[] = [];
  for (let start = 0; start < clipped.length; start++) {
    if (clipped[start] !== 1) continue;
    clipped[start] = 2;
    stack.push(start);
    let pixels = 0;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const c = i % cols;
      const r = (i - c) / cols;
      pixels += area(c, r);
      for (const [nc, nr] of [
        [c - 1, r],
        [c + 1, r],
        [c, r - 1],
        [c, r + 1],
      ] as const) {
        if (nc < 0 || nr < 0 || nc >= cols || nr >= rows || clipped[nr * cols + nc] !== 1) continue;
        clipped[nr * cols + nc] = 2;
        stack.push(nr * cols + nc);
      }
    }
    largest = Math.max(largest, pixels);
  }
  return largest / (width * height);
}

/** Variance of the 4-neighbour Laplacian over the interior pixels: low when edges are soft. */
export function laplacianVariance(gray: Float32Array, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const value = gray[i - width]! + gray[i + width]! + gray[i - 1]! + gray[i + 1]! - 4 * gray[i]!;
      sum += value;
      squares += value * value;
      n++;
    }
  }
  const mean = sum / n;
  return squares / n - mean * mean;
}

/**
 * The largest card-shaped rectangle (ID-1 ratio, landscape or portrait, nearly upright) whose four
 * sides run along edges of the picture, as a share (0-1) of the frame; 0 when there is none of at
 * least `minShare`. It says whether an ID fills the frame, not that it is genuine.
 */
export function cardShare(gray: Float32Array, width: number, height: number, minShare = 0.15): number {
  const t = QUALITY_THRESHOLDS;
  const k = Math.max(1, Math.ceil(Math.max(width, height) / t.cardLongEdge));
  const w = Math.floor(width / k);
  const h = Math.floor(height / k);
  if (w < 8 || h < 8) return 0;
  // A box-filtered copy k times smaller.
  const small = new Float32Array(w * h);
  for (let y = 0; y < h * k; y++)
    for (let x = 0; x < w * k; x++) small[Math.floor(y / k) * w + Math.floor(x / k)]! += gray[y * width + x]!;
  for (let i = 0; i < small.length; i++) small[i]! /= k * k;
  // Edges that run straight across (a step from one row to the next) or down, by the side they are
  // brighter on, widened by 2 px across the edge so that a slight tilt keeps a side on its line. A card
  // is brighter (or darker) than the table all round: its top edge steps up, its bottom edge down. Texture
  // and a mosaic of shapes step both ways along a line, so they do not make a card.
  const down = new Uint8Array(w * h); // brighter below
  const up = new Uint8Array(w * h);
  const right = new Uint8Array(w * h); // brighter to the right
  const left = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = small[i + 1]! - small[i - 1]!;
      const gy = small[i + w]! - small[i - w]!;
      if (Math.abs(gy) >= t.cardEdgeStep && Math.abs(gy) >= 2 * Math.abs(gx)) {
        const map = gy > 0 ? down : up;
        for (let d = -2; d <= 2; d++) if (y + d >= 0 && y + d < h) map[i + d * w] = 1;
      }
      if (Math.abs(gx) >= t.cardEdgeStep && Math.abs(gx) >= 2 * Math.abs(gy)) {
        const map = gx > 0 ? right : left;
        for (let d = -2; d <= 2; d++) if (x + d >= 0 && x + d < w) map[i + d] = 1;
      }
    }
  // Running sums along each row (edges across) and down each column (edges down).
  const alongRows = (map: Uint8Array) => {
    const sums = new Uint16Array((w + 1) * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) sums[y * (w + 1) + x + 1] = sums[y * (w + 1) + x]! + map[y * w + x]!;
    return sums;
  };
  const alongColumns = (map: Uint8Array) => {
    const sums = new Uint16Array((h + 1) * w);
    for (let x = 0; x < w; x++)
      for (let y = 0; y < h; y++) sums[x * (h + 1) + y + 1] = sums[x * (h + 1) + y]! + map[y * w + x]!;
    return sums;
  };
  const [downRows, upRows, rightCols, leftCols] = [
    alongRows(down),
    alongRows(up),
    alongColumns(right),
    alongColumns(left),
  ];
  // How much of a side runs along an edge: over its length and over each of its ends, so that a side
  // cannot run on past the card's corner to a stray edge beyond. The corners of a card are rounded
  // (3.2 mm on 54 mm): the last 5% at each end are not judged.
  const share = (sums: Uint16Array, base: number, from: number, to: number) =>
    (sums[base + to]! - sums[base + from]!) / Math.max(1, to - from);
  const sideCover = (sums: Uint16Array, base: number, a: number, b: number) => {
    const length = b - a;
    const from = a + Math.round(length * 0.05);
    const to = b - Math.round(length * 0.05);
    const end = Math.max(1, Math.round(length * 0.15));
    return Math.min(share(sums, base, from, to), share(sums, base, from, from + end), share(sums, base, to - end, to));
  };
  const rowCover = (sums: Uint16Array, y: number, x0: number, x1: number) => sideCover(sums, y * (w + 1), x0, x1);
  const colCover = (sums: Uint16Array, x: number, y0: number, y1: number) => sideCover(sums, x * (h + 1), y0, y1);
  const need = t.cardSideCoverage;
  const minArea = minShare * w * h;
  // The shortest side a card of that area can have, and the lines with enough edge to be one of its sides.
  const shortest = Math.sqrt(minArea / (t.cardAspect * (1 + t.cardAspectTolerance)));
  const enough = need * 0.8 * shortest;
  const lines = (sums: Uint16Array, count: number, length: number) =>
    Array.from({ length: count }, (_, i) => i).filter(
      (i) => sums[i * (length + 1) + length]! - sums[i * (length + 1)]! >= enough,
    );
  let best = 0;
  let card = 0;
  // A light card on a darker table (its top edge steps down to brighter), or a dark card on a lighter one.
  for (const [topSums, bottomSums, leftSums, rightSums] of [
    [downRows, upRows, rightCols, leftCols],
    [upRows, downRows, leftCols, rightCols],
  ] as const) {
    const tops = lines(topSums, h, w);
    const bottoms = lines(bottomSums, h, w);
    const lefts = lines(leftSums, w, h);
    const rights = lines(rightSums, w, h).reverse();
    for (const aspect of [t.cardAspect, 1 / t.cardAspect]) {
      for (const l of lefts) {
        for (const r of rights) {
          if (r <= l) break;
          const cw = r - l;
          const lowest = Math.max(2, Math.ceil(cw / aspect / (1 + t.cardAspectTolerance)));
          const highest = Math.floor((cw / aspect) * (1 + t.cardAspectTolerance));
          if (cw * Math.min(highest, h - 1) <= Math.max(minArea, best)) break;
          for (const top of tops) {
            if (rowCover(topSums, top, l, r) < need) continue;
            for (const bottom of bottoms) {
              const ch = bottom - top;
              if (ch < lowest) continue;
              if (ch > highest) break;
              if (cw * ch <= best || cw * ch < minArea) continue;
              if (
                rowCover(bottomSums, bottom, l, r) >= need &&
                colCover(leftSums, l, top, bottom) >= need &&
                colCover(rightSums, r, top, bottom) >= need
              )
                best = cw * ch;
              // The edges were widened by 2 px and the search takes the largest fit: the card's own
              // edges lie about 2 px inside each side.
              card = Math.max(0, cw - 4) * Math.max(0, ch - 4);
            }
          }
        }
      }
    }
  }
  return card / (w * h);
}

export type QualityProblem = 'blank' | 'glare' | 'blurry' | 'no-card';

export interface QualityMetrics {
  distinctColours: number;
  meanLuminance: number;
  contrast: number;
  glareShare: number;
  /** The largest connected patch of clipped highlights, as a share of the frame (glareRegionShare). */
  glareRegionShare: number;
  sharpness: number;
  /** The largest card-shaped rectangle, as a share of the frame (cardShare); measured on the ID's photos only. */
  cardShare: number;
}

/** Which photo is checked: the card's checks (glare patches) do not apply to a selfie. */
export type PhotoKind = 'selfie' | 'id_front' | 'id_back';

export function measureQuality(sample: PixelSample, kind: PhotoKind): QualityMetrics {
  const gray = toGrayscale(sample);
  const { mean, stdDev } = luminanceStats(gray);
  return {
    distinctColours: distinctColours(sample.data),
    meanLuminance: mean,
    contrast: stdDev,
    glareShare: brightShare(gray),
    glareRegionShare: glareRegionShare(gray, sample.width, sample.height),
    sharpness: laplacianVariance(gray, sample.width, sample.height),
    cardShare: kind === 'selfie' ? 0 : cardShare(gray, sample.width, sample.height),
  };
}

/**
 * The first problem found, in this order: blank (a blank frame is also "blurry", so it goes first),
 * then glare (blown-out areas also soften edges; retaking out of the light is the useful hint), then blur,
 * then, on the ID's photos, a card too small or not whole in the frame.
 * Glare is a washed-out selfie, or a sizeable clipped patch on the ID's photos (where the share of
 * bright pixels alone would refuse a light card whose print is perfectly readable).
 */
export function qualityProblem(metrics: QualityMetrics, kind: PhotoKind): QualityProblem | null {
  const t = QUALITY_THRESHOLDS;
  const flat =
    metrics.contrast < t.minContrast ||
    (metrics.distinctColours < t.minDistinctColours && metrics.contrast < t.lowContrast);
  if (flat || metrics.meanLuminance < t.minMeanLuminance) return 'blank';
  const glare =
    kind === 'selfie' ? metrics.glareShare > t.maxGlareShare : metrics.glareRegionShare > t.maxGlareRegionShare;
  if (glare) return 'glare';
  if (metrics.sharpness < t.minSharpness) return 'blurry';
  if (kind !== 'selfie' && metrics.cardShare < t.minCardShare) return 'no-card';
  return null;
}

/** The size of the copy to measure: the long edge at most `sampleLongEdge`, never upscaled. */
export function sampleSize(
  width: number,
  height: number,
  longEdge: number = QUALITY_THRESHOLDS.sampleLongEdge,
): { width: number; height: number } {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
