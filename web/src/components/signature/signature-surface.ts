import {
  LINE_WIDTH,
  backingSize,
  containRect,
  exportRatios,
  fitScale,
  pixelRatio,
  segmentEndingAt,
  strokeSegments,
  toFramePoint,
  type Point,
  type Segment,
  type Size,
} from './signature-geometry';

/** What the surface needs of a <canvas> (a fake one in tests). */
export interface SurfaceCanvas {
  width: number;
  height: number;
  getContext(contextId: '2d'): SurfaceContext | null;
  toDataURL(type: 'image/png'): string;
  getBoundingClientRect(): { left: number; top: number };
  setPointerCapture?(pointerId: number): void;
  releasePointerCapture?(pointerId: number): void;
  hasPointerCapture?(pointerId: number): boolean;
}

export type SurfaceContext = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'drawImage'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'quadraticCurveTo'
  | 'arc'
  | 'fill'
  | 'stroke'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
  | 'strokeStyle'
  | 'fillStyle'
>;

/** The parts of a PointerEvent the surface reads. */
export interface PointerInput {
  pointerId: number;
  pointerType: string;
  button: number;
  clientX: number;
  clientY: number;
  getCoalescedEvents?(): readonly PointerInput[];
}

export interface SurfaceOptions {
  /** A fresh canvas for a lower-density export when the PNG would be too large. */
  createCanvas?: () => SurfaceCanvas;
  /** Longest data URL to hand out if a smaller export exists (the server refuses more than 512,000 characters). */
  maxDataUrlLength?: number;
}

const INK = '#000';

/**
 * A drawing surface on a canvas: pointer input becomes strokes kept in memory, so the drawing
 * survives a resize (it is drawn again, scaled to fit) and exports at the screen's density.
 */
export class SignatureSurface {
  private strokes: Point[][] = [];
  private frame: Size | null = null;
  private base: { image: CanvasImageSource; size: Size } | null = null;
  private css: Size = { width: 0, height: 0 };
  private ratio = 1;
  private active: { pointerId: number; points: Point[] } | null = null;

  constructor(
    private readonly canvas: SurfaceCanvas,
    private readonly options: SurfaceOptions = {},
  ) {}

  get isEmpty(): boolean {
    return this.strokes.length === 0 && this.base === null;
  }

  get pixelRatio(): number {
    return this.ratio;
  }

  /** Sets the canvas's backing store for its CSS size and the screen's density, then redraws. */
  resize(css: Size, devicePixelRatio: number): void {
    this.css = { width: Math.max(0, css.width), height: Math.max(0, css.height) };
    this.ratio = pixelRatio(devicePixelRatio);
    const backing = backingSize(this.css, this.ratio);
    this.canvas.width = backing.width;
    this.canvas.height = backing.height;
    this.redraw();
  }

  /** Shows a signature drawn earlier (a restored draft), replacing whatever is on the surface. */
  setBaseImage(image: CanvasImageSource, size: Size): void {
    this.reset();
    this.base = { image, size };
    this.redraw();
  }

  clear(): void {
    this.reset();
    this.redraw();
  }

  /** Starts a stroke; true when the event was taken (the caller then prevents its default). */
  pointerDown(event: PointerInput): boolean {
    if (this.active || (event.pointerType === 'mouse' && event.button !== 0)) return false;
    if (this.css.width <= 0 || this.css.height <= 0) return false;
    this.frame ??= { ...this.css };
    this.canvas.setPointerCapture?.(event.pointerId);
    const points = [this.point(event)];
    this.strokes.push(points);
    this.active = { pointerId: event.pointerId, points };
    this.drawLive({ kind: 'dot', at: points[0]! });
    return true;
  }

