import { expect, type Page } from '@playwright/test';

/** A signature drawn with the mouse on the pad (the wizard's and the portal's): one stroke across it. */
export async function drawSignature(page: Page) {
  const canvas = page.getByRole('img', { name: /^Signature: draw/ });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const x = (t: number) => box.x + 16 + t * (box.width - 32);
  const y = (t: number) => box.y + box.height * (0.6 - 0.25 * Math.sin(t * Math.PI * 3));
  await page.mouse.move(x(0), y(0));
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) await page.mouse.move(x(i / 24), y(i / 24), { steps: 2 });
  await page.mouse.up();
  await expect(page.getByText('Signature captured')).toBeVisible();
}
