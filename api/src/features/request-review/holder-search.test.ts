import { describe, expect, it } from 'vitest';
import { chooseHolderSearchPath } from './holder-search';

const keys = ['B001\u001fDana Whitfield'];

describe('how a search by holder reads its page', () => {
  it('scans the date index when the matches are dense (a common name among a million requests)', () => {
    // 20,000 matches of 1,000,000 over 100 holders: 1,000 scan steps against 2,000 merged entries.
    expect(chooseHolderSearchPath({ holders: 100, total: 20_000, requests: 1_000_000, keys }, 20)).toEqual({
      path: 'scan',
      total: 20_000,
      keys,
    });
  });

  it('merges per holder when the matches are sparse (one holder of five thousand)', () => {
    // 200 matches: the scan would step through 100,000 entries for 20 rows; the merge reads 20.
    expect(chooseHolderSearchPath({ holders: 1, total: 200, requests: 1_000_000, keys }, 20)).toEqual({
      path: 'per-holder',
      total: 200,
    });
  });

  it('leaves a deep page of a broad search to the general query, and never scans without the keys', () => {
    // Thousands of holders (no keys sent): page 500 would merge 10,000 rows of each.
    expect(
      chooseHolderSearchPath({ holders: 5000, total: 1_000_000, requests: 1_000_000, keys: null }, 10_000),
    ).toEqual({ path: 'general' });
    expect(chooseHolderSearchPath({ holders: 5000, total: 1_000_000, requests: 1_000_000, keys: null }, 20)).toEqual({
      path: 'per-holder',
      total: 1_000_000,
    });
  });

  it('answers an empty search at once', () => {
    expect(chooseHolderSearchPath({ holders: 0, total: 0, requests: 1_000_000, keys: null }, 20)).toEqual({
      path: 'per-holder',
      total: 0,
    });
  });
});
