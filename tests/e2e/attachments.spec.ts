import { expect, test, type Locator } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { card, createTask, uniqueTitle } from './support/planner';
import { secondBrowser } from './support/people';
import { openTaskDetails } from './support/tasks';

// Attachments in the task details (issue 41): add with the file input, drop, delete, and a teammate sees them live.

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const files = (sheet: Locator) => sheet.getByTestId('attachment-item');

test.describe('attachments', () => {
  test('add files with the input and by dropping them; thumbnails for images; delete with a confirmation', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Files');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    const section = sheet.getByTestId('attachments-section');
    await expect(section).toContainText('No files yet. Drop files here or add them.');

    await section.locator('input[type=file]').setInputFiles([
      { name: 'pixel.png', mimeType: 'image/png', buffer: PNG },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Hello') },
    ]);
    await expect(files(sheet)).toHaveCount(2);
    const image = files(sheet).filter({ hasText: 'pixel.png' });
    await expect(image).toContainText('Uri');
    const thumbnail = image.getByTestId('attachment-thumbnail');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(files(sheet).filter({ hasText: 'notes.txt' })).toContainText('5 bytes');
    await expect(files(sheet).filter({ hasText: 'notes.txt' }).getByRole('link', { name: 'Download notes.txt' })).toHaveAttribute('href', /\?download=1$/);

    // Dropped onto the section (a DataTransfer built in the page, as a file manager's drop makes one).
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['from a drop'], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    });
    await section.dispatchEvent('dragover', { dataTransfer: dropped });
    await section.dispatchEvent('drop', { dataTransfer: dropped });
    await expect(files(sheet)).toHaveCount(3);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await files(sheet).filter({ hasText: 'dropped.txt' }).getByRole('button', { name: 'Delete dropped.txt' }).click();
    await page.getByRole('dialog', { name: 'Delete "dropped.txt"?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(files(sheet)).toHaveCount(2);
    await expect(files(sheet).filter({ hasText: 'dropped.txt' })).toHaveCount(0);

    // The card on the board counts the files.
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(card(page, title).getByTestId('card-attachments')).toHaveAttribute('aria-label', '2 files');
  });

  test('images open full size: Previous, Next and the arrow keys step through them, Escape returns to the task', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Gallery');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    await sheet
      .getByTestId('attachments-section')
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'first.png', mimeType: 'image/png', buffer: PNG },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Not an image') },
        { name: 'second.png', mimeType: 'image/png', buffer: PNG },
      ]);
    await expect(files(sheet)).toHaveCount(3);

    await sheet.getByRole('button', { name: 'Preview first.png' }).click();
    const first = page.getByRole('dialog', { name: 'first.png' });
    await expect(first).toContainText('1 of 2');
    await expect.poll(() => first.getByTestId('attachment-preview-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(first.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await first.getByRole('button', { name: 'Next' }).click();
    const second = page.getByRole('dialog', { name: 'second.png' });
    await expect(second).toContainText('2 of 2');
    await expect(second.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(second.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /\?download=1$/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: 'first.png' })).toContainText('1 of 2');

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'first.png' })).toHaveCount(0);
    await expect(sheet.getByRole('heading', { name: 'Task Details' })).toBeVisible();
  });

  test('a refused upload says why and offers Retry; a pasted image is added; rename in place', async ({ page }, info) => {
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Retry files');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);
    const section = sheet.getByTestId('attachments-section');

    // The first attempt is refused as the server refuses a file over the limit; Retry sends it again.
    let refusals = 1;
    await page.route('**/api/tasks/*/attachments', (route) =>
      refusals-- > 0
        ? route.fulfill({ status: 413, json: { message: 'The file is too large: attachments can be up to 25 MB each', code: 'PAYLOAD_TOO_LARGE' } })
        : route.continue(),
    );
    await section.locator('input[type=file]').setInputFiles({ name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from('Quarterly') });
    const failed = sheet.getByTestId('attachment-upload');
    await expect(failed.getByRole('alert')).toHaveText('Not uploaded: The file is too large: attachments can be up to 25 MB each');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(files(sheet).filter({ hasText: 'report.txt' })).toBeVisible();
    await expect(sheet.getByTestId('attachment-upload')).toHaveCount(0);

    // A screenshot pasted while the task is open.
    await page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const clipboardData = new DataTransfer();
      clipboardData.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData }));
    }, PNG.toString('base64'));
    await expect(files(sheet).filter({ hasText: 'image.png' }).getByTestId('attachment-thumbnail')).toBeVisible();

    await files(sheet).filter({ hasText: 'report.txt' }).getByRole('button', { name: 'Rename report.txt' }).click();
    await sheet.getByLabel('File name').fill('Q3 report.txt');
    await sheet.getByLabel('File name').press('Enter');
    await expect(files(sheet).filter({ hasText: 'Q3 report.txt' })).toBeVisible();
  });

  test('a teammate with the task open sees a new file at once', async ({ page, browser }, info) => {
    test.slow(); // two sign-ins
    await signIn(page, 'user');
    const title = uniqueTitle(info, 'Shared files');
    await createTask(page, { title });
    const sheet = await openTaskDetails(page, title);

    const other = await secondBrowser(browser, page);
    await signIn(other, 'manager');
    const theirs = await openTaskDetails(other, title, { everyone: true });
    await expect(theirs.getByTestId('attachments-section')).toContainText('No files yet.');

    await sheet
      .getByTestId('attachments-section')
      .locator('input[type=file]')
      .setInputFiles({ name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('The plan') });
    await expect(files(sheet)).toHaveCount(1);
    await expect(files(theirs).filter({ hasText: 'plan.txt' })).toBeVisible();
    await other.context().close();
  });

  test.describe('on comments', () => {
    /** Pastes a PNG into an element, as a screenshot from the clipboard would arrive. */
    const pastePng = (target: Locator, name: string) =>
      target.evaluate(
        (el, [base64, fileName]) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const clipboardData = new DataTransfer();
          clipboardData.items.add(new File([bytes], fileName, { type: 'image/png' }));
          el.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
        },
        [PNG.toString('base64'), name] as const,
      );

    test('attach by the picker and by paste: sent with the comment, shown under it, and a teammate sees them live', async ({ page, browser }, info) => {
      test.slow(); // two sign-ins
      await signIn(page, 'user');
      const title = uniqueTitle(info, 'Comment files');
      await createTask(page, { title });
      const sheet = await openTaskDetails(page, title);
      const other = await secondBrowser(browser, page);
      await signIn(other, 'manager');
      const theirs = await openTaskDetails(other, title, { everyone: true });

      const composer = sheet.getByTestId('comment-composer');
      const box = composer.getByLabel('Add a comment');
      await box.fill('See the screenshots');
      await composer.locator('input[type=file]').setInputFiles([
        { name: 'pixel.png', mimeType: 'image/png', buffer: PNG },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Hello') },
      ]);
      await pastePng(box, 'pasted.png');
      const chosen = composer.getByTestId('comment-file-chosen');
      await expect(chosen).toHaveCount(3);
      await composer.getByRole('button', { name: 'Remove notes.txt' }).click();
      await expect(chosen).toHaveCount(2);
      await composer.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Hello') });
      // The paste went to the comment, not to the task's own files.
      await expect(sheet.getByTestId('attachments-section')).toContainText('No files yet.');
      expect(await hasHorizontalScroll(page)).toBe(false);

      await composer.getByRole('button', { name: 'Add Comment' }).click();
      const posted = sheet.getByTestId('comment-item').filter({ hasText: 'See the screenshots' });
      await expect(posted.getByTestId('comment-attachment-thumbnail')).toHaveCount(2);
      await expect(posted.getByRole('link', { name: 'notes.txt' })).toHaveAttribute('href', /\?download=1$/);
      await expect(chosen).toHaveCount(0);
      await expect(composer.getByTestId('attachment-upload')).toHaveCount(0);
      await expect(sheet.getByTestId('attachments-section')).toContainText('No files yet.');
      await expect
        .poll(() =>
          posted
            .getByTestId('comment-attachment-thumbnail')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBe(1);

      // A thumbnail opens the preview, which steps through the comment's images (in the order they arrived).
      await posted.getByRole('button', { name: 'Preview pixel.png' }).click();
      const preview = page.getByRole('dialog', { name: 'pixel.png' });
      await expect(preview).toContainText(/[12] of 2/);
      const pixelFirst = (await preview.textContent())!.includes('1 of 2');
      await preview.getByRole('button', { name: pixelFirst ? 'Next' : 'Previous' }).click();
      await expect(page.getByRole('dialog', { name: 'pasted.png' })).toContainText(pixelFirst ? '2 of 2' : '1 of 2');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'pasted.png' })).toHaveCount(0);

      // The teammate with the task open sees the comment and its files.
      const seen = theirs.getByTestId('comment-item').filter({ hasText: 'See the screenshots' });
      await expect(seen.getByTestId('comment-attachment-thumbnail')).toHaveCount(2);
      await expect(seen.getByRole('link', { name: 'notes.txt' })).toBeVisible();

      // The author deletes a file of the comment; it goes for the teammate too.
      await posted.getByRole('button', { name: 'Delete notes.txt' }).click();
      await page.getByRole('dialog', { name: 'Delete "notes.txt"?' }).getByRole('button', { name: 'Delete' }).click();
      await expect(posted.getByRole('link', { name: 'notes.txt' })).toHaveCount(0);
      await expect(seen.getByRole('link', { name: 'notes.txt' })).toHaveCount(0);
      await expect(seen.getByTestId('comment-attachment-thumbnail')).toHaveCount(2);
      await other.context().close();
    });

    test('a refused file says why and Retry sends it; a file dropped onto the comment box goes with the comment', async ({ page }, info) => {
      await signIn(page, 'user');
      const title = uniqueTitle(info, 'Comment retry');
      await createTask(page, { title });
      const sheet = await openTaskDetails(page, title);
      const composer = sheet.getByTestId('comment-composer');
      let refusals = 1;
      await page.route('**/api/task-comments/*/attachments', (route) =>
        refusals-- > 0
          ? route.fulfill({ status: 413, json: { message: "A task's files take at most 500 MB together: delete some before adding more" } })
          : route.continue(),
      );
      const dropped = await page.evaluateHandle(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['from a drop'], 'dropped.txt', { type: 'text/plain' }));
        return transfer;
      });
      await composer.dispatchEvent('dragover', { dataTransfer: dropped });
      await composer.dispatchEvent('drop', { dataTransfer: dropped });
      await expect(composer.getByTestId('comment-file-chosen')).toHaveText('dropped.txt');
      await composer.getByLabel('Add a comment').fill('Dropped in');
      await composer.getByRole('button', { name: 'Add Comment' }).click();

      const failed = composer.getByTestId('attachment-upload');
      await expect(failed.getByRole('alert')).toHaveText("Not uploaded: A task's files take at most 500 MB together: delete some before adding more");
      const posted = sheet.getByTestId('comment-item').filter({ hasText: 'Dropped in' });
      await expect(posted).toBeVisible();
      await failed.getByRole('button', { name: 'Retry' }).click();
      await expect(posted.getByRole('link', { name: 'dropped.txt' })).toBeVisible();
      await expect(composer.getByTestId('attachment-upload')).toHaveCount(0);
      await expect(sheet.getByTestId('attachments-section')).toContainText('No files yet.');
    });
  });
});
