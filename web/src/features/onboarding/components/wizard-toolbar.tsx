import { CheckIcon } from '../../../components/icons';

interface WizardToolbarProps {
  canSave: boolean;
  savedFlash: boolean;
  onSave: () => void;
  onAbandon: () => void;
}

/** Save Draft with its check mark for 2 seconds, Abandon, and the autosave note (spec 2.6). */
export function WizardToolbar({ canSave, savedFlash, onSave, onAbandon }: WizardToolbarProps) {
  return (
    <div className="onboarding-toolbar">
      <div className="onboarding-toolbar__buttons">
        <button type="button" className="button button--secondary button--small" onClick={onSave} disabled={!canSave}>
          {savedFlash ? (
            <>
              <CheckIcon size={16} className="onboarding-toolbar__check" /> Saved
            </>
          ) : (
            'Save Draft'
          )}
        </button>
        <button
          type="button"
          className="button button--ghost button--small onboarding-toolbar__abandon"
          onClick={onAbandon}
        >
          Abandon
        </button>
        <span role="status" className="visually-hidden">
          {savedFlash ? 'Draft saved' : ''}
        </span>
      </div>
      <p className="onboarding-toolbar__note">Your draft is saved on this device automatically every 30 seconds.</p>
    </div>
  );
}
