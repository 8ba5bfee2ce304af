import { describe, expect, it } from 'vitest';
import { pageSummary } from './page-summary';

describe("the paged lists' summary", () => {
  it("says 'Showing page X of Y (N total)'", () => {
    expect(pageSummary(2, 3, 45)).toBe('Showing page 2 of 3 (45 total)');
    expect(pageSummary(1, 0, 0)).toBe('Showing page 1 of 1 (0 total)');
    expect(pageSummary(1, 10000, 200000)).toBe('Showing page 1 of 10000 (200,000 total)');
  });
});
