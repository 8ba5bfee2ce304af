/** The signature pad's arithmetic, free of the DOM so it can be tested in Node. */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

export type Segment =
  | { kind: 'dot'; at: Point }
  | { kind: 'line'; from: Point; to: Point }
  | { kind: 'quad'; from: Point; control: Point; to: Point };

/** Line width in CSS pixels (spec 9: black line, width 2). */
export const LINE_WIDTH = 2;

/** Backing-store density cap: sharp on 2x and 3x screens without huge PNGs on 4x ones. */
export const MAX_PIXEL_RATIO = 3;

/** The device pixel ratio the canvas uses: 1 to 3, and 1 when the browser reports nonsense. */
export function pixelRatio(devicePixelRatio: number): number {
  if (!Number.isFinite(devicePixelRatio) || devicePixelRatio <= 1) return 1;
  return Math.min(devicePixelRatio, MAX_PIXEL_RATIO);
}

/** The canvas's width and height attributes for a CSS size at a pixel ratio (at least 1 by 1). */
export function backingSize(css: Size, ratio: number): Size {
  return {
    width: Math.max(1, Math.round(css.width * ratio)),
    height: Math.max(1, Math.round(css.height * ratio)),
  };
}

/**
 * Strokes are kept in the coordinates of the canvas they were drawn on (the frame). After a resize
 * they are drawn scaled by this factor: smaller to fit a narrower canvas, never distorted, never
 * larger than drawn.
 */
export function fitScale(frame: Size, css: Size): number {
  if (frame.width <= 0 || frame.height <= 0 || css.width <= 0 || css.height <= 0) return 1;
  return Math.min(1, css.width / frame.width, css.height / frame.height);
}

/** A pointer position (client coordinates) in frame coordinates. */
export function toFramePoint(
  client: { clientX: number; clientY: number },
  origin: { left: number; top: number },
  fit: number,
): Point {
  const scale = fit > 0 ? fit : 1;
  return { x: (client.clientX - origin.left) / scale, y: (client.clientY - origin.top) / scale };
}

/** Where an image goes to fit inside a box, keeping its proportions, at the top left (a restored signature). */
export function containRect(image: Size, box: Size): Rect {
  if (image.width <= 0 || image.height <= 0) return { x: 0, y: 0, width: 0, height: 0 };
  const scale = Math.min(box.width / image.width, box.height / image.height);
  return { x: 0, y: 0, width: image.width * scale, height: image.height * scale };
}

const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * A stroke as smooth pieces: quadratic curves through the midpoints of successive points, straight
 * at both ends; a single point is a dot. Segment i (i >= 1 and before the last) is final once point
 * i + 1 exists, so a stroke can be drawn as it grows: see {@link segmentEndingAt}.
 */
export function strokeSegments(points: readonly Point[]): Segment[] {
  const [first] = points;
  if (!first) return [];
  if (points.length === 1) return [{ kind: 'dot', at: first }];
  const segments: Segment[] = [];
  for (let index = 1; index < points.length; index += 1) {
    const segment = segmentEndingAt(points, index);
    if (segment) segments.push(segment);
  }
  const last = points[points.length - 1]!;
  const beforeLast = points[points.length - 2]!;
  segments.push({ kind: 'line', from: midpoint(beforeLast, last), to: last });
  return segments;
}

/** The piece that point `index` completes (the growing stroke's newest piece), or null for index 0. */
export function segmentEndingAt(points: readonly Point[], index: number): Segment | null {
  const current = points[index];
  const previous = points[index - 1];
  if (index < 1 || !current || !previous) return null;
  if (index === 1) return { kind: 'line', from: previous, to: midpoint(previous, current) };
  const beforePrevious = points[index - 2]!;
  return { kind: 'quad', from: midpoint(beforePrevious, previous), control: previous, to: midpoint(previous, current) };
}

/**
 * Pixel ratios to try, best first, when exporting the PNG: the screen's own, then 2 and 1, so a
 * busy signature on a dense screen can still fit the server's size limit.
 */
export function exportRatios(ratio: number): number[] {
  return [ratio, 2, 1].filter((candidate, index, all) => candidate <= ratio && all.indexOf(candidate) === index);
}
