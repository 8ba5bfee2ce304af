import { useEffect, useId, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { SIGNATURE_DATA_URL_MAX_LENGTH } from '@ledgerwell/shared/issuer-onboarding-rules';
import { SignatureSurface } from './signature-surface';
import './signature-pad.css';

export interface SignaturePadProps {
  /** The signature as a PNG data URL, or null when unsigned. */
  value: string | null;
  onChange(dataUrl: string | null): void;
  error?: string;
  /** Put on the pad's group (focusable with focus()); the error message gets `${id}-error`. */
  id?: string;
}

const ACCESSIBLE_NAME = 'Signature: draw with your mouse, finger or pen';

/**
 * A drawn signature: pointer events (mouse, pen, touch) on a canvas sized to its container at the
 * screen's density. The PNG is handed out at the end of every stroke.
 */
export function SignaturePad({ value, onChange, error, id }: SignaturePadProps) {
  const generatedId = useId();
  const groupId = id ?? generatedId;
  const errorId = `${groupId}-error`;
  const hintId = `${groupId}-hint`;
  const labelId = `${groupId}-label`;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const surfaceRef = useRef<SignatureSurface | null>(null);
  // The value this pad handed out last (or drew): a different `value` comes from outside (a draft).
  const shownValue = useRef<string | null | undefined>(undefined);
  const signed = value !== null;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const surface = (surfaceRef.current ??= new SignatureSurface(canvas, {
      createCanvas: () => document.createElement('canvas'),
      maxDataUrlLength: SIGNATURE_DATA_URL_MAX_LENGTH,
    }));
    const fitToBox = () =>
      surface.resize({ width: canvas.clientWidth, height: canvas.clientHeight }, window.devicePixelRatio);
    fitToBox();
    const observer = new ResizeObserver(fitToBox);
    observer.observe(canvas);
    // Moving the window to a screen of another density changes no size: listen for it apart.
    let density: MediaQueryList | null = null;
    const watchDensity = () => {
      density?.removeEventListener('change', onDensity);
      density = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      density.addEventListener('change', onDensity);
    };
    const onDensity = () => {
      fitToBox();
      watchDensity();
    };
    watchDensity();
    return () => {
      observer.disconnect();
      density?.removeEventListener('change', onDensity);
    };
  }, []);

  // Draw a signature that arrives from outside (a restored draft), or wipe it when it is reset.
  useEffect(() => {
    const surface = surfaceRef.current;
    if (!surface || value === shownValue.current) return;
    shownValue.current = value;
    if (value === null) {
      surface.clear();
      return;
    }
    const image = new Image();
    image.onload = () => {
      if (shownValue.current === value)
        surface.setBaseImage(image, { width: image.naturalWidth, height: image.naturalHeight });
    };
    image.src = value;
  }, [value]);

  function handleEnd(event: ReactPointerEvent<HTMLCanvasElement>) {
    const dataUrl = surfaceRef.current?.pointerEnd(event.nativeEvent);
    if (!dataUrl) return;
    shownValue.current = dataUrl;
    onChange(dataUrl);
  }

  function handleClear() {
    surfaceRef.current?.clear();
    shownValue.current = null;
    onChange(null);
  }

  return (
    <div
      id={groupId}
      className={error ? 'signature-pad signature-pad--invalid' : 'signature-pad'}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      tabIndex={-1}
    >
      <p id={labelId} className="field__label signature-pad__label">
        Signature
      </p>
      <p id={hintId} className="signature-pad__hint">
        Draw your signature in the box with your mouse, finger or pen. Signing needs a pointing device.
      </p>
      <div className="signature-pad__box">
        <canvas
          ref={canvasRef}
          className="signature-pad__canvas"
          role="img"
          aria-label={ACCESSIBLE_NAME}
          onPointerDown={(event) => {
            if (surfaceRef.current?.pointerDown(event.nativeEvent)) event.preventDefault();
          }}
          onPointerMove={(event) => surfaceRef.current?.pointerMove(event.nativeEvent)}
          onPointerUp={handleEnd}
          onPointerCancel={handleEnd}
          onLostPointerCapture={handleEnd}
        />
      </div>
      <div className="signature-pad__footer">
        <p className="signature-pad__status" aria-live="polite">
          {signed ? 'Signature captured' : 'Not signed yet'}
        </p>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={handleClear}
          disabled={!signed}
        >
          Clear Signature
        </button>
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
