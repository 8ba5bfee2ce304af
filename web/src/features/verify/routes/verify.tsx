import '../verify.css';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DOCUMENT_LABELS, DOCUMENT_TYPES, VERIFICATION_MESSAGES, type DocumentType } from '@ledgerwell/shared/verification';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { uploadVerificationPhoto, validateVerificationCode } from '../api';
import { CaptureStep } from '../components/capture-step';
import { DesktopHandoff } from '../components/desktop-handoff';
import { FailurePanel } from '../components/failure-panel';
import { StepIndicator } from '../components/step-indicator';
import { isMobileDevice } from '../device';
import { PAGE_MESSAGES } from '../messages';
import { openPhotoStore } from '../photo-store';
import type { ProcessedPhoto } from '../process-photo';
import { VerificationSession, type SessionDeps, type SessionState } from '../session';
import { firstOpenStep, planSubmission, stepDone, type LocalPhotos } from '../sync';

/** /verify/{code}: identity verification by one-time code (public-site spec 2, 4, 5, 7, 8). */
export default function VerifyPage() {
  const { code = '' } = useParams();
  const normalised = code.trim().toUpperCase();
  // A new code is a new page: its own session, state and photos.
  return <VerificationFlow key={normalised} code={normalised} />;
}

function browserDeps(): SessionDeps {
  return {
    openStore: openPhotoStore,
    validate: (code) => validateVerificationCode(code),
    upload: uploadVerificationPhoto,
    isOnline: () => navigator.onLine,
    now: () => Date.now(),
    createUrl: (blob) => URL.createObjectURL(blob),
    revokeUrl: (url) => URL.revokeObjectURL(url),
  };
}

function localStates(photos: SessionState['photos']): LocalPhotos {
  const local: LocalPhotos = {};
  for (const kind of DOCUMENT_TYPES) {
    const photo = photos[kind];
    if (photo) local[kind] = { uploaded: photo.uploaded };
  }
  return local;
}

