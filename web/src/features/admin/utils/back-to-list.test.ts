import { describe, expect, it } from 'vitest';
import { backToList, openedFromList } from './back-to-list';

describe('back to the list', () => {
  it('returns to the list with the query it was opened from', () => {
    expect(backToList('/admin/requests', openedFromList('?status=pending&page=3'))).toBe(
      '/admin/requests?status=pending&page=3',
    );
  });

  it('goes to the bare list when the detail was opened some other way, or the state is not a query', () => {
    expect(backToList('/admin/requests', null)).toBe('/admin/requests');
    expect(backToList('/admin/requests', openedFromList(''))).toBe('/admin/requests');
    expect(backToList('/admin/requests', { listSearch: '//evil.example' })).toBe('/admin/requests');
    expect(backToList('/admin/requests', { listSearch: 42 })).toBe('/admin/requests');
  });
});
