import '../verify.css';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  DOCUMENT_LABELS,
  DOCUMENT_TYPES,
  VERIFICATION_MESSAGES,
  type DocumentType,
} from '@ledgerwell/shared/verification';
import { ProofOfWork } from '../../../components/proof-of-work';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import type { VerificationChannel } from '../channel';
import { isMobileDevice } from '../device';
import { PAGE_MESSAGES } from '../messages';
import type { ProcessedPhoto } from '../process-photo';
import { VerificationSession, type SessionState } from '../session';
import { firstOpenStep, planSubmission, stepDone, type LocalPhotos } from '../sync';
import { CaptureStep } from './capture-step';
import { DesktopHandoff } from './desktop-handoff';
import { FailurePanel } from './failure-panel';
import { StepIndicator } from './step-indicator';
import { VerifyIntro } from './verify-intro';
import { VerifyLayout, VerifyLead } from './verify-layout';

/** The queued note's id, which describes the button while the photos wait for the network. */
const QUEUED_NOTE_ID = 'verify-queued-note';

function localStates(photos: SessionState['photos']): LocalPhotos {
  const local: LocalPhotos = {};
  for (const kind of DOCUMENT_TYPES) {
    const photo = photos[kind];
    if (photo) local[kind] = { uploaded: photo.uploaded };
  }
  return local;
}

/**
 * The identity capture (public-site spec 2, 4, 5, 8): check the key, three steps, submit, complete.
 * One flow for every way in; the channel says what differs. Render it with `key={channel.key}`: a new
 * key is a new session.
 */
export function VerificationFlow({ channel }: { channel: VerificationChannel }) {
  const navigate = useNavigate();
  const [session] = useState(() => new VerificationSession(channel.key, channel.deps));
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
  const received: Record<DocumentType, boolean> = {
    selfie: server?.selfie ?? false,
    id_front: server?.id_front ?? false,
    id_back: server?.id_back ?? false,
  };
  const step = chosenStep ?? firstOpenStep(local, server);
  const kind = DOCUMENT_TYPES[step]!;

  useEffect(() => {
    if (!focusStepNext.current) return;
    focusStepNext.current = false;
    stepHeadingRef.current?.focus();
  }, [step, started]);

  // Past the address's limit the server asks for a proof of work: solved here, then the waiting call goes again.
  const challenge = state.challenge && (
    <ProofOfWork
      challenge={state.challenge}
      onSolved={(payload) => void session.solveChallenge(payload)}
      onFailed={() => session.challengeFailed()}
    />
  );

  const exit = () => navigate(channel.exit.to);
  const exitButton = (
    <button type="button" className="button" onClick={exit}>
      {channel.exit.label}
    </button>
  );

  // The portal's token was refused: the portal asks the shareholder to sign in again.
  if (state.phase === 'signed-out') return <Navigate to={channel.exit.to} replace />;

  if (state.phase === 'validating') {
    return (
      <VerifyLayout title="Identity Verification" titleRef={titleRef} announcement={announcement}>
        <Spinner label={channel.checkingLabel} />
        {challenge}
      </VerifyLayout>
    );
  }

  if (state.phase === 'invalid') {
    return (
      <VerifyLayout title={channel.invalid.title} titleRef={titleRef} announcement={announcement}>
        <p className="notice notice--error">{channel.invalid.message}</p>
        {exitButton}
      </VerifyLayout>
    );
  }

  const reference = state.server?.referenceNumber;

  if (state.phase === 'complete') {
    return (
      <VerifyLayout title="Verification Complete" titleRef={titleRef} announcement={announcement}>
        <div className="result-panel result-panel--success">
          <p>
            Thank you. We have received your selfie and both sides of your ID
            {reference ? ` for request ${reference}` : ''}.
          </p>
          <p>
            We will e-mail you within one business day after verification. The photos have been removed from this
            device.
          </p>
        </div>
        {exitButton}
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
  const queued = state.notice === 'queued';
  const plan = planSubmission(local, server);
  const anythingAdded = DOCUMENT_TYPES.some((k) => stepDone(k, local, server));

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
      setAnnouncement(
        `${label} photo added. Step ${open + 1} of ${DOCUMENT_TYPES.length}: ${DOCUMENT_LABELS[DOCUMENT_TYPES[open]!]}`,
      );
    }
  }

  const reachable = (index: number) =>
    index <= firstOpenStep(local, server) || stepDone(DOCUMENT_TYPES[index]!, local, server);
  const missingLabels = plan.missing.map((k) => DOCUMENT_LABELS[k]);

  return (
    <VerifyLayout title="Identity Verification" titleRef={titleRef} announcement={announcement}>
      <VerifyLead reference={reference} />

      {!state.persistent && <p className="notice notice--warning">{PAGE_MESSAGES.storageFailed}</p>}
      {state.notice === 'offline' && (
        <p className="notice notice--warning" role="status">
          {PAGE_MESSAGES.offlineWithPhotos}
        </p>
      )}

      {state.phase === 'ready' && challenge}

      {state.failure && (
        <FailurePanel
          heading={channel.failureHeading}
          lines={state.failure}
          panelRef={failureRef}
          onTryAgain={() => void session.submit()}
        />
      )}

      {!started && !anythingAdded ? (
        !mobile && channel.handoff ? (
          <DesktopHandoff code={channel.handoff.code} link={channel.handoff.link} onContinueHere={start} />
        ) : (
          <VerifyIntro onStart={start} />
        )
      ) : (
        <>
          <StepIndicator
            current={step}
            photos={state.photos}
            received={received}
            reachable={(index) => !uploading && reachable(index)}
            onSelect={goToStep}
          />
          {uploading ? (
            <div className="card verify-uploading">
              <Spinner label="Uploading your photos" />
              <p className="muted">Keep this page open: it takes a few seconds.</p>
              {challenge}
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
            {/* Beside the button the shareholder just tapped, in a region present before it speaks. */}
            <div role="status" className="verify-submit__status">
              {queued && (
                <p className="notice notice--warning" id={QUEUED_NOTE_ID}>
                  {VERIFICATION_MESSAGES.networkError} {VERIFICATION_MESSAGES.queuedOffline}
                </p>
              )}
            </div>
            <button
              type="button"
              className="button button--block"
              onClick={() => void session.submit()}
              disabled={uploading || plan.missing.length > 0 || state.challenge !== null}
              aria-describedby={queued ? QUEUED_NOTE_ID : undefined}
            >
              {queued ? PAGE_MESSAGES.queuedButton : 'Submit Verification'}
            </button>
            {plan.missing.length > 0 && (
              <p className="muted verify-submit__hint">Still needed: {missingLabels.join(', ')}.</p>
            )}
          </div>
        </>
      )}
    </VerifyLayout>
  );
}
