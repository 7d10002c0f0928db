import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask, uniqueTitle } from './support/planner';
import { toast } from './support/tasks';

/** A receiver on 127.0.0.1 (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=true) that answers 200 and records event names. */
async function startReceiver(): Promise<{ url: string; events: string[]; close(): Promise<void> }> {
  const events: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      events.push(String(req.headers['x-lwf-event']));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook/${Math.random().toString(36).slice(2, 8)}`,
    events,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Removes what a failed run left registered for this receiver, so no delivery keeps retrying at a closed port. */
async function deleteWebhooksOf(page: Page, url: string): Promise<void> {
  const res = await page.request.get('/api/webhooks');
  if (!res.ok()) return;
  for (const hook of (await res.json()) as { id: string; url: string }[]) if (hook.url === url) await page.request.delete(`/api/webhooks/${hook.id}`);
}

test.describe('admin webhooks', () => {
  test('an admin registers a webhook, sees it listed and its deliveries after a task change, then deletes it', async ({ page }, info) => {
    const receiver = await startReceiver();
    try {
      await signIn(page, 'admin');
      await page.goto('/admin?tab=webhooks');
      await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');

      await page.getByRole('button', { name: '+ Add Webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Webhook' });
      await expect(dialog.getByRole('heading', { name: 'Add Webhook' })).toBeVisible();
      // Client-side checks first: a bad URL, no events, no secret.
      for (const event of ['task.created', 'task.updated', 'task.deleted', 'comment.created', 'subtask.created', 'subtask.updated', 'subtask.deleted']) {
        await dialog.getByRole('checkbox', { name: event, exact: true }).uncheck();
      }
      await dialog.getByLabel('Payload URL *').fill('ftp://nope');
      await dialog.getByRole('button', { name: 'Add Webhook' }).click();
      await expect(dialog.getByText('Enter an http:// or https:// URL')).toBeVisible();
      await expect(dialog.getByText('Choose at least one event')).toBeVisible();
      await expect(dialog.getByText('The secret needs 16 to 200 characters')).toBeVisible();

      await dialog.getByLabel('Payload URL *').fill(receiver.url);
      await dialog.getByRole('checkbox', { name: 'task.created', exact: true }).check();
      await dialog.getByRole('checkbox', { name: 'task.updated', exact: true }).check();
      await dialog.getByRole('button', { name: 'Generate' }).click();
      await expect(dialog.getByLabel('Secret *')).toHaveValue(/^[0-9a-f]{64}$/);
      await dialog.getByRole('button', { name: 'Add Webhook' }).click();
      await expect(toast(page, 'Webhook registered')).toBeVisible();
      await expect(dialog).toHaveCount(0);

      const row = page.locator(`[data-testid="webhook-row"][aria-label="${receiver.url}"]`);
      await expect(row).toBeVisible();
      await expect(row).toContainText('task.created');
      await expect(row).toContainText('task.updated');
      await expect(row).toContainText('Enabled');
      expect(await hasHorizontalScroll(page)).toBe(false);

      // A task change is delivered and listed.
      await createTask(page, { title: uniqueTitle(info, 'Webhook e2e') });
      await expect.poll(() => receiver.events.includes('task.created')).toBe(true);
      await row.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
      const deliveries = page.getByRole('dialog', { name: 'Deliveries' });
      const delivered = deliveries.locator('[data-testid="delivery-row"][aria-label="task.created Delivered"]').first();
      await expect(delivered).toBeVisible();
      await expect(delivered).toContainText('200');
      await expect(delivered).toContainText(/\d+ ms/);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await deliveries.getByRole('button', { name: 'Close' }).last().click(); // the footer's (the header has one too)
      await expect(deliveries).toHaveCount(0);

      // Disable, then delete with a confirmation.
      await row.getByRole('button', { name: `Disable ${receiver.url}` }).click();
      await expect(row).toContainText('Disabled');
      await row.getByRole('button', { name: `Delete ${receiver.url}` }).click();
      await page.getByTestId('confirm-button').click();
      await expect(toast(page, 'Webhook deleted')).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      await deleteWebhooksOf(page, receiver.url);
      await receiver.close();
    }
  });

  test('a manager is denied the admin dashboard and its webhooks', async ({ page }) => {
    await signIn(page, 'manager');
    await page.goto('/admin?tab=webhooks');
    await expect(page.getByText('Access denied')).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Add Webhook' })).toHaveCount(0);
  });
});
