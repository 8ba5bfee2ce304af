import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { DocumentType } from '@ledgerwell/shared/verification';
import type { ImageSlot } from '../../hooks/use-document-images';
import {
  applyAction,
  cycleIndex,
  INITIAL_VIEW,
  keyAction,
  pan,
  pinchZoom,
  sameView,
  transformStyle,
  wheelZoom,
  withZoom,
  zoomPercent,
  ZOOM,
  type ViewerAction,
  type ViewState,
} from '../../utils/viewer-state';
import { Modal } from '../modal';
import {
  CloseIcon,
  FullscreenIcon,
  NextIcon,
  PreviousIcon,
  RotateLeftIcon,
  RotateRightIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from './viewer-icons';

export interface ViewerImage {
  type: DocumentType;
  label: string;
  status: string;
  slot: ImageSlot;
}

interface ImageViewerProps {
  images: ViewerImage[];
  index: number;
  onIndexChange: (index: number) => void;
  views: Partial<Record<DocumentType, ViewState>>;
  onViewChange: (type: DocumentType, state: ViewState) => void;
  /** A change is waiting to be saved or being saved. */
  saving: boolean;
  onClose: () => void;
}

interface Gesture {
  pointers: Map<number, { x: number; y: number }>;
  pinch: { distance: number; zoom: number } | null;
}

const distance = (points: { x: number; y: number }[]) => {
  const [a, b] = points;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
};

/**
 * The identity image viewer (spec 9): one document at a time, zoom 50-500%, quarter-turn rotation,
 * keyboard (arrows, + - 0, R L, F, Esc), Ctrl/Meta + wheel, pinch and drag to pan.
 */
export function ImageViewer({ images, index, onIndexChange, views, onViewChange, saving, onClose }: ImageViewerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture>({ pointers: new Map(), pinch: null });
  const [fullscreen, setFullscreen] = useState(false);
  const current = images[index];
  const view = (current && views[current.type]) ?? INITIAL_VIEW;

  function update(next: ViewState) {
    if (current && !sameView(next, view)) onViewChange(current.type, next);
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void frame.current?.requestFullscreen?.().catch(() => undefined);
  }

  function act(action: ViewerAction) {
    if (action === 'close') onClose();
    else if (action === 'fullscreen') toggleFullscreen();
    else if (action === 'next' || action === 'previous') {
      if (images.length > 1) onIndexChange(cycleIndex(index, images.length, action === 'next' ? 1 : -1));
    } else update(applyAction(view, action));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    const action = keyAction(event);
    if (!action) return;
    // Space and Enter still press the focused button; arrows and letters belong to the viewer.
    event.preventDefault();
    act(action);
  }

  // Ctrl/Meta + wheel zooms. React's wheel listener is passive, so the page would zoom too: listen natively.
  const onWheel = useEffectEvent((event: WheelEvent) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    update(wheelZoom(view, event.deltaY));
  });
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const listener = (event: WheelEvent) => onWheel(event);
    element.addEventListener('wheel', listener, { passive: false });
    return () => element.removeEventListener('wheel', listener);
  }, []);

  useEffect(() => {
    const element = frame.current;
    const changed = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === element);
    document.addEventListener('fullscreenchange', changed);
    return () => {
      document.removeEventListener('fullscreenchange', changed);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  function pointerDown(event: PointerEvent<HTMLDivElement>) {
    const { pointers } = gesture.current;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) gesture.current.pinch = { distance: distance([...pointers.values()]), zoom: view.zoom };
  }

  function pointerMove(event: PointerEvent<HTMLDivElement>) {
    const { pointers, pinch } = gesture.current;
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, point);
    if (pointers.size >= 2 && pinch) {
      update(withZoom(view, pinchZoom(pinch.zoom, pinch.distance, distance([...pointers.values()]))));
    } else if (pointers.size === 1) {
      update(pan(view, point.x - last.x, point.y - last.y));
    }
  }

  function pointerUp(event: PointerEvent<HTMLDivElement>) {
    gesture.current.pointers.delete(event.pointerId);
    if (gesture.current.pointers.size < 2) gesture.current.pinch = null;
  }

  const summary = `Zoom ${zoomPercent(view.zoom)}, rotation ${view.rotation}°`;

  return (
    <Modal
      title="Identity document viewer"
      hideTitle
      onClose={onClose}
      onKeyDown={handleKeyDown}
      className="modal--viewer"
    >
      <div ref={frame} className={fullscreen ? 'viewer viewer--fullscreen' : 'viewer'}>
        {!current ? (
          <>
            <p className="viewer__empty">No images to display</p>
            <div className="viewer__toolbar">
              <button type="button" className="button button--secondary button--small" onClick={onClose}>
                Close
              </button>
            </div>
          </>
        ) : (
          <>
            <div className="viewer__toolbar">
              <p className="viewer__title">
                <strong>{current.label}</strong> <span className="muted">({current.status})</span>{' '}
                <span className="viewer__count">
                  {index + 1} of {images.length}
                </span>
              </p>
              {/* The zoom buttons are only aria-disabled at their limits (a click there changes nothing):
                  a disabled button would drop the keyboard focus out of the viewer, and its keys with it. */}
              <div className="viewer__controls" role="toolbar" aria-label="Image controls">
                <button
                  type="button"
                  className="viewer__button"
                  onClick={() => act('previous')}
                  disabled={images.length < 2}
                  aria-label="Previous image"
                >
                  <PreviousIcon />
                </button>
                <button
                  type="button"
                  className="viewer__button"
                  onClick={() => act('next')}
                  disabled={images.length < 2}
                  aria-label="Next image"
                >
                  <NextIcon />
                </button>
                <button
                  type="button"
                  className="viewer__button"
                  onClick={() => act('zoomOut')}
                  aria-disabled={view.zoom <= ZOOM.min}
                  aria-label="Zoom out"
                >
                  <ZoomOutIcon />
                </button>
                <button
                  type="button"
                  className="viewer__button viewer__button--wide"
                  onClick={() => act('resetZoom')}
                  aria-label="Reset zoom"
                >
                  {zoomPercent(view.zoom)}
                </button>
                <button
                  type="button"
                  className="viewer__button"
                  onClick={() => act('zoomIn')}
                  aria-disabled={view.zoom >= ZOOM.max}
                  aria-label="Zoom in"
                >
                  <ZoomInIcon />
                </button>
                <button
                  type="button"
                  className="viewer__button"
                  onClick={() => act('rotateLeft')}
                  aria-label="Rotate left"
                >
                  <RotateLeftIcon />
                </button>
                <button
                  type="button"
                  className="viewer__button"
                  onClick={() => act('rotateRight')}
                  aria-label="Rotate right"
                >
                  <RotateRightIcon />
                </button>
                <button
                  type="button"
                  className="viewer__button"
                  onClick={() => act('fullscreen')}
                  aria-pressed={fullscreen}
                  aria-label="Full screen"
                >
                  <FullscreenIcon />
                </button>
                <button type="button" className="viewer__button" onClick={onClose} aria-label="Close viewer">
                  <CloseIcon />
                </button>
              </div>
            </div>
            <div
              ref={stage}
              className={view.zoom > 1 ? 'viewer__stage viewer__stage--pannable' : 'viewer__stage'}
              onPointerDown={pointerDown}
              onPointerMove={pointerMove}
              onPointerUp={pointerUp}
              onPointerCancel={pointerUp}
            >
              {current.slot.status === 'ready' ? (
                <img
                  className="viewer__image"
                  src={current.slot.url}
                  alt={current.label}
                  draggable={false}
                  style={{ transform: transformStyle(view) }}
                  data-rotation={view.rotation}
                  data-zoom={view.zoom}
                />
              ) : current.slot.status === 'failed' ? (
                <p className="viewer__empty">Failed to load image</p>
              ) : (
                <p className="viewer__empty">Loading...</p>
              )}
            </div>
            <div className="viewer__footer">
              <p aria-live="polite" className="viewer__summary">
                {summary}
              </p>
              <p role="status" className="viewer__saving">
                {saving ? 'Saving...' : ''}
              </p>
              <p className="viewer__help muted">
                Keys: ← → images · + − zoom · 0 reset · R L rotate · F full screen · Esc close
              </p>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
