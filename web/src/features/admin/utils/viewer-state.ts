/**
 * The image viewer's pure state (admin-request-review spec 9): zoom 0.5-5 in steps of 0.25,
 * rotation in quarter turns, panning only while zoomed in, and the keyboard map.
 */
export const ZOOM = { min: 0.5, max: 5, step: 0.25, reset: 1 } as const;
export const ROTATION_STEP = 90;
/** Rotation and zoom are saved this long after the last change to an image. */
export const SAVE_DELAY_MS = 500;

export interface ViewState {
  rotation: number;
  zoom: number;
  x: number;
  y: number;
}

export const INITIAL_VIEW: ViewState = { rotation: 0, zoom: ZOOM.reset, x: 0, y: 0 };

const round2 = (value: number) => Math.round(value * 100) / 100;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM.reset;
  return round2(Math.min(ZOOM.max, Math.max(ZOOM.min, zoom)));
}

/** One step in or out, landing on the 0.25 grid (a pinched 1.1 steps in to 1.25, out to 1). */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const steps = zoom / ZOOM.step;
  const next = direction > 0 ? Math.floor(steps + 1e-6) + 1 : Math.ceil(steps - 1e-6) - 1;
  return clampZoom(next * ZOOM.step);
}

/** Any angle as 0, 90, 180 or 270. */
export function normaliseRotation(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  const quarter = Math.round(degrees / ROTATION_STEP) * ROTATION_STEP;
  return ((quarter % 360) + 360) % 360;
}

/** A new zoom; back at 100% or below, the image is centred again. */
export function withZoom(state: ViewState, zoom: number): ViewState {
  const next = clampZoom(zoom);
  return next <= 1 ? { ...state, zoom: next, x: 0, y: 0 } : { ...state, zoom: next };
}

export type ViewerAction =
  | 'next'
  | 'previous'
  | 'zoomIn'
  | 'zoomOut'
  | 'resetZoom'
  | 'rotateRight'
  | 'rotateLeft'
  | 'fullscreen'
  | 'close';

const KEYS: Record<string, ViewerAction> = {
  ArrowRight: 'next',
  ArrowDown: 'next',
  ArrowLeft: 'previous',
  ArrowUp: 'previous',
  '+': 'zoomIn',
  '=': 'zoomIn',
  '-': 'zoomOut',
  _: 'zoomOut',
  '0': 'resetZoom',
  r: 'rotateRight',
  R: 'rotateRight',
  l: 'rotateLeft',
  L: 'rotateLeft',
  f: 'fullscreen',
  F: 'fullscreen',
  Escape: 'close',
};

/** The action of a key press; none with Ctrl, Meta or Alt held (those belong to the browser). */
export function keyAction(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): ViewerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  return KEYS[event.key] ?? null;
}

/** Applies a zoom or rotation action; other actions leave the state as it is. */
export function applyAction(state: ViewState, action: ViewerAction): ViewState {
  switch (action) {
    case 'zoomIn':
      return withZoom(state, stepZoom(state.zoom, 1));
    case 'zoomOut':
      return withZoom(state, stepZoom(state.zoom, -1));
    case 'resetZoom':
      return withZoom(state, ZOOM.reset);
    case 'rotateRight':
      return { ...state, rotation: normaliseRotation(state.rotation + ROTATION_STEP) };
    case 'rotateLeft':
      return { ...state, rotation: normaliseRotation(state.rotation - ROTATION_STEP) };
    default:
      return state;
  }
}

/** A wheel turn with Ctrl or Meta: up zooms in one step, down out. */
export function wheelZoom(state: ViewState, deltaY: number): ViewState {
  if (deltaY === 0) return state;
  return withZoom(state, stepZoom(state.zoom, deltaY < 0 ? 1 : -1));
}

/** Two-finger pinch: the zoom at the start scaled by how far the fingers moved apart. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0 || distance <= 0) return clampZoom(startZoom);
  return clampZoom(startZoom * (distance / startDistance));
}

/**
 * Dragging moves the image only while it is zoomed in. Kept exact while dragging (rounding each
 * pointer move made a long drag drift from the pointer); whole pixels are saved.
 */
export function pan(state: ViewState, dx: number, dy: number): ViewState {
  if (state.zoom <= 1) return state;
  return { ...state, x: state.x + dx, y: state.y + dy };
}

/** The saved state of one image from the request's image_rotations and image_zoom_states. */
export function initialViewState(
  rotation: number | undefined,
  zoomState: { zoom?: number; x?: number; y?: number } | undefined,
): ViewState {
  const zoom = clampZoom(zoomState?.zoom ?? ZOOM.reset);
  const keepOffset = zoom > 1;
  const offset = (value: number | undefined) =>
    keepOffset && typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return { rotation: normaliseRotation(rotation ?? 0), zoom, x: offset(zoomState?.x), y: offset(zoomState?.y) };
}

export function sameView(a: ViewState, b: ViewState): boolean {
  return a.rotation === b.rotation && a.zoom === b.zoom && a.x === b.x && a.y === b.y;
}

export function transformStyle(state: ViewState): string {
  return `translate(${state.x}px, ${state.y}px) rotate(${state.rotation}deg) scale(${state.zoom})`;
}

export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

/** The body of PUT /image-state for one image. */
export function imageStatePayload(imageType: string, state: ViewState) {
  return {
    imageType,
    rotation: state.rotation,
    zoomState: { zoom: state.zoom, x: Math.round(state.x), y: Math.round(state.y) },
  };
}

/** The next index, wrapping around. */
export function cycleIndex(index: number, count: number, direction: 1 | -1): number {
  if (count <= 0) return 0;
  return (((index + direction) % count) + count) % count;
}
