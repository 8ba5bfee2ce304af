import { describe, expect, it } from 'vitest';
import {
  applyAction,
  clampZoom,
  cycleIndex,
  imageStatePayload,
  INITIAL_VIEW,
  initialViewState,
  keyAction,
  normaliseRotation,
  pan,
  pinchZoom,
  stepZoom,
  transformStyle,
  wheelZoom,
  withZoom,
  zoomPercent,
  type ViewState,
} from './viewer-state';

describe('zoom', () => {
  it('clamps to 0.5-5', () => {
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(1.333)).toBe(1.33);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('steps by 0.25 on the grid, within the limits', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(1.1, 1)).toBe(1.25);
    expect(stepZoom(1.1, -1)).toBe(1);
    expect(stepZoom(5, 1)).toBe(5);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });

  it('recentres the image at 100% and below', () => {
    const zoomed = { rotation: 0, zoom: 2, x: 40, y: -10 };
    expect(withZoom(zoomed, 1.5)).toEqual({ rotation: 0, zoom: 1.5, x: 40, y: -10 });
    expect(withZoom(zoomed, 1)).toEqual({ rotation: 0, zoom: 1, x: 0, y: 0 });
  });

  it('zooms with the wheel and with a pinch', () => {
    expect(wheelZoom(INITIAL_VIEW, -100).zoom).toBe(1.25);
    expect(wheelZoom(INITIAL_VIEW, 100).zoom).toBe(0.75);
    expect(wheelZoom(INITIAL_VIEW, 0)).toBe(INITIAL_VIEW);
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 10)).toBe(0.5);
    expect(pinchZoom(1.5, 0, 50)).toBe(1.5);
  });

  it('pans only while zoomed in', () => {
    expect(pan(INITIAL_VIEW, 10, 10)).toBe(INITIAL_VIEW);
    expect(pan({ rotation: 0, zoom: 2, x: 0, y: 0 }, 10.4, -3)).toEqual({ rotation: 0, zoom: 2, x: 10.4, y: -3 });
    // A long drag of small fractional moves ends where the pointer does.
    let dragged: ViewState = { rotation: 0, zoom: 2, x: 0, y: 0 };
    for (let step = 0; step < 100; step++) dragged = pan(dragged, 0.5, -0.25);
    expect(dragged).toEqual({ rotation: 0, zoom: 2, x: 50, y: -25 });
    expect(imageStatePayload('selfie', { rotation: 0, zoom: 2, x: 10.4, y: -2.6 }).zoomState).toEqual({
      zoom: 2,
      x: 10,
      y: -3,
    });
  });

  it('shows zoom as a percentage', () => {
    expect(zoomPercent(1.25)).toBe('125%');
  });
});

describe('rotation', () => {
  it('normalises to quarter turns 0-270', () => {
    expect(normaliseRotation(360)).toBe(0);
    expect(normaliseRotation(-90)).toBe(270);
    expect(normaliseRotation(450)).toBe(90);
    expect(normaliseRotation(100)).toBe(90);
  });

  it('turns right and left by 90 degrees', () => {
    expect(applyAction(INITIAL_VIEW, 'rotateRight').rotation).toBe(90);
    expect(applyAction(INITIAL_VIEW, 'rotateLeft').rotation).toBe(270);
  });
});

describe('keys', () => {
  it('maps the spec’s keys to actions', () => {
    expect(keyAction({ key: 'ArrowRight' })).toBe('next');
    expect(keyAction({ key: 'ArrowLeft' })).toBe('previous');
    expect(keyAction({ key: '+' })).toBe('zoomIn');
    expect(keyAction({ key: '=' })).toBe('zoomIn');
    expect(keyAction({ key: '-' })).toBe('zoomOut');
    expect(keyAction({ key: '0' })).toBe('resetZoom');
    expect(keyAction({ key: 'r' })).toBe('rotateRight');
    expect(keyAction({ key: 'R' })).toBe('rotateRight');
    expect(keyAction({ key: 'l' })).toBe('rotateLeft');
    expect(keyAction({ key: 'f' })).toBe('fullscreen');
    expect(keyAction({ key: 'Escape' })).toBe('close');
    expect(keyAction({ key: 'x' })).toBeNull();
  });

  it('leaves browser shortcuts alone', () => {
    expect(keyAction({ key: 'r', ctrlKey: true })).toBeNull();
    expect(keyAction({ key: '+', metaKey: true })).toBeNull();
  });

  it('resets the zoom with 0 and keeps the rotation', () => {
    expect(applyAction({ rotation: 180, zoom: 3, x: 5, y: 5 }, 'resetZoom')).toEqual({
      rotation: 180,
      zoom: 1,
      x: 0,
      y: 0,
    });
    expect(applyAction(INITIAL_VIEW, 'next')).toBe(INITIAL_VIEW);
  });
});

describe('saved state', () => {
  it('starts from the request’s saved rotation and zoom, cleaned', () => {
    expect(initialViewState(90, { zoom: 2, x: 12, y: -4 })).toEqual({ rotation: 90, zoom: 2, x: 12, y: -4 });
    expect(initialViewState(undefined, undefined)).toEqual(INITIAL_VIEW);
    expect(initialViewState(-90, { zoom: 12, x: Number.NaN, y: 3 })).toEqual({ rotation: 270, zoom: 5, x: 0, y: 3 });
    expect(initialViewState(0, { zoom: 1, x: 30, y: 30 })).toEqual(INITIAL_VIEW);
  });

  it('builds the image-state body and the CSS transform', () => {
    const state = { rotation: 90, zoom: 1.25, x: 4, y: 0 };
    expect(imageStatePayload('selfie', state)).toEqual({
      imageType: 'selfie',
      rotation: 90,
      zoomState: { zoom: 1.25, x: 4, y: 0 },
    });
    expect(transformStyle(state)).toBe('translate(4px, 0px) rotate(90deg) scale(1.25)');
  });

  it('wraps around the images', () => {
    expect(cycleIndex(2, 3, 1)).toBe(0);
    expect(cycleIndex(0, 3, -1)).toBe(2);
    expect(cycleIndex(0, 0, 1)).toBe(0);
  });
});
