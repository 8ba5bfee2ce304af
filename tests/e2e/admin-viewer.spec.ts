import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  documentCard,
  expectView,
  fileTransferWithDocuments,
  imageViewer,
  openRequest,
  openViewer,
  recordImageStatePuts,
  requestBarrier,
  signInAsAdmin,
  type DocumentLabel,
} from './support/admin-helpers';

// The identity image viewer (admin-request-review spec 9). Every test files its own transfer with
// its three photos, so saved views never leak from one test to another.

const isImageStatePut = (method: string, url: string) =>
  method === 'PUT' && new URL(url).pathname.endsWith('/image-state');

/** A transfer with its photos, signed in as the e2e SUPER_ADMIN, its details open and every image loaded. */
async function openTransfer(page: Page, request: APIRequestContext) {
  const transfer = await fileTransferWithDocuments(request);
  await signInAsAdmin(page);
  await openRequest(page, transfer.id);
  for (const label of ['Selfie', 'ID Front', 'ID Back'] as const) {
    await expect(page.getByRole('button', { name: `Open ${label} in the image viewer` })).toBeVisible();
  }
  return transfer;
}

/** The centre of the image on screen. */
async function imageCentre(page: Page, label: DocumentLabel) {
  const box = await imageViewer(page).getByRole('img', { name: label }).boundingBox();
  expect(box, `${label} is on screen`).not.toBeNull();
  // Whole pixels, so that a drag in steps moves by whole pixels.
  return { x: Math.round(box!.x + box!.width / 2), y: Math.round(box!.y + box!.height / 2) };
}

async function press(page: Page, key: string, times: number) {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
}

