import { describe, expect, it } from 'vitest';
import {
  backingSize,
  containRect,
  exportRatios,
  fitScale,
  pixelRatio,
  segmentEndingAt,
  strokeSegments,
  toFramePoint,
} from './signature-geometry';

describe('pixel ratio and backing store', () => {
  it('uses the screen density from 1 to 3, and 1 for nonsense', () => {
    expect(pixelRatio(1)).toBe(1);
    expect(pixelRatio(2)).toBe(2);
    expect(pixelRatio(2.625)).toBe(2.625);
    expect(pixelRatio(4)).toBe(3);
    expect(pixelRatio(0.5)).toBe(1);
    expect(pixelRatio(Number.NaN)).toBe(1);
    expect(pixelRatio(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('scales the CSS size to device pixels, whole and at least one', () => {
    // A 360 px phone at 3x: the canvas fills its ~326 px box at 978 device pixels.
    expect(backingSize({ width: 326, height: 176 }, 3)).toEqual({ width: 978, height: 528 });
    expect(backingSize({ width: 333.5, height: 176 }, 2.625)).toEqual({ width: 875, height: 462 });
    expect(backingSize({ width: 0, height: 0 }, 2)).toEqual({ width: 1, height: 1 });
  });

  it('exports at the screen density first, then 2x and 1x', () => {
    expect(exportRatios(3)).toEqual([3, 2, 1]);
    expect(exportRatios(2)).toEqual([2, 1]);
    expect(exportRatios(1)).toEqual([1]);
    expect(exportRatios(2.625)).toEqual([2.625, 2, 1]);
  });
});

describe('strokes across a resize', () => {
  it('shrinks a drawing to fit a narrower canvas without distorting it, and never enlarges it', () => {
    expect(fitScale({ width: 600, height: 176 }, { width: 300, height: 176 })).toBe(0.5);
    expect(fitScale({ width: 300, height: 176 }, { width: 600, height: 176 })).toBe(1);
    expect(fitScale({ width: 600, height: 200 }, { width: 450, height: 100 })).toBe(0.5);
    expect(fitScale({ width: 0, height: 0 }, { width: 450, height: 100 })).toBe(1);
  });

  it('maps a pointer position into the frame the strokes are kept in', () => {
    expect(toFramePoint({ clientX: 110, clientY: 70 }, { left: 10, top: 20 }, 1)).toEqual({ x: 100, y: 50 });
    expect(toFramePoint({ clientX: 110, clientY: 70 }, { left: 10, top: 20 }, 0.5)).toEqual({ x: 200, y: 100 });
  });

  it('fits a restored signature image into the box at the top left, keeping its proportions', () => {
    // Drawn 600x176 CSS px at 3x, restored on a 600x176 box: back at its size.
    expect(containRect({ width: 1800, height: 528 }, { width: 600, height: 176 })).toEqual({
      x: 0,
      y: 0,
      width: 600,
      height: 176,
    });
    // The same on a 300 px wide box: half size.
    expect(containRect({ width: 1800, height: 528 }, { width: 300, height: 176 })).toEqual({
      x: 0,
      y: 0,
      width: 300,
      height: 88,
    });
    expect(containRect({ width: 0, height: 10 }, { width: 300, height: 176 })).toEqual({
      x: 0,
      y: 0,
      width: 0,
      height: 0,
    });
  });
});

describe('strokeSegments', () => {
  const p = (x: number, y: number) => ({ x, y });

  it('draws a tap as a dot and a longer stroke as curves through midpoints, straight at both ends', () => {
    expect(strokeSegments([])).toEqual([]);
    expect(strokeSegments([p(1, 1)])).toEqual([{ kind: 'dot', at: p(1, 1) }]);
    expect(strokeSegments([p(0, 0), p(10, 0)])).toEqual([
      { kind: 'line', from: p(0, 0), to: p(5, 0) },
      { kind: 'line', from: p(5, 0), to: p(10, 0) },
    ]);
    expect(strokeSegments([p(0, 0), p(10, 0), p(10, 10)])).toEqual([
      { kind: 'line', from: p(0, 0), to: p(5, 0) },
      { kind: 'quad', from: p(5, 0), control: p(10, 0), to: p(10, 5) },
      { kind: 'line', from: p(10, 5), to: p(10, 10) },
    ]);
  });

  it('draws a growing stroke piece by piece with the same pieces as the whole', () => {
    const points = [p(0, 0), p(4, 8), p(9, 3), p(15, 12), p(20, 0)];
    const live = points.map((_, index) => segmentEndingAt(points, index)).filter((segment) => segment !== null);
    expect(live).toEqual(strokeSegments(points).slice(0, -1));
    expect(segmentEndingAt(points, 0)).toBeNull();
  });
});
