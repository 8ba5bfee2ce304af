import { ADMIN_USER_MESSAGES as M } from '@ledgerwell/shared/admin-users';
import { CopyButton } from '../../../components/copy-button';

export interface TemporaryPassword {
  username: string;
  password: string;
}

/**
 * The temporary password a reset produced. It is shown once and never again, so it stays until the admin says
 * Done (issue 29: a banner that hid itself after 10 seconds lost it), with a Copy button beside it.
 */
export function TemporaryPasswordNotice({ reset, onDismiss }: { reset: TemporaryPassword; onDismiss: () => void }) {
  return (
    <section
      className="notice notice--success users-banner temporary-password"
      aria-labelledby="temporary-password-title"
    >
      <h2 id="temporary-password-title" className="temporary-password__title">
        {M.passwordResetFor(reset.username)}
      </h2>
      <p>{M.passwordResetHint}</p>
      <p className="temporary-password__value">
        <code aria-label="Temporary password">{reset.password}</code>
        <CopyButton text={reset.password} label="Copy" copiedMessage="Temporary password copied" />
      </p>
      <button type="button" className="button button--small" onClick={onDismiss}>
        Done
      </button>
    </section>
  );
}
