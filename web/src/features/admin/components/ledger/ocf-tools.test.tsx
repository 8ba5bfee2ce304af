import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IssuerView } from '@ledgerwell/shared/ledger';
import { ApiRequestError } from '../../../../lib/api-client';
import * as api from '../../api/ocf';
import { mayImportOcf, OcfImportForm } from './ocf-tools';

vi.mock('../../api/ocf', () => ({ importIssuerOcf: vi.fn(), downloadIssuerOcf: vi.fn() }));

const issuer: IssuerView = {
  id: '0b7c6d44-1b2a-4c0e-9f00-000000000001',
  legalName: 'Copy Dynamics Inc.',
  timeZone: 'America/Los_Angeles',
  issuerApplicationId: null,
  createdAt: '2026-05-01T10:00:00.000Z',
  classes: [],
};
const onImported = vi.fn();

beforeEach(() => {
  vi.mocked(api.importIssuerOcf).mockReset();
  onImported.mockReset();
});

async function chooseAndImport() {
  const user = userEvent.setup();
  render(<OcfImportForm issuer={issuer} onImported={onImported} onCancel={() => {}} />);
  await user.upload(screen.getByLabelText('OCF bundle'), new File(['PK'], 'cap.ocf.zip', { type: 'application/zip' }));
  await user.click(screen.getByRole('button', { name: 'Import' }));
  return user;
}

describe('the OCF import form', () => {
  it('lists every rejected object in a table, and calls nothing imported', async () => {
    vi.mocked(api.importIssuerOcf).mockResolvedValue({
      accepted: false,
      message: 'The bundle has 2 rejected objects; nothing was imported.',
      problems: [
        { file: 'Transactions.ocf.json', objectId: 'overdraw', reason: 'moves 150 of a security holding 100' },
        { file: 'Stakeholders.ocf.json', objectId: null, reason: 'not a JSON file' },
      ],
    });
    await chooseAndImport();
    const alert = await screen.findByRole('alert');
    expect(alert?.textContent).toContain('2 rejected objects; nothing was imported');
    const rows = within(within(alert).getByRole('table', { name: 'Rejected objects' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'FileObject idReason',
      'Transactions.ocf.jsonoverdrawmoves 150 of a security holding 100',
      'Stakeholders.ocf.json(the file)not a JSON file',
    ]);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('shows the counts per object type when the bundle is accepted', async () => {
    vi.mocked(api.importIssuerOcf).mockResolvedValue({
      accepted: true,
      result: {
        issuerId: issuer.id,
        counts: {
          stockClasses: 2,
          stakeholders: 4,
          issuances: 19,
          transfers: 4,
          cancellations: 1,
          reissuances: 3,
          conversions: 2,
          authorizedAdjustments: 1,
          ledgerTransactions: 13,
        },
      },
    });
    await chooseAndImport();
    const status = await screen.findByRole('status');
    expect(status?.textContent).toContain('The bundle was imported.');
    expect(within(status).getByText('Issuances').nextSibling?.textContent).toContain('19');
    expect(within(status).getByText('Ledger postings made').nextSibling?.textContent).toContain('13');
    expect(onImported).toHaveBeenCalledOnce();
  });

  it("says the server's refusal (an issuer with postings) and asks for a file first", async () => {
    const user = userEvent.setup();
    render(<OcfImportForm issuer={issuer} onImported={onImported} onCancel={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Choose an OCF bundle');
    expect(api.importIssuerOcf).not.toHaveBeenCalled();

    vi.mocked(api.importIssuerOcf).mockRejectedValue(
      new ApiRequestError({
        status: 409,
        code: 'CONFLICT',
        message: 'The issuer already has ledger postings',
        fromServer: true,
      }),
    );
    await user.upload(screen.getByLabelText('OCF bundle'), new File(['PK'], 'cap.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The issuer already has ledger postings');
  });

  it('offers the import only to an issuer with nothing outstanding', () => {
    expect(mayImportOcf(issuer)).toBe(true);
    const used = {
      ...issuer,
      classes: [
        {
          id: 'c',
          issuerId: issuer.id,
          name: 'Common',
          cusip: null,
          parValue: null,
          authorizedShares: '10',
          outstandingShares: '5',
        },
      ],
    };
    expect(mayImportOcf(used)).toBe(false);
  });
});