  pointerMove(event: PointerInput): void {
    const active = this.active;
    if (!active || active.pointerId !== event.pointerId) return;
    // Coalesced events carry the positions the browser merged into this one: smoother fast strokes.
    const coalesced = event.getCoalescedEvents?.() ?? [];
    for (const input of coalesced.length > 0 ? coalesced : [event]) {
      const point = this.point(input);
      const last = active.points[active.points.length - 1];
      if (last && last.x === point.x && last.y === point.y) continue;
      active.points.push(point);
      const segment = segmentEndingAt(active.points, active.points.length - 1);
      if (segment) this.drawLive(segment);
    }
  }

  /**
   * Ends the stroke (pointerup, pointercancel or a lost capture) and returns the signature as a
   * PNG data URL, or null when no stroke of this pointer was under way.
   */
  pointerEnd(event: Pick<PointerInput, 'pointerId'>): string | null {
    const active = this.active;
    if (!active || active.pointerId !== event.pointerId) return null;
    this.active = null;
    if (this.canvas.hasPointerCapture?.(event.pointerId)) this.canvas.releasePointerCapture?.(event.pointerId);
    this.redraw();
    return this.exportPng();
  }

  /** The drawing as a PNG data URL at the screen's density, or a lower one if that is too large. */
  exportPng(): string {
    const max = this.options.maxDataUrlLength ?? Number.POSITIVE_INFINITY;
    let dataUrl = this.canvas.toDataURL('image/png');
    const createCanvas = this.options.createCanvas;
    if (dataUrl.length <= max || !createCanvas) return dataUrl;
    for (const ratio of exportRatios(this.ratio).slice(1)) {
      const canvas = createCanvas();
      const backing = backingSize(this.css, ratio);
      canvas.width = backing.width;
      canvas.height = backing.height;
      const context = canvas.getContext('2d');
      if (!context) break;
      this.render(context, backing, ratio);
      dataUrl = canvas.toDataURL('image/png');
      if (dataUrl.length <= max) break;
    }
    return dataUrl;
  }

  private reset(): void {
    this.strokes = [];
    this.frame = null;
    this.base = null;
    this.active = null;
  }

  private get fit(): number {
    return this.frame ? fitScale(this.frame, this.css) : 1;
  }

  private point(input: PointerInput): Point {
    return toFramePoint(input, this.canvas.getBoundingClientRect(), this.fit);
  }

  private redraw(): void {
    const context = this.canvas.getContext('2d');
    if (context) this.render(context, { width: this.canvas.width, height: this.canvas.height }, this.ratio);
  }

  private render(context: SurfaceContext, backing: Size, ratio: number): void {
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, backing.width, backing.height);
    if (this.base) {
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      const box = containRect(this.base.size, this.css);
      context.drawImage(this.base.image, box.x, box.y, box.width, box.height);
    }
    this.applyPen(context, ratio);
    for (const stroke of this.strokes) {
      for (const segment of strokeSegments(stroke)) drawSegment(context, segment, LINE_WIDTH / this.fit);
    }
  }

  private drawLive(segment: Segment): void {
    const context = this.canvas.getContext('2d');
    if (!context) return;
    this.applyPen(context, this.ratio);
    drawSegment(context, segment, LINE_WIDTH / this.fit);
  }

  /** Frame units to device pixels; a line LINE_WIDTH CSS pixels wide whatever the scale. */
  private applyPen(context: SurfaceContext, ratio: number): void {
    const scale = ratio * this.fit;
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.lineWidth = LINE_WIDTH / this.fit;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = INK;
    context.fillStyle = INK;
  }
}

function drawSegment(context: SurfaceContext, segment: Segment, width: number): void {
  context.beginPath();
  switch (segment.kind) {
    case 'dot':
      context.arc(segment.at.x, segment.at.y, width / 2, 0, Math.PI * 2);
      context.fill();
      return;
    case 'line':
      context.moveTo(segment.from.x, segment.from.y);
      context.lineTo(segment.to.x, segment.to.y);
      break;
    case 'quad':
      context.moveTo(segment.from.x, segment.from.y);
      context.quadraticCurveTo(segment.control.x, segment.control.y, segment.to.x, segment.to.y);
      break;
  }
  context.stroke();
}
