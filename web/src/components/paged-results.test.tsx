import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api-client';
import { PagedResults } from './paged-results';

interface Page {
  rows: string[];
  pagination: { page: number; totalPages: number; totalCount: number };
}

const TEXTS = {
  failure: 'Failed to load messages',
  loading: 'Loading messages',
  table: 'Messages',
  empty: 'No messages yet.',
};

function page(rows: string[], pageNumber: number, totalPages: number, totalCount: number): Page {
  return { rows, pagination: { page: pageNumber, totalPages, totalCount } };
}

function renderResults(result: { data: Page | null; loading?: boolean; error?: unknown }) {
  const reload = vi.fn();
  const onPage = vi.fn();
  render(
    <PagedResults<Page>
      result={{ data: result.data, loading: result.loading ?? false, error: result.error ?? null, reload }}
      rowCount={(data) => data.rows.length}
      texts={TEXTS}
      onPage={onPage}
    >
      {(data) => (
        <table>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row}>
                <td>{row}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PagedResults>,
  );
  return { reload, onPage };
}

describe('PagedResults', () => {
  it('first load: the spinner with its label, and no table', () => {
    renderResults({ data: null, loading: true });
    expect(screen.getByRole('status', { name: 'Loading messages' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
  });

  it("a failed first load: an alert with the screen's text (no server message), and Try again reloads", async () => {
    const { reload } = renderResults({ data: null, error: new TypeError('Failed to fetch') });
    expect(screen.getByRole('alert').textContent).toContain('Failed to load messages');
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a refusal the server explained shows the server's words instead", () => {
    const refusal = new ApiRequestError({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Only a SUPER_ADMIN reads the mail log',
      fromServer: true,
    });
    renderResults({ data: null, error: refusal });
    expect(screen.getByRole('alert').textContent).toContain('Only a SUPER_ADMIN reads the mail log');
  });

  it('an empty page: the empty state and the summary, no table and no paging buttons', () => {
    renderResults({ data: page([], 1, 0, 0) });
    expect(screen.getByText('No messages yet.')).toBeTruthy();
    expect(screen.getByText('Showing page 1 of 1 (0 total)')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('one page of rows: the table in its focusable region, and no paging buttons', () => {
    renderResults({ data: page(['first', 'second'], 1, 1, 2) });
    const region = screen.getByRole('region', { name: 'Messages' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('the middle page of three: Previous and Next ask for the pages either side', async () => {
    const { onPage } = renderResults({ data: page(['row'], 2, 3, 1234) });
    expect(screen.getByText('Showing page 2 of 3 (1,234 total)')).toBeTruthy();
    const paging = screen.getByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(paging).getByRole('button', { name: 'Previous' }));
    await userEvent.click(within(paging).getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it.each([
    { at: 1, disabled: 'Previous', enabled: 'Next' },
    { at: 3, disabled: 'Next', enabled: 'Previous' },
  ])('on page $at of 3, $disabled is disabled and $enabled is not', ({ at, disabled, enabled }) => {
    renderResults({ data: page(['row'], at, 3, 30) });
    expect((screen.getByRole('button', { name: disabled }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: enabled }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a reload keeps the last page on screen, busy and dimmed, with both buttons disabled', () => {
    renderResults({ data: page(['kept row'], 2, 3, 30), loading: true });
    expect(screen.getByText('kept row')).toBeTruthy();
    const results = screen.getByRole('region', { name: 'Messages' }).parentElement as HTMLElement;
    expect(results.getAttribute('aria-busy')).toBe('true');
    expect(results.classList.contains('results--loading')).toBe(true);
    for (const name of ['Previous', 'Next'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a failed reload keeps the page it has (the failure only replaces a first load)', () => {
    renderResults({ data: page(['kept row'], 1, 1, 1), error: new TypeError('Failed to fetch') });
    expect(screen.getByText('kept row')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
