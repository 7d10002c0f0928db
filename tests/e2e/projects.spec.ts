import { expect, test, type Browser, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { createTask, uniqueTitle } from './support/planner';
import { panelBox, toast } from './support/tasks';
import { dayOffset } from './support/people';

const projectCard = (page: Page, name: string) => page.getByTestId('project-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const group = (page: Page, title: 'Active Projects' | 'Inactive Projects') => page.getByRole('region', { name: new RegExp(`^${title}`) });

async function createProjectViaApi(page: Page, fields: Record<string, unknown>): Promise<string> {
  const res = await page.request.post('/api/projects', { data: fields });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function openProjects(page: Page): Promise<void> {
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Project Management' })).toBeVisible();
}

test.describe('Projects page', () => {
  test('stat cards agree with the list; a project shows its badges, wording, due date, progress and task counts', async ({ page }, info) => {
    await signIn(page, 'admin');
    const name = uniqueTitle(info, 'Overdue project');
    await createProjectViaApi(page, {
      name,
      status: 'active',
      priority: 'high',
      projectType: 'cross-team',
      visibility: 'explicit',
      progress: 40,
      endDate: dayOffset(-3),
      color: '#ff0000',
    });
    await createTask(page, { title: `${name} open`, project: name });
    await createTask(page, { title: `${name} done`, project: name, status: 'DONE' });

    await openProjects(page);
    const card = projectCard(page, name);
    await expect(card).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText('High priority')).toBeVisible();
    await expect(card.getByText('Overdue', { exact: true })).toBeVisible();
    await expect(card.getByText('Multiple teams within a function')).toBeVisible();
    await expect(card.getByText('Only explicitly added members')).toBeVisible();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    const counts = card.getByTestId('project-task-counts');
    await expect(counts).toContainText('1 open · 1 done');
    await expect(counts).toHaveAttribute('href', `/task-listing?project=${encodeURIComponent(name)}`);
    await expect(group(page, 'Active Projects').getByRole('heading', { name, exact: true })).toBeVisible();

    // Other tests add projects in parallel: read the cards and the figures in one go, then compare.
    const seen = await page.evaluate(() => {
      const cards = [...document.querySelectorAll('[data-testid="project-card"]')];
      const text = (id: string) => Number(document.querySelector(`[data-testid="${id}"]`)?.textContent);
      return {
        cards: cards.length,
        overdueCards: cards.filter((c) => [...c.querySelectorAll('span')].some((s) => s.textContent === 'Overdue')).length,
        completedCards: cards.filter((c) => [...c.querySelectorAll('span')].some((s) => s.textContent === 'Completed')).length,
        activeCards: document.querySelectorAll('#group-active-projects ~ * [data-testid="project-card"]').length,
        total: text('stat-total'),
        active: text('stat-active'),
        completed: text('stat-completed'),
        overdue: text('stat-overdue'),
      };
    });
    expect(seen.total).toBe(seen.cards);
    expect(seen.overdue).toBe(seen.overdueCards);
    expect(seen.overdue).toBeGreaterThanOrEqual(1);
    expect(seen.completed).toBe(seen.completedCards);
    expect(seen.active).toBe(seen.activeCards);
    if (info.project.name === 'phone') expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: info.outputPath('projects.png'), fullPage: true });
  });

  test('create with validation, edit, delete (admin)', async ({ page }, info) => {
    await signIn(page, 'admin');
    await openProjects(page);
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await expect(dialog.getByRole('heading', { name: 'Create New Project' })).toBeVisible();
    if (info.project.name === 'phone') {
      const box = await panelBox(dialog);
      expect(box.width).toBeGreaterThanOrEqual(370);
      expect(box.height).toBeGreaterThanOrEqual(800);
    }
    // A new project's defaults.
    await expect(dialog.getByLabel('Project type')).toHaveValue('team');
    await expect(dialog.getByLabel('Visibility')).toHaveValue('members');
    await expect(dialog.getByLabel('Status')).toHaveValue('planning');
    await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
    await expect(dialog.getByLabel('Progress (%)')).toHaveValue('0');
    await expect(dialog.getByLabel('Active')).toBeChecked();
    await expect(dialog.getByLabel('Primary function')).toBeDisabled();

    const create = dialog.getByRole('button', { name: 'Create Project' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Project name *').fill('   ');
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Project name *').press('Enter');
    await expect(toast(page, 'Project name is required')).toContainText('Validation error');

    const name = uniqueTitle(info, 'Created project');
    await dialog.getByLabel('Project name *').fill(name);
    await dialog.getByLabel('Description').fill('Made by the browser test');
    await dialog.getByLabel('Project type').selectOption('cross-department');
    await expect(dialog.getByLabel('Primary function')).toBeEnabled();
    await dialog.getByLabel('Progress (%)').fill('abc');
    await dialog.getByLabel('End date').fill(dayOffset(30));
    await page.screenshot({ path: info.outputPath('project-dialog.png') });
    await create.click();
    await expect(toast(page, 'Project created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = projectCard(page, name);
    await expect(card.getByText('Teams from different functions')).toBeVisible();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expect(card.getByText('Planning', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(edit.getByLabel('Project name *')).toHaveValue(name);
    await expect(edit.getByLabel('Project type')).toHaveValue('cross-department');
    await edit.getByLabel('Status').selectOption('completed');
    await edit.getByLabel('Progress (%)').fill('100');
    await edit.getByLabel('Active').uncheck();
    await edit.getByRole('button', { name: 'Update Project' }).click();
    await expect(toast(page, 'Project updated successfully')).toBeVisible();
    await expect(group(page, 'Inactive Projects').getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(projectCard(page, name).getByText('Completed', { exact: true })).toBeVisible();

    await projectCard(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete project' });
    await expect(confirm).toContainText('Are you sure you want to delete this project? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Project deleted successfully')).toContainText('The project and all associated data have been removed.');
    await expect(projectCard(page, name)).toHaveCount(0);
    if (info.project.name === 'phone') expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('a member may create projects but sees no edit or delete buttons', async ({ page }, info) => {
    await signIn(page, 'user');
    await openProjects(page);
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    const name = uniqueTitle(info, 'Member project');
    await dialog.getByLabel('Project name *').fill(name);
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(toast(page, 'Project created successfully')).toBeVisible();
    const card = projectCard(page, name);
    await expect(card).toBeVisible();
    await expect(page.getByTestId('project-card').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    // The server enforces it too.
    const id = await page.evaluate(async (n) => {
      const list = (await (await fetch('/api/projects', { credentials: 'include' })).json()) as { id: string; name: string }[];
      return list.find((p) => p.name === n)!.id;
    }, name);
    expect((await page.request.put(`/api/projects/${id}`, { data: { name: `${name} x` } })).status()).toBe(403);
    expect((await page.request.delete(`/api/projects/${id}`)).status()).toBe(403);
  });

  test('live: a project created, edited and deleted in another browser shows on an open /projects without a reload', async ({ page, browser }, info) => {
    await signIn(page, 'user');
    await openProjects(page);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const admin = await secondBrowser(browser, page, 'admin');
    await openProjects(admin);
    const name = uniqueTitle(info, 'Live project');
    await admin.getByRole('button', { name: 'New Project' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create New Project' });
    await dialog.getByLabel('Project name *').fill(name);
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(toast(admin, 'Project created successfully')).toBeVisible();

    // Created: it appears in the member's Active group, as the member may see it (no edit buttons).
    const card = projectCard(page, name);
    await expect(group(page, 'Active Projects').getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('projects-live.png') });

    // Edited: renamed and made inactive, it moves to the Inactive group under its new name.
    const id = await admin.evaluate(async (n) => {
      const list = (await (await fetch('/api/projects', { credentials: 'include' })).json()) as { id: string; name: string }[];
      return list.find((p) => p.name === n)!.id;
    }, name);
    const renamed = `${name} renamed`;
    expect((await admin.request.put(`/api/projects/${id}`, { data: { name: renamed, isActive: false, progress: 60 } })).status()).toBe(200);
    const moved = projectCard(page, renamed);
    await expect(group(page, 'Inactive Projects').getByRole('heading', { name: renamed, exact: true })).toBeVisible();
    await expect(moved.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    await expect(card).toHaveCount(0);

    // Deleted: the card goes.
    expect((await admin.request.delete(`/api/projects/${id}`)).status()).toBe(200);
    await expect(moved).toHaveCount(0);
    await expect(projectCard(admin, renamed)).toHaveCount(0);

    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await admin.context().close();
  });
});

/** Another person in a second browser context (own cookies, own socket), at the same viewport. */
async function secondBrowser(browser: Browser, page: Page, who: 'admin' | 'manager' | 'user'): Promise<Page> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  const other = await context.newPage();
  await signIn(other, who);
  return other;
}