function VerificationFlow({ code }: { code: string }) {
  const navigate = useNavigate();
  const [session] = useState(() => new VerificationSession(code, browserDeps()));
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const [mobile] = useState(() => isMobileDevice(navigator.userAgent, navigator.maxTouchPoints));
  const [started, setStarted] = useState(false);
  const [chosenStep, setChosenStep] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const titleRef = useRef<HTMLHeadingElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusStepNext = useRef(false);

  useDocumentMeta(
    state.phase === 'complete' ? 'Verification Complete' : 'Identity Verification',
    'Verify your identity for a shareholder request with a selfie and photos of the front and back of your ID.',
  );

  useEffect(() => {
    void session.start();
    return () => session.stop();
  }, [session]);

  // No Background Sync in Safari or Firefox: a queued set goes when the connection returns (or the page reopens).
  useEffect(() => {
    const onOnline = () => void session.resume();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [session]);

  useEffect(() => {
    if (state.phase === 'invalid' || state.phase === 'complete') titleRef.current?.focus();
  }, [state.phase]);

  useEffect(() => {
    if (state.failure) failureRef.current?.focus();
  }, [state.failure]);

  const server = state.server?.documents ?? null;
  const local = localStates(state.photos);
  const received: Record<DocumentType, boolean> = { selfie: server?.selfie ?? false, id_front: server?.id_front ?? false, id_back: server?.id_back ?? false };
  const step = chosenStep ?? firstOpenStep(local, server);
  const kind = DOCUMENT_TYPES[step]!;

  useEffect(() => {
    if (!focusStepNext.current) return;
    focusStepNext.current = false;
    stepHeadingRef.current?.focus();
  }, [step, started]);

  const goHome = () => navigate(paths.home);

  if (state.phase === 'validating') {
    return (
      <VerifyLayout title="Identity Verification" titleRef={titleRef} announcement={announcement}>
        <Spinner label="Checking your verification link" />
      </VerifyLayout>
    );
  }

  if (state.phase === 'invalid') {
    return (
      <VerifyLayout title="Invalid Verification Code" titleRef={titleRef} announcement={announcement}>
        <p className="notice notice--error">{VERIFICATION_MESSAGES.invalidCodeScreen}</p>
        <button type="button" className="button" onClick={goHome}>
          Return to Home
        </button>
      </VerifyLayout>
    );
  }

  if (state.phase === 'complete') {
    const reference = state.server?.referenceNumber;
    return (
      <VerifyLayout title="Verification Complete" titleRef={titleRef} announcement={announcement}>
        <div className="result-panel result-panel--success">
          <p>
            Thank you. We have received your selfie and both sides of your ID{reference ? ` for request ${reference}` : ''}.
          </p>
          <p>We will e-mail you within one business day after verification. The photos have been removed from this device.</p>
        </div>
        <button type="button" className="button" onClick={goHome}>
          Return to Home
        </button>
      </VerifyLayout>
    );
  }

  if (state.phase === 'load-error') {
    return (
      <VerifyLayout title="Identity Verification" titleRef={titleRef} announcement={announcement}>
        <p className="notice notice--error" role="alert">
          {state.loadError}
        </p>
        <button type="button" className="button" onClick={() => void session.retry()}>
          Try Again
        </button>
      </VerifyLayout>
    );
  }

  const uploading = state.phase === 'uploading';
  const plan = planSubmission(local, server);
  const anythingAdded = DOCUMENT_TYPES.some((k) => stepDone(k, local, server));
  const link = `${window.location.origin}${paths.verify(code)}`;

  function start() {
    focusStepNext.current = true;
    setStarted(true);
    setAnnouncement(`Step 1 of ${DOCUMENT_TYPES.length}: ${DOCUMENT_LABELS.selfie}`);
  }

  function goToStep(index: number) {
    focusStepNext.current = true;
    setChosenStep(index);
    setAnnouncement(`Step ${index + 1} of ${DOCUMENT_TYPES.length}: ${DOCUMENT_LABELS[DOCUMENT_TYPES[index]!]}`);
  }

  async function handlePhoto(added: DocumentType, photo: ProcessedPhoto) {
    await session.addPhoto(added, photo);
    const now = session.getSnapshot();
    const nowLocal = localStates(now.photos);
    const nowServer = now.server?.documents ?? null;
    const open = DOCUMENT_TYPES.findIndex((k) => !stepDone(k, nowLocal, nowServer));
    const label = DOCUMENT_LABELS[added];
    if (open === -1) {
      setChosenStep(DOCUMENT_TYPES.indexOf(added));
      setAnnouncement(`${label} photo added. All three photos are ready: you can submit them.`);
    } else {
      goToStep(open);
      setAnnouncement(`${label} photo added. Step ${open + 1} of ${DOCUMENT_TYPES.length}: ${DOCUMENT_LABELS[DOCUMENT_TYPES[open]!]}`);
    }
  }

  const reachable = (index: number) => index <= firstOpenStep(local, server) || stepDone(DOCUMENT_TYPES[index]!, local, server);
  const missingLabels = plan.missing.map((k) => DOCUMENT_LABELS[k]);

  return (
    <VerifyLayout title="Identity Verification" titleRef={titleRef} announcement={announcement}>
      <p className="lead verify__lead">
        Your transfer request needs a photo identity check: a selfie, then the front and the back of your ID.
      </p>

      {!state.persistent && <p className="notice notice--warning">{PAGE_MESSAGES.storageFailed}</p>}
      {state.notice && (
        <div className="notice notice--warning verify-notice" role="status">
          <p>{state.notice === 'queued' ? `${VERIFICATION_MESSAGES.networkError} ${VERIFICATION_MESSAGES.queuedOffline}` : PAGE_MESSAGES.offlineWithPhotos}</p>
          {state.notice === 'queued' && (
            <button type="button" className="button button--small button--secondary" onClick={() => void session.submit()}>
              Send now
            </button>
          )}
        </div>
      )}

      {state.failure && <FailurePanel lines={state.failure} panelRef={failureRef} onTryAgain={() => void session.submit()} />}

      {!started && !anythingAdded ? (
        mobile ? (
          <section className="card verify-intro" aria-labelledby="verify-intro-heading">
            <h2 id="verify-intro-heading">Three photos, about two minutes</h2>
            <ol className="verify-intro__list">
              <li>A selfie: your face inside the oval, in good light.</li>
              <li>The front of your ID: a passport, driving licence or national ID card.</li>
              <li>The back of your ID.</li>
            </ol>
            <p className="muted">Your photos are checked on this phone, kept here until they are sent, and sent over a secure connection.</p>
            <button type="button" className="button button--block" onClick={start}>
              Start Verification
            </button>
          </section>
        ) : (
          <DesktopHandoff code={code} link={link} onContinueHere={start} />
        )
      ) : (
        <>
          <StepIndicator current={step} photos={state.photos} received={received} reachable={(index) => !uploading && reachable(index)} onSelect={goToStep} />
          {uploading ? (
            <div className="card verify-uploading">
              <Spinner label="Uploading your photos" />
              <p className="muted">Keep this page open: it takes a few seconds.</p>
            </div>
          ) : (
            <CaptureStep
              key={kind}
              kind={kind}
              index={step}
              total={DOCUMENT_TYPES.length}
              photo={state.photos[kind]}
              received={received[kind]}
              headingRef={stepHeadingRef}
              onPhoto={handlePhoto}
              onNext={step < DOCUMENT_TYPES.length - 1 ? () => goToStep(step + 1) : null}
            />
          )}
          <div className="verify-submit">
            {state.submitError && (
              <p className="notice notice--error" role="alert">
                {state.submitError}
              </p>
            )}
            <button type="button" className="button button--block" onClick={() => void session.submit()} disabled={uploading || plan.missing.length > 0}>
              Submit Verification
            </button>
            {plan.missing.length > 0 && <p className="muted verify-submit__hint">Still needed: {missingLabels.join(', ')}.</p>}
          </div>
        </>
      )}
    </VerifyLayout>
  );
}

interface VerifyLayoutProps {
  title: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
  announcement: string;
  children: ReactNode;
}

/** The page's frame: its one h1, and the live region that announces step changes. */
function VerifyLayout({ title, titleRef, announcement, children }: VerifyLayoutProps) {
  return (
    <div className="verify">
      <div className="container verify__container">
        <h1 ref={titleRef} tabIndex={-1} className="verify__title">
          {title}
        </h1>
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        {children}
      </div>
    </div>
  );
}
