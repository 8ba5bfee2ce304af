import type { AdminUser } from '@ledgerwell/shared/admin-users';
import { SessionsList } from '../../../components/sessions-list';
import { Modal } from './modal';

/** User Management: a user's live sessions, each with 'Sign out' (SUPER_ADMIN; the same list as the Security screen's). */
export function UserSessionsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  return (
    <Modal title={`Sessions of ${user.username}`} onClose={onClose}>
      <SessionsList owner={{ kind: 'user', userId: user.id }} ownerLabel={user.username} />
      <div className="form-actions modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Modal>
  );
}
