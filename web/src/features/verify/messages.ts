import { DOCUMENT_LABELS, VERIFICATION_MESSAGES } from '@ledgerwell/shared/verification';

/**
 * Messages of the verification page that the spec does not give (quality checks, camera, storage,
 * the desktop hand-off, the portal's way in). The spec's own messages are in @ledgerwell/shared/verification.
 */

export const QUALITY_MESSAGES = {
  blank: (kind: string) =>
    `The ${kind} photo looks blank or black. Make sure nothing covers the camera and there is enough light, then retake it.`,
  glare: (kind: string) =>
    kind === DOCUMENT_LABELS.selfie
      ? `Move away from the light: the ${kind} photo is washed out. Face away from a window or lamp, then retake it.`
      : `Move away from the light: glare covers part of your ID and hides its print. Tilt the card slightly or move out of direct light, then retake the ${kind} photo.`,
  blurry: (kind: string) =>
    `The ${kind} photo looks blurry. Hold the phone steady, let the camera focus, then retake it.`,
  'no-card': (kind: string) =>
    `Move closer: your ID should fill most of the frame, with all four corners visible. Lay it on a dark, flat surface, then retake the ${kind} photo.`,
} as const;

export const FACE_MESSAGES = {
  'no-face':
    'We could not see a face in the selfie. Face the camera in good light with your whole face inside the oval, then retake it.',
  faces: 'More than one face is in the selfie. Make sure you are alone in the picture, then retake it.',
  'face-small':
    'Move closer: your face is too small in the selfie. Hold the phone at arm’s length with your face filling the oval, then retake it.',
} as const;

export type CameraProblem = 'denied' | 'missing' | 'busy' | 'unsupported' | 'failed';

export const CAMERA_MESSAGES: Record<CameraProblem, string> = {
  denied:
    'We could not use your camera: permission was refused. You can choose a photo instead, or allow camera access in your browser settings and reload the page.',
  missing: 'We could not use your camera: no camera was found on this device. You can choose a photo instead.',
  busy: 'We could not use your camera: it is in use by another app or could not start. You can choose a photo instead.',
  unsupported: 'We could not use your camera: this browser cannot open it here. You can choose a photo instead.',
  failed: 'We could not use your camera. You can choose a photo instead.',
};

export const PAGE_MESSAGES = {
  cameraNotReady: 'The camera is not ready yet. Wait a moment and try again.',
  processFailed: (kind: string) =>
    `We could not prepare the ${kind} photo. Please try again or choose a different photo.`,
  storageFailed: 'This browser could not save your photos on the device: keep this page open until they are sent.',
  loadNetworkError: 'Network error. Please try again later.',
  loadFailed: 'We could not check your verification code. Please try again in a moment.',
  /** The submit button while the set waits for the network: it sends at once when tapped. */
  queuedButton: 'Queued: Send Now',
  offlineWithPhotos: 'You are offline. Your saved photos are shown below and will be sent when the connection returns.',
  linkCopied: 'Link copied',
  copyFallback: 'Copy the selected link (Ctrl+C, or ⌘C on a Mac).',
  mailSubject: 'Your identity verification link',
  /** The spec's header of the upload failure panel on the code page. */
  uploadFailedHeading: 'Upload failed:',
} as const;

/** The portal's way in (/shareholder-requests/verify/{id}): signed in, by request rather than by code. */
export const REQUEST_PAGE_MESSAGES = {
  checking: 'Checking your request',
  invalidTitle: 'Verification Not Available',
  invalid:
    'This request no longer needs identity photos, or it is not one of yours. You can see where your requests stand in the shareholder portal.',
  statusFailed: `${VERIFICATION_MESSAGES.statusFailed}. Please try again in a moment.`,
} as const;

/** The body of the "Email this link to myself" message. */
export function mailBody(code: string, link: string): string {
  return [
    'Open this link on your phone to verify your identity for your shareholder request:',
    '',
    link,
    '',
    `Verification code: ${code}`,
    '',
    'You will take a selfie and photos of the front and back of your ID. The link is valid for 24 hours from your request.',
  ].join('\n');
}
