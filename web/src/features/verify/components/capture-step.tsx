import { useEffect, useId, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import Webcam from 'react-webcam';
import { DOCUMENT_LABELS, IMAGE_RULES, type DocumentType } from '@ledgerwell/shared/verification';
import { Spinner } from '../../../components/ui/spinner';
import { preloadFaces } from '../analyse-photo';
import { CAMERA_MESSAGES, PAGE_MESSAGES, type CameraProblem } from '../messages';
import { preloadCompression, processPhoto, type ProcessedPhoto } from '../process-photo';
import type { PhotoView } from '../session';

const STEP_TEXT: Record<DocumentType, { title: string; instructions: string; alt: string }> = {
  selfie: {
    title: 'Take a selfie',
    instructions: 'Face the camera in good light, with your face inside the oval. Remove sunglasses and hats.',
    alt: 'Your selfie',
  },
  id_front: {
    title: 'Photograph the front of your ID',
    instructions:
      'Lay your ID on a dark, flat surface and fit it inside the frame. All four corners and the text must be visible, without glare.',
    alt: 'The front of your ID',
  },
  id_back: {
    title: 'Photograph the back of your ID',
    instructions: 'Turn your ID over and fit the back inside the frame, all four corners visible, without glare.',
    alt: 'The back of your ID',
  },
};

const SCREENSHOT_QUALITY = 0.92;
const IDEAL_SIZE = { width: { ideal: 1920 }, height: { ideal: 1440 } };
const SELFIE_CONSTRAINTS: MediaTrackConstraints = { facingMode: 'user', ...IDEAL_SIZE };
const ID_CONSTRAINTS: MediaTrackConstraints = { facingMode: { exact: 'environment' }, ...IDEAL_SIZE };
/** Laptops and some tablets have no camera that says it faces the environment: take any. */
const ID_FALLBACK_CONSTRAINTS: MediaTrackConstraints = { facingMode: 'environment', ...IDEAL_SIZE };

const ACCEPT = IMAGE_RULES.mimeTypes.filter((type) => type !== 'image/jpg').join(',');

function cameraProblem(error: string | DOMException): CameraProblem {
  if (typeof error === 'string') return 'unsupported';
  switch (error.name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'missing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

function hasCameraApi(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

interface CaptureStepProps {
  kind: DocumentType;
  index: number;
  total: number;
  photo: PhotoView | undefined;
  /** The server already holds this photo (sent earlier, from here or another device). */
  received: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onPhoto: (kind: DocumentType, photo: ProcessedPhoto) => Promise<void>;
  onNext: (() => void) | null;
}

/** One step: the camera with a guide frame (or a file picker), the checks, then the photo with Retake. */
export function CaptureStep({ kind, index, total, photo, received, headingRef, onPhoto, onNext }: CaptureStepProps) {
  const id = useId();
  const label = DOCUMENT_LABELS[kind];
  const text = STEP_TEXT[kind];
  const webcamRef = useRef<Webcam>(null);
  const [retaking, setRetaking] = useState(false);
  const [constraints, setConstraints] = useState<MediaTrackConstraints>(
    kind === 'selfie' ? SELFIE_CONSTRAINTS : ID_CONSTRAINTS,
  );
  const [problem, setProblem] = useState<CameraProblem | null>(hasCameraApi() ? null : 'unsupported');
  const [cameraReady, setCameraReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(preloadCompression, []);
  // The face detector is large: only the selfie step asks for it, as soon as it opens.
  useEffect(() => {
    if (kind === 'selfie') preloadFaces();
  }, [kind]);

  const capturing = retaking || (!photo && !received);
  const facing = kind === 'selfie' ? 'user' : 'environment';

  function handleCameraError(cameraError: string | DOMException) {
    setCameraReady(false);
    if (
      typeof cameraError !== 'string' &&
      cameraError.name === 'OverconstrainedError' &&
      constraints === ID_CONSTRAINTS
    ) {
      setConstraints(ID_FALLBACK_CONSTRAINTS);
      return;
    }
    setProblem(cameraProblem(cameraError));
  }

  async function handleFile(file: File) {
    setProcessing(true);
    setError(null);
    try {
      const result = await processPhoto(file, kind);
      if (!result.ok) {
        setError(result.message);
        return;
      }
      await onPhoto(kind, result.photo);
      setRetaking(false);
    } finally {
      setProcessing(false);
    }
  }

  async function takePhoto() {
    // getCanvas() + toBlob() rather than getScreenshot(): toDataURL encodes on the main thread and the
    // base64 string then has to be decoded again; toBlob encodes in the background.
    const canvas = webcamRef.current?.getCanvas();
    if (!canvas) {
      setError(PAGE_MESSAGES.cameraNotReady);
      return;
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', SCREENSHOT_QUALITY));
    if (!blob) {
      setError(PAGE_MESSAGES.cameraNotReady);
      return;
    }
    await handleFile(new File([blob], `${kind}.jpg`, { type: 'image/jpeg' }));
  }

  function handlePicked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (file) void handleFile(file);
  }

  const errorId = `${id}-error`;
  return (
    <section className="verify-step" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="verify-step__heading">
        <span className="verify-step__number">
          Step {index + 1} of {total}: {label}
        </span>
        <span className="verify-step__title">{text.title}</span>
      </h2>
      <p className="verify-step__instructions">{text.instructions}</p>

      {!capturing && (
        <div className="verify-preview">
          {photo ? (
            <img
              className="verify-preview__image"
              src={photo.url}
              alt={text.alt}
              width={photo.width}
              height={photo.height}
            />
          ) : (
            <p className="notice notice--success">We have already received this photo.</p>
          )}
          <div className="actions">
            {onNext && (
              <button type="button" className="button" onClick={onNext}>
                Next step
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={() => setRetaking(true)}>
              Retake {label}
            </button>
          </div>
        </div>
      )}

      {capturing && (
        <div className="verify-capture" aria-busy={processing}>
          {problem === null ? (
            <div className={`verify-camera verify-camera--${kind === 'selfie' ? 'face' : 'card'}`}>
              <Webcam
                ref={webcamRef}
                className="verify-camera__video"
                audio={false}
                videoConstraints={constraints}
                screenshotFormat="image/jpeg"
                screenshotQuality={SCREENSHOT_QUALITY}
                forceScreenshotSourceSize
                onUserMediaError={handleCameraError}
                // Ready once frames play: right after getUserMedia the video can still be black.
                onPlaying={() => setCameraReady(true)}
                onEmptied={() => setCameraReady(false)}
                aria-label={`Camera preview for your ${label.toLowerCase()}`}
              />
              <div className="verify-camera__guide" aria-hidden="true" />
            </div>
          ) : (
            <p className="notice notice--warning" role="status">
              {CAMERA_MESSAGES[problem]}
            </p>
          )}

          {processing && <Spinner label="Checking the photo" />}

          {error && (
            <p id={errorId} className="notice notice--error verify-capture__error" role="alert">
              {error}
            </p>
          )}

          <div className="actions">
            {problem === null && (
              <button
                type="button"
                className="button"
                onClick={takePhoto}
                disabled={!cameraReady || processing}
                aria-describedby={error ? errorId : undefined}
              >
                Take photo
              </button>
            )}
            {problem !== null && (
              <label className={`button verify-file${processing ? ' verify-file--disabled' : ''}`}>
                <input
                  className="visually-hidden"
                  type="file"
                  accept={ACCEPT}
                  capture={facing}
                  onChange={handlePicked}
                  disabled={processing}
                />
                Take a photo with the camera app
              </label>
            )}
            <label className={`button button--secondary verify-file${processing ? ' verify-file--disabled' : ''}`}>
              <input
                className="visually-hidden"
                type="file"
                accept={ACCEPT}
                onChange={handlePicked}
                disabled={processing}
              />
              {problem === null ? 'Upload a photo instead' : 'Choose a photo'}
            </label>
            {retaking && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setRetaking(false)}
                disabled={processing}
              >
                Cancel
              </button>
            )}
          </div>
          <p className="muted verify-capture__hint">JPG or PNG, at least 800x600 pixels, up to 10MB.</p>
        </div>
      )}
    </section>
  );
}
