import { useId, type ReactNode } from 'react';
import type { IssuerApplication } from '@ledgerwell/shared/issuer-applications';
import { emptyOnboardingForm } from '@ledgerwell/shared/issuer-onboarding-rules';
import {
  confirmationId,
  prettyJson,
  showCount,
  showCountry,
  showDollars,
  showEntityType,
  showLongDate,
  showLongDateTime,
  showShareholderCount,
  showSharePrice,
  showText,
  showUsState,
  showYesNo,
} from '../../utils/issuer-application-view';
import { DetailList, type DetailRow } from '../../../../components/detail-list';
import { DetailSection } from './detail-section';

/** A link when there is something to link to; 'Not provided' otherwise. */
function LinkOrNotProvided({ value, href }: { value: string | null; href: (value: string) => string }) {
  return value?.trim() ? <a href={href(value)}>{value}</a> : <>{showText(value)}</>;
}

/**
 * The fields the onboarding wizard asks (issue 29): only these say 'Not provided' when empty. The others (revenue,
 * funding, legal history…) show only when an application carried them, instead of a screenful of 'Not provided'.
 */
const ASKED_BY_WIZARD: ReadonlySet<string> = new Set(Object.keys(emptyOnboardingForm()));

type FieldRow = readonly [label: string, field: keyof IssuerApplication, shown: ReactNode];

function collectedRows(app: IssuerApplication, rows: readonly FieldRow[]): DetailRow[] {
  return rows
    .filter(([, field]) => ASKED_BY_WIZARD.has(field) || (app[field] !== null && app[field] !== ''))
    .map(([label, , shown]) => [label, shown]);
}

/** What the applicant told us: Company, Contact, Registered Address, Funding, Legal, Additional (spec 2.5, 3). */
export function ApplicationSections({ application: app }: { application: IssuerApplication }) {
  const sections: [title: string, rows: DetailRow[]][] = [
    [
      'Company',
      collectedRows(app, [
        ['Company Name', 'company_name', app.company_name],
        ['Legal Name', 'legal_name', showText(app.legal_name)],
        ['Entity Type', 'entity_type', showEntityType(app.entity_type)],
        ['State of Incorporation', 'incorporation_state', showUsState(app.incorporation_state)],
        ['Date of Incorporation', 'incorporation_date', showLongDate(app.incorporation_date)],
        // Served masked ('**-***6789'): the whole number never leaves the server.
        ['EIN', 'ein', <code key="ein">{showText(app.ein)}</code>],
        ['Annual Revenue', 'revenue', showDollars(app.revenue)],
        ['Industry', 'industry', showText(app.industry)],
        ['Description', 'description', showText(app.description)],
      ]),
    ],
    [
      'Contact',
      collectedRows(app, [
        ['Name', 'contact_name', app.contact_name],
        ['Title', 'contact_title', showText(app.contact_title)],
        [
          'Email',
          'contact_email',
          <LinkOrNotProvided key="email" value={app.contact_email} href={(email) => `mailto:${email}`} />,
        ],
        [
          'Phone',
          'contact_phone',
          <LinkOrNotProvided
            key="phone"
            value={app.contact_phone}
            href={(phone) => `tel:${phone.replace(/[^\d+]/g, '')}`}
          />,
        ],
      ]),
    ],
    [
      'Registered Address',
      collectedRows(app, [
        ['Address Line 1', 'address_line1', showText(app.address_line1)],
        ['Address Line 2', 'address_line2', showText(app.address_line2)],
        ['City', 'city', showText(app.city)],
        ['State', 'state', showUsState(app.state)],
        ['ZIP Code', 'postal_code', showText(app.postal_code)],
        ['Country', 'country', showCountry(app.country)],
      ]),
    ],
    [
      'Funding',
      collectedRows(app, [
        ['Funding Stage', 'funding_stage', showText(app.funding_stage)],
        ['Previous Funding', 'previous_funding', showDollars(app.previous_funding)],
        ['Outstanding Shares', 'outstanding_shares', showCount(app.outstanding_shares)],
        ['Share Price', 'share_price', showSharePrice(app.share_price)],
        ['Valuation', 'valuation', showDollars(app.valuation)],
        ['Expected Shareholders', 'shareholder_count', showShareholderCount(app.shareholder_count)],
      ]),
    ],
    [
      'Legal',
      collectedRows(app, [
        ['Legal Counsel', 'legal_counsel', showText(app.legal_counsel)],
        [
          'Previous Securities Offerings',
          'previous_securities_offerings',
          showYesNo(app.previous_securities_offerings),
        ],
        ['Regulatory History', 'regulatory_history', showText(app.regulatory_history)],
        ['Board Composition', 'board_composition', showText(app.board_composition)],
      ]),
    ],
    [
      'Additional',
      collectedRows(app, [
        ['Reason for Onboarding', 'reason', showText(app.reason)],
        ['Timeline', 'timeline', showText(app.timeline)],
        ['Comments', 'comments', showText(app.comments)],
      ]),
    ],
  ];
  return (
    <div className="issuer-detail__sections">
      {sections
        .filter(([, rows]) => rows.length > 0)
        .map(([title, rows]) => (
          <DetailSection key={title} title={title} rows={rows} />
        ))}
    </div>
  );
}

export function TimestampsSection({ application }: { application: IssuerApplication }) {
  return (
    <DetailSection
      title="Timestamps"
      rows={[
        ['Created', showLongDateTime(application.created_at)],
        ['Last Updated', showLongDateTime(application.updated_at)],
      ]}
    />
  );
}

/** Where the application came from, and what the wizard sent as it was (scrollable, keyboard included). */
export function MetadataSection({ application }: { application: IssuerApplication }) {
  const rawTitleId = useId();
  return (
    <DetailSection title="Application Metadata" className="issuer-metadata">
      <DetailList
        rows={[
          ['Confirmation ID', <code key="id">{confirmationId(application.application_data)}</code>],
          ['Session Token', <code key="token">{showText(application.session_token)}</code>],
          ['IP Address', <code key="ip">{showText(application.ip_address)}</code>],
          ['User Agent', showText(application.user_agent)],
        ]}
      />
      <h4 className="issuer-metadata__raw-title" id={rawTitleId}>
        Raw Application Data
      </h4>
      <pre className="issuer-metadata__raw" tabIndex={0} role="region" aria-labelledby={rawTitleId}>
        {prettyJson(application.application_data)}
      </pre>
    </DetailSection>
  );
}
