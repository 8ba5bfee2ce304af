import { PORTAL_FORM_REQUEST_TYPES, type PortalFormRequestType } from '@ledgerwell/shared/portal-requests';
import { REQUEST_TYPE_DESCRIPTIONS, REQUEST_TYPE_LABELS } from '../labels';

export const REQUEST_TYPES_HEADING_ID = 'portal-request-types';

interface RequestTypeCardsProps {
  onChoose: (type: PortalFormRequestType) => void;
}

/** The four request types as buttons (spec 2, view 4); each opens its form. */
export function RequestTypeCards({ onChoose }: RequestTypeCardsProps) {
  return (
    <section className="portal-block" aria-labelledby={REQUEST_TYPES_HEADING_ID}>
      <h2 id={REQUEST_TYPES_HEADING_ID} tabIndex={-1}>
        What would you like to do?
      </h2>
      <ul className="portal-types">
        {PORTAL_FORM_REQUEST_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              className="portal-type"
              aria-labelledby={`portal-type-${type}`}
              aria-describedby={`portal-type-${type}-description`}
              onClick={() => onChoose(type)}
            >
              <span id={`portal-type-${type}`} className="portal-type__title">
                {REQUEST_TYPE_LABELS[type]}
              </span>
              <span id={`portal-type-${type}-description`} className="portal-type__text">
                {REQUEST_TYPE_DESCRIPTIONS[type]}
              </span>
              <span className="portal-type__arrow" aria-hidden="true">
                →
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
