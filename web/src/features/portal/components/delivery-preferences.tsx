import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { DELIVERY_PREFERENCE_MESSAGES as M, type DeliveryPreference } from '@ledgerwell/shared/delivery-preferences';
import { Spinner } from '../../../components/ui/spinner';
import { LoadFailure } from '../../../components/ui/load-failure';
import { isApiRequestError } from '../../../lib/api-client';
import { fetchDeliveryPreference, saveDeliveryPreference } from '../delivery-preferences-api';
import { formatDate } from '../labels';
import { getPortalToken } from '../portal-session';
import { RadioGroupField } from './radio-group-field';

const DELIVERY_OPTIONS = [
  { value: 'electronic', label: 'Electronic delivery: we e-mail you when a document is ready' },
  { value: 'paper', label: 'Paper by mail' },
] as const;
type DeliveryOption = (typeof DELIVERY_OPTIONS)[number]['value'];

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; saved: DeliveryPreference };

const isUnauthenticated = (error: unknown) => isApiRequestError(error) && error.status === 401;

/** The holder's choice as the section shows it, or 'expired' when the session is gone. */
async function loadChoice(): Promise<LoadState | 'expired'> {
  const token = getPortalToken();
  if (!token) return 'expired';
  try {
    return { status: 'ready', saved: await fetchDeliveryPreference(token) };
  } catch (error) {
    return isUnauthenticated(error) ? 'expired' : { status: 'failed' };
  }
}

interface DeliveryPreferencesProps {
  /** A call answered 401: the session is gone. Must keep its identity across renders. */
  onSessionExpired: () => void;
}

/** E-delivery consent: the holder chooses whether advices and statements come by e-mail notice or by mail. */
export function DeliveryPreferences({ onSessionExpired }: DeliveryPreferencesProps) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  // What the holder has picked and not yet saved; null shows the saved choice.
  const [draft, setDraft] = useState<DeliveryOption | null>(null);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);

  const apply = useCallback(
    (next: LoadState | 'expired') => (next === 'expired' ? onSessionExpired() : setState(next)),
    [onSessionExpired],
  );

  useEffect(() => {
    let current = true;
    void loadChoice().then((next) => current && apply(next));
    return () => {
      current = false;
    };
  }, [apply]);

  function retry() {
    setState({ status: 'loading' });
    void loadChoice().then(apply);
  }

  function pick(option: DeliveryOption) {
    setDraft(option);
    // "Saved" would no longer describe what is on screen.
    setOutcome(null);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status !== 'ready' || saving) return;
    const token = getPortalToken();
    if (!token) return onSessionExpired();
    const electronic = (draft ?? (state.saved.electronic ? 'electronic' : 'paper')) === 'electronic';
    setSaving(true);
    setOutcome(null);
    try {
      setState({ status: 'ready', saved: await saveDeliveryPreference(token, electronic) });
      setDraft(null);
      setOutcome('saved');
    } catch (error) {
      if (isUnauthenticated(error)) onSessionExpired();
      else setOutcome('failed');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="portal-block" aria-labelledby="portal-delivery">
      <h2 id="portal-delivery">How we send your documents</h2>
      {state.status === 'loading' && <Spinner label="Loading your delivery choice" />}
      {state.status === 'failed' && <LoadFailure text={M.loadFailed} onRetry={retry} alert />}
      {state.status === 'ready' && (
        <form onSubmit={save} noValidate>
          <RadioGroupField
            legend="How you receive advices and statements"
            name="delivery"
            options={DELIVERY_OPTIONS}
            value={draft ?? (state.saved.electronic ? 'electronic' : 'paper')}
            onChange={pick}
          />
          <SavedChoice saved={state.saved} />
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <div role="status">{outcome === 'saved' && <p className="notice notice--success">{M.saved}</p>}</div>
          {outcome === 'failed' && (
            <p role="alert" className="notice notice--error">
              {M.saveFailed}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** Since when the saved choice holds; paper is the default until the holder chooses. */
function SavedChoice({ saved }: { saved: DeliveryPreference }) {
  if (!saved.chosenAt) return <p className="muted">Documents come by mail until you choose.</p>;
  return (
    <p className="muted">
      {saved.electronic ? 'Electronic delivery' : 'Paper by mail'} since{' '}
      <time dateTime={saved.chosenAt}>{formatDate(saved.chosenAt)}</time>.
    </p>
  );
}
