import { describe, expect, it } from 'vitest';
import { SignatureSurface, type PointerInput, type SurfaceCanvas, type SurfaceContext } from './signature-surface';

// jsdom and happy-dom have no 2D canvas, and the unit project runs in Node: the surface is driven
// through a fake canvas that records the drawing calls and hands out a PNG data URL.
class FakeContext {
  calls: string[] = [];
  lineWidth = 1;
  lineCap = 'butt';
  lineJoin = 'miter';
  strokeStyle = '';
  fillStyle = '';
  transform: number[] = [1, 0, 0, 1, 0, 0];
  setTransform(...args: number[]) {
    this.transform = args;
  }
  clearRect() {
    this.calls.push('clear');
  }
  drawImage() {
    this.calls.push('image');
  }
  beginPath() {}
  moveTo() {}
  lineTo() {
    this.calls.push('line');
  }
  quadraticCurveTo() {
    this.calls.push('quad');
  }
  arc() {
    this.calls.push('dot');
  }
  fill() {}
  stroke() {}
}

class FakeCanvas implements SurfaceCanvas {
  width = 300;
  height = 150;
  context = new FakeContext();
  captured = new Set<number>();
  exports: Array<{ width: number; height: number }> = [];
  constructor(private readonly pngLength: (canvas: FakeCanvas) => number = () => 100) {}
  getContext() {
    return this.context as unknown as SurfaceContext;
  }
  toDataURL(type: string) {
    this.exports.push({ width: this.width, height: this.height });
    return `data:${type};base64,${'A'.repeat(this.pngLength(this))}`;
  }
  getBoundingClientRect() {
    return { left: 10, top: 20 };
  }
  setPointerCapture(id: number) {
    this.captured.add(id);
  }
  releasePointerCapture(id: number) {
    this.captured.delete(id);
  }
  hasPointerCapture(id: number) {
    return this.captured.has(id);
  }
}

const pointer = (clientX: number, clientY: number, over: Partial<PointerInput> = {}): PointerInput => ({
  pointerId: 1,
  pointerType: 'mouse',
  button: 0,
  clientX,
  clientY,
  ...over,
});

function setup(dpr = 2) {
  const canvas = new FakeCanvas();
  const surface = new SignatureSurface(canvas);
  surface.resize({ width: 320, height: 176 }, dpr);
  canvas.context.calls = [];
  return { canvas, surface };
}

describe('SignatureSurface', () => {
  it('sizes the backing store for the screen density and draws 2 CSS px black lines with round ends', () => {
    const { canvas, surface } = setup(3);
    expect([canvas.width, canvas.height]).toEqual([960, 528]);
    surface.pointerDown(pointer(20, 30));
    expect(canvas.context.transform).toEqual([3, 0, 0, 3, 0, 0]);
    expect(canvas.context).toMatchObject({ lineWidth: 2, lineCap: 'round', lineJoin: 'round', strokeStyle: '#000' });
  });

  it('turns a stroke into a PNG data URL when the pointer lifts, with the pointer captured meanwhile', () => {
    const { canvas, surface } = setup();
    expect(surface.isEmpty).toBe(true);
    expect(surface.pointerDown(pointer(20, 30))).toBe(true);
    expect(canvas.captured.has(1)).toBe(true);
    surface.pointerMove(pointer(40, 50));
    surface.pointerMove(pointer(60, 40));
    expect(canvas.context.calls).toEqual(['dot', 'line', 'quad']);
    const dataUrl = surface.pointerEnd(pointer(60, 40));
    expect(dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(canvas.exports).toEqual([{ width: 640, height: 352 }]);
    expect(canvas.captured.size).toBe(0);
    expect(surface.isEmpty).toBe(false);
  });

  it('takes touch and pen as well as the main mouse button, one pointer at a time', () => {
    const { surface } = setup();
    expect(surface.pointerDown(pointer(20, 30, { button: 2 }))).toBe(false);
    expect(surface.pointerDown(pointer(20, 30, { pointerType: 'touch', pointerId: 7 }))).toBe(true);
    expect(surface.pointerDown(pointer(25, 30, { pointerType: 'touch', pointerId: 8 }))).toBe(false);
    surface.pointerMove(pointer(30, 30, { pointerType: 'touch', pointerId: 8 }));
    expect(surface.pointerEnd({ pointerId: 8 })).toBeNull();
    // A cancelled touch keeps what was drawn.
    expect(surface.pointerEnd({ pointerId: 7 })).toMatch(/^data:image\/png;base64,/);
    expect(surface.pointerDown(pointer(20, 30, { pointerType: 'pen', pointerId: 9 }))).toBe(true);
  });

  it('reads the coalesced positions of a fast move', () => {
    const { canvas, surface } = setup();
    surface.pointerDown(pointer(20, 30));
    surface.pointerMove({
      ...pointer(50, 50),
      getCoalescedEvents: () => [pointer(30, 40), pointer(40, 45), pointer(50, 50)],
    });
    expect(canvas.context.calls).toEqual(['dot', 'line', 'quad', 'quad']);
  });

  it('redraws the strokes after a resize, scaled to fit, and clears', () => {
    const { canvas, surface } = setup(1);
    surface.pointerDown(pointer(20, 30));
    surface.pointerMove(pointer(300, 100));
    surface.pointerEnd({ pointerId: 1 });
    canvas.context.calls = [];
    surface.resize({ width: 160, height: 176 }, 1);
    expect(canvas.context.calls).toEqual(['clear', 'line', 'line']);
    // Half the width: drawn at half scale, the line still 2 CSS px wide.
    expect(canvas.context.transform).toEqual([0.5, 0, 0, 0.5, 0, 0]);
    expect(canvas.context.lineWidth).toBe(4);
    canvas.context.calls = [];
    surface.clear();
    expect(canvas.context.calls).toEqual(['clear']);
    expect(surface.isEmpty).toBe(true);
  });

  it('draws a restored signature and exports it with what is drawn on top', () => {
    const { canvas, surface } = setup();
    surface.setBaseImage({} as CanvasImageSource, { width: 640, height: 352 });
    expect(surface.isEmpty).toBe(false);
    expect(canvas.context.calls).toContain('image');
    surface.pointerDown(pointer(20, 30));
    canvas.context.calls = [];
    expect(surface.pointerEnd({ pointerId: 1 })).toMatch(/^data:image\/png;base64,/);
    expect(canvas.context.calls).toEqual(['clear', 'image', 'dot']);
  });

  it('exports at a lower density when the PNG would be over the limit', () => {
    const onScreen = new FakeCanvas((canvas) => canvas.width * 1000);
    const spare: FakeCanvas[] = [];
    const surface = new SignatureSurface(onScreen, {
      maxDataUrlLength: 400_000,
      createCanvas: () => {
        const canvas = new FakeCanvas((c) => c.width * 1000);
        spare.push(canvas);
        return canvas;
      },
    });
    surface.resize({ width: 320, height: 176 }, 3);
    surface.pointerDown(pointer(20, 30));
    const dataUrl = surface.pointerEnd({ pointerId: 1 })!;
    // 960 px wide at 3x is too long, 640 px at 2x too; 320 px at 1x fits.
    expect(spare.map((canvas) => canvas.exports[0])).toEqual([
      { width: 640, height: 352 },
      { width: 320, height: 176 },
    ]);
    expect(dataUrl.length).toBeLessThanOrEqual(400_000);
  });
});
