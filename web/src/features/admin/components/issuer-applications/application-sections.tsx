import { useId } from 'react';
import type { IssuerApplication } from '@ledgerwell/shared/issuer-applications';
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
import { DetailList } from '../detail-list';
import { DetailSection } from './detail-section';

/** A link when there is something to link to; 'Not provided' otherwise. */
function LinkOrNotProvided({ value, href }: { value: string | null; href: (value: string) => string }) {
  return value?.trim() ? <a href={href(value)}>{value}</a> : <>{showText(value)}</>;
}

/** What the applicant told us: Company, Contact, Registered Address, Funding, Legal, Additional (spec 2.5, 3). */
export function ApplicationSections({ application: app }: { application: IssuerApplication }) {
  return (
    <div className="issuer-detail__sections">
      <DetailSection
        title="Company"
        rows={[
          ['Company Name', app.company_name],
          ['Legal Name', showText(app.legal_name)],
          ['Entity Type', showEntityType(app.entity_type)],
          ['State of Incorporation', showUsState(app.incorporation_state)],
          ['Date of Incorporation', showLongDate(app.incorporation_date)],
          // Served masked ('**-***6789'): the whole number never leaves the server.
          ['EIN', <code key="ein">{showText(app.ein)}</code>],
          ['Annual Revenue', showDollars(app.revenue)],
          ['Industry', showText(app.industry)],
          ['Description', showText(app.description)],
        ]}
      />
      <DetailSection
        title="Contact"
        rows={[
          ['Name', app.contact_name],
          ['Title', showText(app.contact_title)],
          ['Email', <LinkOrNotProvided key="email" value={app.contact_email} href={(email) => `mailto:${email}`} />],
          [
            'Phone',
            <LinkOrNotProvided
              key="phone"
              value={app.contact_phone}
              href={(phone) => `tel:${phone.replace(/[^\d+]/g, '')}`}
            />,
          ],
        ]}
      />
      <DetailSection
        title="Registered Address"
        rows={[
          ['Address Line 1', showText(app.address_line1)],
          ['Address Line 2', showText(app.address_line2)],
          ['City', showText(app.city)],
          ['State', showUsState(app.state)],
          ['ZIP Code', showText(app.postal_code)],
          ['Country', showCountry(app.country)],
        ]}
      />
      <DetailSection
        title="Funding"
        rows={[
          ['Funding Stage', showText(app.funding_stage)],
          ['Previous Funding', showDollars(app.previous_funding)],
          ['Outstanding Shares', showCount(app.outstanding_shares)],
          ['Share Price', showSharePrice(app.share_price)],
          ['Valuation', showDollars(app.valuation)],
          ['Expected Shareholders', showShareholderCount(app.shareholder_count)],
        ]}
      />
      <DetailSection
        title="Legal"
        rows={[
          ['Legal Counsel', showText(app.legal_counsel)],
          ['Previous Securities Offerings', showYesNo(app.previous_securities_offerings)],
          ['Regulatory History', showText(app.regulatory_history)],
          ['Board Composition', showText(app.board_composition)],
        ]}
      />
      <DetailSection
        title="Additional"
        rows={[
          ['Reason for Onboarding', showText(app.reason)],
          ['Timeline', showText(app.timeline)],
          ['Comments', showText(app.comments)],
        ]}
      />
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
