import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarDateIn, LEDGER_MESSAGES as M } from '@ledgerwell/shared/ledger';
import { ApiRequestError } from '../../../../lib/api-client';
import * as api from '../../api/ledger';
import { controlBooks, issuers } from '../../test/ledger-fixtures';
import { IssuersSection } from './issuers-section';

vi.mock('../../api/ledger', async (original) => ({
  ...(await original<typeof api>()),
  fetchIssuers: vi.fn(),
  fetchControlBook: vi.fn(),
  createIssuer: vi.fn(),
  createShareClass: vi.fn(),
  adjustAuthorizedShares: vi.fn(),
}));

const FIRST_LOAD = { timeout: 10_000 };
const onToast = vi.fn();

beforeEach(() => {
  vi.mocked(api.fetchIssuers).mockResolvedValue(issuers);
  vi.mocked(api.fetchControlBook).mockImplementation(async (classId) => controlBooks[classId]!);
  for (const write of [api.createIssuer, api.createShareClass, api.adjustAuthorizedShares])
    vi.mocked(write).mockReset().mockResolvedValue(undefined);
  onToast.mockReset();
});

function renderSection(canWrite: boolean) {
  render(
    <MemoryRouter>
      <IssuersSection canWrite={canWrite} onToast={onToast} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('managing issuers and classes', () => {
  it('adds an issuer after checking its fields with the shared rules, then reloads the list', async () => {
    const user = renderSection(true);
    await screen.findByRole('region', { name: 'Acme Corp' }, FIRST_LOAD);
    await user.click(screen.getByRole('button', { name: 'Add issuer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an issuer' });
    expect((within(dialog).getByLabelText('Time zone') as HTMLInputElement).value).toBe('America/Los_Angeles');
    await user.click(within(dialog).getByRole('button', { name: 'Add issuer' }));
    expect(within(dialog).getByText(M.legalNameRequired)).toBeTruthy();
    expect(api.createIssuer).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Legal name'), 'Borealis Mining Inc.');
    await user.clear(within(dialog).getByLabelText('Time zone'));
    await user.type(within(dialog).getByLabelText('Time zone'), 'America/New_York');
    await user.click(within(dialog).getByRole('button', { name: 'Add issuer' }));
    expect(api.createIssuer).toHaveBeenCalledWith({ legalName: 'Borealis Mining Inc.', timeZone: 'America/New_York' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onToast).toHaveBeenCalledWith('success', 'Issuer added');
    expect(api.fetchIssuers).toHaveBeenCalledTimes(2);
  });

  it("adds a class, showing the server's refusal beside its field and keeping what was typed", async () => {
    vi.mocked(api.createShareClass).mockRejectedValueOnce(
      new ApiRequestError({
        status: 409,
        code: 'CONFLICT',
        message: M.classNameTaken,
        fieldErrors: { name: M.classNameTaken },
        fromServer: true,
      }),
    );
    const user = renderSection(true);
    await user.click(await screen.findByRole('button', { name: 'Add a share class to Acme Corp' }, FIRST_LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Add a share class to Acme Corp' });
    await user.type(within(dialog).getByLabelText('Class name'), 'Common');
    await user.type(within(dialog).getByLabelText('Authorized shares'), '1e6');
    await user.type(within(dialog).getByLabelText(/CUSIP/), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add class' }));
    expect(within(dialog).getByText(M.authorizedInvalid)).toBeTruthy();
    expect(within(dialog).getByText(M.cusipInvalid)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Authorized shares'));
    await user.type(within(dialog).getByLabelText('Authorized shares'), '5000000');
    await user.clear(within(dialog).getByLabelText(/CUSIP/));
    await user.click(within(dialog).getByRole('button', { name: 'Add class' }));
    expect(api.createShareClass).toHaveBeenCalledWith('issuer-1', { name: 'Common', authorizedShares: '5000000' });
    expect(await within(dialog).findByText(M.classNameTaken)).toBeTruthy();
    expect((within(dialog).getByLabelText('Authorized shares') as HTMLInputElement).value).toBe('5000000');

    await user.clear(within(dialog).getByLabelText('Class name'));
    await user.type(within(dialog).getByLabelText('Class name'), 'Class B');
    await user.click(within(dialog).getByRole('button', { name: 'Add class' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onToast).toHaveBeenCalledWith('success', 'Share class added');
  });

  it("records a class's authorized shares on the issuer's authorization, dated the issuer's today, and toasts a 409", async () => {
    // The schema checks the class id too: a real one here.
    const classId = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';
    vi.mocked(api.fetchIssuers).mockResolvedValue([
      { ...issuers[0]!, classes: [{ ...issuers[0]!.classes[0]!, id: classId }] },
    ]);
    vi.mocked(api.adjustAuthorizedShares).mockRejectedValueOnce(
      new ApiRequestError({ status: 409, code: 'CONFLICT', message: M.authorizedBelowOutstanding, fromServer: true }),
    );
    const user = renderSection(true);
    await user.click(await screen.findByRole('button', { name: 'Change the authorized shares of Common' }, FIRST_LOAD));
    const dialog = screen.getByRole('dialog', { name: /Authorized shares of Acme Corp, Common/ });
    expect(within(dialog).getByText(/Now 10,000,000, with 1,250,000.5 outstanding/)).toBeTruthy();
    const today = calendarDateIn('America/Los_Angeles', new Date());
    expect((within(dialog).getByLabelText('Effective date') as HTMLInputElement).value).toBe(today);
    await user.type(within(dialog).getByLabelText('New authorized shares'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Record authorized shares' }));
    expect(within(dialog).getByText(M.authorizationRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/written authorization/), 'Board resolution of 2026-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Record authorized shares' }));
    expect(api.adjustAuthorizedShares).toHaveBeenCalledWith({
      classId,
      authorizedShares: '1000',
      authorization: 'Board resolution of 2026-11-20',
      effectiveDate: today,
    });
    await waitFor(() => expect(onToast).toHaveBeenCalledWith('error', M.authorizedBelowOutstanding));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers READ_ONLY and REVIEWER no way to change the register', async () => {
    renderSection(false);
    await screen.findByRole('region', { name: 'Acme Corp' }, FIRST_LOAD);
    expect(screen.queryByRole('button', { name: 'Add issuer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add a share class/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /authorized shares/ })).toBeNull();
  });
});
