import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_PREFERENCE_MESSAGES as M, type DeliveryPreference } from '@ledgerwell/shared/delivery-preferences';
import { ApiRequestError } from '../../../lib/api-client';
import { expectLoadFailure } from '../../../test/load-failure';
import { fetchDeliveryPreference, saveDeliveryPreference } from '../delivery-preferences-api';
import { DeliveryPreferences } from './delivery-preferences';

vi.mock('../portal-session', () => ({ getPortalToken: () => 'token' }));
vi.mock('../delivery-preferences-api', () => ({
  fetchDeliveryPreference: vi.fn(),
  saveDeliveryPreference: vi.fn(),
}));
const fetchMock = vi.mocked(fetchDeliveryPreference);
const saveMock = vi.mocked(saveDeliveryPreference);

const PAPER_BY_DEFAULT: DeliveryPreference = { electronic: false, chosenAt: null, sourceAddress: null };
const ELECTRONIC: DeliveryPreference = {
  electronic: true,
  chosenAt: '2026-11-20T15:30:00.000Z',
  sourceAddress: '203.0.113.7',
};
const ELECTRONIC_LABEL = /Electronic delivery/;
const PAPER_LABEL = /Paper by mail/;

const unauthenticated = () => new ApiRequestError({ status: 401, code: 'UNAUTHENTICATED', message: 'Expired' });
const offline = () => new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });

function renderChoice() {
  const onSessionExpired = vi.fn();
  render(<DeliveryPreferences onSessionExpired={onSessionExpired} />);
  return { onSessionExpired };
}

describe('the delivery choice in the portal', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    saveMock.mockReset();
  });

  it('says it is loading, then shows paper chosen by default for a holder who never chose', async () => {
    fetchMock.mockResolvedValue(PAPER_BY_DEFAULT);
    renderChoice();
    expect(screen.getByRole('status', { name: 'Loading your delivery choice' })).toBeTruthy();
    const paper = await screen.findByRole<HTMLInputElement>('radio', { name: PAPER_LABEL });
    expect(paper.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: ELECTRONIC_LABEL }).checked).toBe(false);
    expect(screen.getByRole('group', { name: 'How you receive advices and statements' })).toBeTruthy();
    expect(screen.getByText(/until you choose/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('token');
  });

  it("shows the holder's current choice and since when", async () => {
    fetchMock.mockResolvedValue(ELECTRONIC);
    renderChoice();
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: ELECTRONIC_LABEL })).checked).toBe(true);
    expect(screen.getByText(/since/).querySelector('time')?.getAttribute('dateTime')).toBe(ELECTRONIC.chosenAt);
  });

  it('saves a new choice with the keyboard, says so in a status, and shows the new time', async () => {
    fetchMock.mockResolvedValue(PAPER_BY_DEFAULT);
    let answer!: (value: DeliveryPreference) => void;
    saveMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderChoice();
    const user = userEvent.setup();
    const paper = await screen.findByRole('radio', { name: PAPER_LABEL });
    // Arrow keys move between the radios of one group, as in any form.
    await user.click(paper);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: ELECTRONIC_LABEL }).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(saveMock).toHaveBeenCalledWith('token', true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true);
    answer(ELECTRONIC);
    expect(await screen.findByText(M.saved)).toBeTruthy();
    expect(screen.getByText(M.saved).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText(/since/).querySelector('time')?.getAttribute('dateTime')).toBe(ELECTRONIC.chosenAt);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
  });

  it('keeps the choice on screen and alerts when saving fails, and saves on the next try', async () => {
    fetchMock.mockResolvedValue(PAPER_BY_DEFAULT);
    saveMock.mockRejectedValueOnce(offline()).mockResolvedValueOnce(ELECTRONIC);
    renderChoice();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: ELECTRONIC_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain(M.saveFailed);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: ELECTRONIC_LABEL }).checked).toBe(true);
    expect(screen.queryByText(M.saved)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.saved)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('alerts when the choice cannot be loaded, and loads it again on Try again', async () => {
    fetchMock.mockRejectedValueOnce(offline()).mockResolvedValueOnce(ELECTRONIC);
    renderChoice();
    const alert = await screen.findByRole('alert');
    expectLoadFailure(alert, M.loadFailed);
    expect(screen.queryByRole('radio')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: ELECTRONIC_LABEL })).checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands an expired session to the page when loading', async () => {
    fetchMock.mockRejectedValueOnce(unauthenticated());
    const { onSessionExpired } = renderChoice();
    await waitFor(() => expect(onSessionExpired).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands an expired session to the page when saving', async () => {
    fetchMock.mockResolvedValue(PAPER_BY_DEFAULT);
    saveMock.mockRejectedValueOnce(unauthenticated());
    const { onSessionExpired } = renderChoice();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSessionExpired).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
