import type { EntityType } from '@ledgerwell/shared/issuer-onboarding-rules';

/**
 * Spec 2.6: trust and partnership entities see a notice listing the additional documents needed.
 * They are not uploaded here: the onboarding team asks for them during Documentation Verification.
 */
const ADDITIONAL_DOCUMENTS: Partial<Record<EntityType, { heading: string; items: string[] }>> = {
  TRUST: {
    heading: 'Additional documents for trusts',
    items: [
      'The trust agreement (a complete, signed copy, with any amendments)',
      'A list of current trustees, with their contact details',
      'A certification of trust, or the trustee certificate your state provides',
      'Authorization for the signatory to sign on behalf of the trust',
    ],
  },
  PARTNERSHIP: {
    heading: 'Additional documents for partnerships',
    items: [
      'The partnership agreement (a complete, signed copy, with any amendments)',
      'A list of general partners, with their contact details',
      'The certificate of limited partnership (for an LP or LLP), as filed with the state',
      'Authorization for the signatory to sign on behalf of the partnership',
    ],
  },
};

export function EntityDocumentsNotice({ entityType }: { entityType: string }) {
  const notice = ADDITIONAL_DOCUMENTS[entityType as EntityType];
  if (!notice) return null;
  return (
    <section className="notice notice--info onboarding-entity-notice" aria-labelledby="entity-documents-heading">
      <h3 id="entity-documents-heading" className="onboarding-entity-notice__title">
        {notice.heading}
      </h3>
      <p>
        Please have these ready. Our onboarding team will ask for them after you submit, during Documentation
        Verification:
      </p>
      <ul>
        {notice.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
