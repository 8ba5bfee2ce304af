import { describe, expect, it } from 'vitest';
import { SESSION_BROWSER_MAX_LENGTH } from '@ledgerwell/shared/admin-sessions';
import { browserLabel } from './browser-label';

describe('browserLabel', () => {
  it('names the browser, its major version and the system', () => {
    expect(
      browserLabel(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Safari/537.36',
      ),
    ).toBe('Chrome 126 on Linux');
    expect(browserLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox 128 on macOS',
    );
    expect(
      browserLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 on iOS');
  });

  it('says so when the agent is missing or unknown, and stays short whatever it holds', () => {
    expect(browserLabel(null)).toBe('Unknown browser');
    expect(browserLabel('')).toBe('Unknown browser');
    expect(browserLabel('curl/8.5.0')).toMatch(/^[\w .]+$/);
    expect(browserLabel(`${'x'.repeat(400)}/${'9'.repeat(400)}`).length).toBeLessThanOrEqual(
      SESSION_BROWSER_MAX_LENGTH,
    );
  });
});
