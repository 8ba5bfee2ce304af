import { within } from '@testing-library/react';
import { expect } from 'vitest';

/** The shared failure box (components/ui/load-failure): the message and one Try again, nothing else. */
export function expectLoadFailure(alert: HTMLElement, message: string) {
  expect(alert.className).toBe('notice notice--error');
  expect(alert.textContent).toBe(`${message}Try again`);
  expect(
    within(alert)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Try again']);
}