test.describe('image viewer', () => {
  test('L rotates left a quarter turn (0° to 270°), R right, and the toolbar buttons do the same', async ({
    page,
    request,
  }) => {
    await openTransfer(page, request);
    const { viewer } = await openViewer(page, 'Selfie');
    await expectView(page, 'Selfie', 1, 0);

    await page.keyboard.press('l');
    await expectView(page, 'Selfie', 1, 270);
    await page.keyboard.press('L');
    await expectView(page, 'Selfie', 1, 180);
    await page.keyboard.press('r');
    await expectView(page, 'Selfie', 1, 270);
    await page.keyboard.press('R');
    await expectView(page, 'Selfie', 1, 0);
    await page.keyboard.press('R');
    await expectView(page, 'Selfie', 1, 90);

    await viewer.getByRole('button', { name: 'Rotate left' }).click();
    await expectView(page, 'Selfie', 1, 0);
    await viewer.getByRole('button', { name: 'Rotate left' }).click();
    await expectView(page, 'Selfie', 1, 270);
    await viewer.getByRole('button', { name: 'Rotate right' }).click();
    await expectView(page, 'Selfie', 1, 0);
  });

  test('+ and - zoom by 25% and stop at 500% and 50%; 0 puts the zoom back to 100% and keeps the rotation', async ({
    page,
    request,
  }) => {
    await openTransfer(page, request);
    const { viewer } = await openViewer(page, 'ID Front');
    const zoomIn = viewer.getByRole('button', { name: 'Zoom in' });
    const zoomOut = viewer.getByRole('button', { name: 'Zoom out' });
    const reset = viewer.getByRole('button', { name: 'Reset zoom' });

    // The keys first, with the focus on the viewer itself.
    await page.keyboard.press('+');
    await expectView(page, 'ID Front', 1.25, 0);
    await page.keyboard.press('=');
    await expectView(page, 'ID Front', 1.5, 0);
    await page.keyboard.press('-');
    await expectView(page, 'ID Front', 1.25, 0);
    await page.keyboard.press('_');
    await expectView(page, 'ID Front', 1, 0);

    // 1 + 17 steps = 5.25: the last step is clamped at 5.
    await press(page, '+', 17);
    await expectView(page, 'ID Front', 5, 0);
    await expect(zoomIn).toBeDisabled();
    await expect(reset).toHaveText('500%');

    // 5 - 20 steps = 0: clamped at 0.5.
    await press(page, '-', 20);
    await expectView(page, 'ID Front', 0.5, 0);
    await expect(zoomOut).toBeDisabled();
    await expect(zoomIn).toBeEnabled();

    await page.keyboard.press('r');
    await press(page, '+', 6);
    await expectView(page, 'ID Front', 2, 90);
    await page.keyboard.press('0');
    await expectView(page, 'ID Front', 1, 90);

    // The toolbar buttons.
    await zoomIn.click();
    await expectView(page, 'ID Front', 1.25, 90);
    // At its limit a button only looks disabled: the focus, and the keys, stay in the viewer.
    await press(page, '-', 2);
    await zoomOut.click();
    await expectView(page, 'ID Front', 0.5, 90);
    await expect(zoomOut).toBeDisabled();
    await expect(zoomOut).toBeFocused();
    await page.keyboard.press('Enter');
    await expectView(page, 'ID Front', 0.5, 90);
    await page.keyboard.press('r');
    await expectView(page, 'ID Front', 0.5, 180);
    await page.keyboard.press('l');
    await press(page, '+', 3);
    await expectView(page, 'ID Front', 1.25, 90);
    await expect(reset).toHaveText('125%');
    await zoomIn.click();
    await expectView(page, 'ID Front', 1.5, 90);
    await zoomOut.click();
    await expectView(page, 'ID Front', 1.25, 90);
    await reset.click();
    await expectView(page, 'ID Front', 1, 90);
    await expect(reset).toHaveText('100%');
  });

  test('the arrows and the toolbar move between the three images, wrapping round; Esc and Close give the focus back to the opener', async ({
    page,
    request,
  }) => {
    await openTransfer(page, request);
    const { viewer, opener } = await openViewer(page, 'ID Back');
    await expect(viewer.getByRole('img', { name: 'ID Back' })).toBeVisible();
    await expect(viewer).toContainText('3 of 3');

    const shows = async (label: DocumentLabel, position: string) => {
      await expect(viewer.getByRole('img', { name: label })).toBeVisible();
      await expect(viewer).toContainText(`${position} of 3`);
    };
    await page.keyboard.press('ArrowRight');
    await shows('Selfie', '1');
    await page.keyboard.press('ArrowRight');
    await shows('ID Front', '2');
    await page.keyboard.press('ArrowDown');
    await shows('ID Back', '3');
    await page.keyboard.press('ArrowLeft');
    await shows('ID Front', '2');
    await page.keyboard.press('ArrowUp');
    await shows('Selfie', '1');
    await page.keyboard.press('ArrowLeft');
    await shows('ID Back', '3');
    await viewer.getByRole('button', { name: 'Next image' }).click();
    await shows('Selfie', '1');
    await viewer.getByRole('button', { name: 'Previous image' }).click();
    await shows('ID Back', '3');

    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(opener).toBeFocused();

    const second = await openViewer(page, 'Selfie');
    await second.viewer.getByRole('button', { name: 'Close viewer' }).click();
    await expect(imageViewer(page)).toHaveCount(0);
    await expect(second.opener).toBeFocused();
  });

  test('F toggles full screen, and the Full screen button says whether it is on', async ({ page, request }) => {
    await openTransfer(page, request);
    const { viewer } = await openViewer(page, 'Selfie');
    const fullscreen = viewer.getByRole('button', { name: 'Full screen' });
    const inFullscreen = () => page.evaluate(() => document.fullscreenElement !== null);
    await expect(fullscreen).toHaveAttribute('aria-pressed', 'false');

    await page.keyboard.press('f');
    await expect(fullscreen).toHaveAttribute('aria-pressed', 'true');
    expect(await inFullscreen()).toBe(true);
    // The viewer itself is what fills the screen.
    expect(await page.evaluate(() => document.fullscreenElement?.closest('dialog')?.getAttribute('aria-modal'))).toBe(
      'true',
    );

    await page.keyboard.press('F');
    await expect(fullscreen).toHaveAttribute('aria-pressed', 'false');
    expect(await inFullscreen()).toBe(false);

    await fullscreen.click();
    await expect(fullscreen).toHaveAttribute('aria-pressed', 'true');
    await fullscreen.click();
    await expect(fullscreen).toHaveAttribute('aria-pressed', 'false');
    expect(await inFullscreen()).toBe(false);
  });

  test('Ctrl or Meta with the wheel zooms a step per turn; a plain wheel does not zoom', async ({ page, request }) => {
    await openTransfer(page, request);
    await openViewer(page, 'Selfie');
    const centre = await imageCentre(page, 'Selfie');
    await page.mouse.move(centre.x, centre.y);

    // Each step is checked right after a modified turn: a plain turn before it that zoomed would show.
    await page.mouse.wheel(0, -120);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -120);
    await page.keyboard.up('Control');
    await expectView(page, 'Selfie', 1.25, 0);

    await page.keyboard.down('Meta');
    await page.mouse.wheel(0, -120);
    await expectView(page, 'Selfie', 1.5, 0);
    await page.mouse.wheel(0, 120);
    await page.keyboard.up('Meta');
    await expectView(page, 'Selfie', 1.25, 0);

    await page.mouse.wheel(0, 120);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 120);
    await page.keyboard.up('Control');
    await expectView(page, 'Selfie', 1, 0);
    // Ctrl + wheel zoomed the image, not the page.
    expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
  });

  test('dragging pans the image only while it is zoomed in above 100%', async ({ page, request }) => {
    await openTransfer(page, request);
    const { viewer } = await openViewer(page, 'ID Front');
    const image = viewer.getByRole('img', { name: 'ID Front' });
    const drag = async (dx: number, dy: number) => {
      const centre = await imageCentre(page, 'ID Front');
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      await page.mouse.move(centre.x + dx, centre.y + dy, { steps: 4 });
      await page.mouse.up();
    };

    await drag(60, 40);
    await expect(image).toHaveAttribute('style', /translate\(0px, 0px\)/);

    // Zooming in keeps any offset: a pan at 100% would show now.
    await press(page, '+', 4);
    await expectView(page, 'ID Front', 2, 0);
    await expect(image).toHaveAttribute('style', /translate\(0px, 0px\)/);

    await drag(60, 40);
    await expect(image).toHaveAttribute('style', /translate\(60px, 40px\) rotate\(0deg\) scale\(2\)/);
    await drag(-20, 12);
    await expect(image).toHaveAttribute('style', /translate\(40px, 52px\)/);

    // Back at 100% the image is centred again.
    await page.keyboard.press('0');
    await expect(image).toHaveAttribute('style', /translate\(0px, 0px\) rotate\(0deg\) scale\(1\)/);
  });

  test('Saving... shows from a change until the PUT of the image state has answered', async ({ page, request }) => {
    await openTransfer(page, request);
    const { viewer } = await openViewer(page, 'Selfie');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const sent = new Promise<void>((resolve) => (arrived = resolve));
    await page.route('**/api/admin/requests/*/image-state', async (route) => {
      arrived();
      await released;
      await route.continue();
    });

    await expect(viewer.getByText('Saving...')).toHaveCount(0);
    await page.keyboard.press('r');
    await expect(viewer.getByText('Saving...')).toBeVisible();
    await sent;
    // The PUT is out but has no answer yet.
    await expect(viewer.getByText('Saving...')).toBeVisible();

    const answered = page.waitForResponse((response) => isImageStatePut(response.request().method(), response.url()));
    release();
    expect((await answered).status()).toBe(200);
    await expect(viewer.getByText('Saving...')).toHaveCount(0);
    await expectView(page, 'Selfie', 1, 90);
  });

  test('quick changes send one PUT per image, 500 ms after the last change to that image', async ({
    page,
    request,
  }) => {
    // A controlled clock: the 500 ms pause is stepped through exactly, without waiting for it.
    await page.clock.install();
    const transfer = await openTransfer(page, request);
    const { viewer } = await openViewer(page, 'Selfie');
    const puts = recordImageStatePuts(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    // Selfie: R at 0 ms, + at 300 ms: its save is due at 800 ms, not 500.
    await page.keyboard.press('r');
    await page.clock.runFor(300);
    await page.keyboard.press('+');
    await page.clock.runFor(300);
    await expect(viewer.getByText('Saving...')).toBeVisible();
    // ID Front: L and - at 600 ms: due at 1100 ms.
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByRole('img', { name: 'ID Front' })).toBeVisible();
    await page.keyboard.press('l');
    await page.keyboard.press('-');
    await page.clock.runFor(199);
    await requestBarrier(page);
    expect(puts, 'nothing is sent before 500 ms after the last change').toEqual([]);

    await page.clock.runFor(1);
    await expect.poll(() => puts.length).toBe(1);
    expect(puts[0]).toEqual({ imageType: 'selfie', rotation: 90, zoomState: { zoom: 1.25, x: 0, y: 0 } });

    await page.clock.runFor(299);
    await requestBarrier(page);
    expect(puts).toHaveLength(1);
    await page.clock.runFor(1);
    await expect.poll(() => puts.length).toBe(2);
    expect(puts[1]).toEqual({ imageType: 'id_front', rotation: 270, zoomState: { zoom: 0.75, x: 0, y: 0 } });

    await expect(viewer.getByText('Saving...')).toHaveCount(0);
    await page.clock.runFor(2000);
    await requestBarrier(page);
    expect(puts, 'exactly one PUT per image').toHaveLength(2);

    // The server kept the last state of each image.
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const detail = await page.request.get(`/api/admin/requests/${transfer.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const data = (await detail.json()).data;
    expect(data.image_rotations).toMatchObject({ selfie: 90, id_front: 270 });
    expect(data.image_zoom_states).toMatchObject({ selfie: { zoom: 1.25 }, id_front: { zoom: 0.75 } });
  });

  test('a failed save is only logged: the admin sees no error and keeps the view', async ({ page, request }) => {
    await openTransfer(page, request);
    const { viewer } = await openViewer(page, 'ID Back');
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/api/admin/requests/*/image-state', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL_ERROR', message: 'Database unavailable' }),
      }),
    );

    const failed = page.waitForResponse((response) => isImageStatePut(response.request().method(), response.url()));
    await page.keyboard.press('r');
    expect((await failed).status()).toBe(500);
    await expect(viewer.getByText('Saving...')).toHaveCount(0);
    await expect.poll(() => errors.some((text) => text.includes('Failed to update image state'))).toBe(true);

    await expectView(page, 'ID Back', 1, 90);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(page.getByText(/Failed to update image state|Database unavailable/)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Request Details' })).toBeVisible();
  });

  test('an image that fails to load shows Failed to load image, in its card and in the viewer', async ({
    page,
    request,
  }) => {
    const transfer = await fileTransferWithDocuments(request);
    await signInAsAdmin(page);
    await page.route('**/api/admin/requests/*/verification/id_front', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL_ERROR', message: 'Storage unavailable' }),
      }),
    );
    await openRequest(page, transfer.id);

    await expect(documentCard(page, 'ID Front')).toContainText('Failed to load image');
    await expect(page.getByRole('button', { name: 'Open ID Front in the image viewer' })).toHaveCount(0);
    await expect(documentCard(page, 'Selfie').getByRole('img', { name: 'Selfie' })).toBeVisible();

    const { viewer } = await openViewer(page, 'Selfie');
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toContainText('2 of 3');
    await expect(viewer.getByText('Failed to load image')).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'ID Front' })).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByRole('img', { name: 'ID Back' })).toBeVisible();
  });
});

test.describe('image viewer on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a two-finger pinch zooms in and out, held between 50% and 500%', async ({ page, request }) => {
    await openTransfer(page, request);
    await openViewer(page, 'Selfie');
    const { x, y } = await imageCentre(page, 'Selfie');
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([px, py], id) => ({ x: px, y: py, id })) });

    // Fingers 100 px apart, then 200: twice the zoom.
    await touch('touchStart', [
      [x - 50, y],
      [x + 50, y],
    ]);
    await touch('touchMove', [
      [x - 75, y],
      [x + 75, y],
    ]);
    await touch('touchMove', [
      [x - 100, y],
      [x + 100, y],
    ]);
    await touch('touchEnd', []);
    await expectView(page, 'Selfie', 2, 0);

    // 200 px to 40 px: a fifth of 200% is 40%, held at the 50% floor.
    await touch('touchStart', [
      [x - 100, y],
      [x + 100, y],
    ]);
    await touch('touchMove', [
      [x - 20, y],
      [x + 20, y],
    ]);
    await touch('touchEnd', []);
    await expectView(page, 'Selfie', 0.5, 0);

    // 20 px to 400 px: twenty times 50% is 1000%, held at the 500% ceiling.
    await touch('touchStart', [
      [x - 10, y],
      [x + 10, y],
    ]);
    await touch('touchMove', [
      [x - 200, y],
      [x + 200, y],
    ]);
    await touch('touchEnd', []);
    await expectView(page, 'Selfie', 5, 0);
    await cdp.detach();
  });
});
