import { openPhotoStore } from './photo-store';
import type { SessionDeps } from './session';

/**
 * A way into the verification page: the e-mailed code link (/verify/{code}) or the signed-in portal
 * (/shareholder-requests/verify/{id}). The capture flow is one; what differs is here.
 */
export interface VerificationChannel {
  /** The session's key, also the photos' key on the device. */
  key: string;
  deps: SessionDeps;
  /** The spinner's label while the key is checked. */
  checkingLabel: string;
  /** The screen for a key the server does not know (or no longer takes photos for). */
  invalid: { title: string; message: string };
  /**
   * Desktop visitors are offered the link for their phone. The code's link works on any device; the
   * portal's would make the phone sign in first, so the portal has none and starts here directly.
   */
  handoff: { code: string; link: string } | null;
  /** Return, from the invalid and complete screens; also where a refused token (401) goes to sign in again. */
  exit: { to: string; label: string };
  /** The failure panel's heading. */
  failureHeading: string;
}

/** The parts of the session's dependencies that are the browser's, the same for every channel. */
export function deviceDeps(): Pick<SessionDeps, 'openStore' | 'isOnline' | 'now' | 'createUrl' | 'revokeUrl'> {
  return {
    openStore: openPhotoStore,
    isOnline: () => navigator.onLine,
    now: () => Date.now(),
    createUrl: (blob) => URL.createObjectURL(blob),
    revokeUrl: (url) => URL.revokeObjectURL(url),
  };
}
