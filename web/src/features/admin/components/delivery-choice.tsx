import type { DeliveryPreference } from '@ledgerwell/shared/delivery-preferences';
import { formatDateTime } from '../../../lib/format';

/**
 * How advices and statements reach a holder, as staff see it on the holder: electronic or paper, and since when
 * and from which address the holder chose it. A holder who never chose gets paper: electronic needs their consent.
 */
export function DeliveryChoice({ preference }: { preference: DeliveryPreference }) {
  const label = preference.electronic ? 'Electronic' : 'Paper';
  if (!preference.chosenAt) {
    return (
      <>
        <span>{label}</span> <span className="muted">(default, never chosen)</span>
      </>
    );
  }
  return (
    <>
      <span>{label}</span>
      <br />
      <span className="muted">
        since <time dateTime={preference.chosenAt}>{formatDateTime(preference.chosenAt)}</time>
        {preference.sourceAddress && ` from ${preference.sourceAddress}`}
      </span>
    </>
  );
}
