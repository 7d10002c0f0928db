import { expect, test, type Locator, type Page } from '@playwright/test';
import { hasHorizontalScroll, signIn } from './support/session';
import { detailsSheet, taskCard, toast } from './support/tasks';
import { createTask, gql, uniqueTitle, search } from './support/planner';

/** A short unique name (usernames and keys have no spaces). */
const uid = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Client-side navigation (keeps the Apollo cache, as a sidebar click would, in both viewports). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function openAdmin(page: Page, tab?: string): Promise<void> {
  await page.goto(tab ? `/admin?tab=${tab}` : '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
}

const userRow = (page: Page, group: 'active' | 'inactive', username: string): Locator =>
  page.getByTestId(`users-${group}`).locator(`[data-testid="user-row"][aria-label="${username}"]`);

/** Accepts the next browser confirmation (deleting users and config items asks one). */
const acceptNextConfirm = (page: Page) => page.once('dialog', (d) => void d.accept());

async function createUserViaApi(page: Page, input: Record<string, unknown>): Promise<{ id: string; username: string }> {
  const data = await gql<{ createUser: { id: string; username: string } }>(page, 'mutation($input: UserInput!) { createUser(input: $input) { id username } }', {
    input,
  });
  return data.createUser;
}

test.describe('admin dashboard', () => {
  test('a member is denied /admin and never sees the screens', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Access denied')).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Admin sections' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '+ Add User' })).toHaveCount(0);
  });

  test('summary cards, a real health card and the selected tab in the URL', async ({ page }) => {
    await signIn(page, 'admin');
    await openAdmin(page);
    const health = page.getByTestId('summary-health');
    await expect(health).toContainText('Online');
    await expect(health).toContainText('Database: SQLite');
    await expect(health).toContainText('Live updates: in-process');
    const { users } = await gql<{ users: { role: string }[] }>(page, '{ users { role } }');
    await expect(page.getByTestId('summary-users')).toContainText(`${users.filter((u) => u.role === 'admin').length} admin`);
    await expect(page.getByTestId('summary-configs')).toContainText(/\d+/);
    await expect(page.getByTestId('summary-projects')).toContainText(/\d+ \/ \d+/);

    await page.getByRole('tab', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/tab=categories/);
    await expect(page.getByRole('heading', { name: 'Categories & Priorities' })).toBeVisible();
    // Keyboard: arrows move between tabs.
    await page.getByRole('tab', { name: 'Categories' }).press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Bookmarklet' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=bookmarklet/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Bookmarklet' })).toHaveAttribute('aria-selected', 'true');
    // The tab is the bookmarklet guide itself (the same component as the sidebar's Bookmarklet page).
    await expect(page.getByTestId('bookmarklet-link')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try it on a sample email' })).toBeVisible();
    await page.getByRole('tab', { name: 'Projects' }).click();
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    await expect(page.getByRole('button', { name: /New Project/ })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('users: create (who signs in at once), edit, deactivate, reactivate and delete', async ({ page, browser }) => {
    await signIn(page, 'admin');
    await openAdmin(page, 'users');
    const username = uid('e2euser');
    const password = 'secret-pass-1';

    await page.getByRole('button', { name: '+ Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Username *').fill(username);
    await dialog.getByLabel('Email *').fill(`${username}@example.com`);
    await dialog.getByLabel('First Name').fill('Erin');
    await dialog.getByLabel('Role').selectOption('manager');
    await dialog.getByLabel('Initial password').fill(password);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page, 'User created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(userRow(page, 'active', username)).toContainText('Manager');
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The new user signs in at once, in a fresh browser context.
    const fresh = await browser.newContext();
    try {
      const other = await fresh.newPage();
      await other.goto('/');
      await other.getByLabel('Username').fill(username);
      await other.getByLabel('Password').fill(password);
      await other.getByRole('button', { name: 'Sign In' }).click();
      await expect(other.getByText('Welcome back, Erin!')).toBeVisible();
    } finally {
      await fresh.close();
    }

    // Edit: last name and role.
    await userRow(page, 'active', username)
      .getByRole('button', { name: `Edit ${username}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Set a new password')).toBeVisible();
    await edit.getByLabel('Last Name').fill('Editson');
    await edit.getByLabel('Role').selectOption('member');
    await edit.getByRole('button', { name: 'Update User' }).click();
    await expect(toast(page, 'User updated successfully')).toBeVisible();
    await expect(userRow(page, 'active', username)).toContainText('Erin Editson');
    await expect(userRow(page, 'active', username)).toContainText('Member');

    // Deactivate, then reactivate.
    await userRow(page, 'active', username)
      .getByRole('button', { name: `Deactivate ${username}` })
      .click();
    await expect(userRow(page, 'inactive', username)).toBeVisible();
    await expect(userRow(page, 'active', username)).toHaveCount(0);
    await userRow(page, 'inactive', username)
      .getByRole('button', { name: `Reactivate ${username}` })
      .click();
    await expect(userRow(page, 'active', username)).toBeVisible();

    // Delete after the browser confirmation.
    acceptNextConfirm(page);
    await userRow(page, 'active', username)
      .getByRole('button', { name: `Delete ${username}` })
      .click();
    await expect(toast(page, 'User deleted successfully')).toBeVisible();
    await expect(userRow(page, 'active', username)).toHaveCount(0);
    const { users } = await gql<{ users: { username: string }[] }>(page, '{ users { username } }');
    expect(users.map((u) => u.username)).not.toContain(username);
  });

  test('users: a bad email is refused with a message and nothing is stored; a server message is shown', async ({ page }) => {
    await signIn(page, 'admin');
    await openAdmin(page, 'users');
    const username = uid('bademail');
    await page.getByRole('button', { name: '+ Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Username is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await dialog.getByLabel('Username *').fill(username);
    await dialog.getByLabel('Email *').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Add User' })).toBeVisible();
    const { users } = await gql<{ users: { username: string }[] }>(page, '{ users { username } }');
    expect(users.map((u) => u.username)).not.toContain(username);

    // A conflict the server finds (a taken username) is shown as the server says it.
    await dialog.getByLabel('Username *').fill('admin');
    await dialog.getByLabel('Email *').fill(`${username}@example.com`);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(toast(page, 'Error creating user')).toContainText('The username "admin" is already taken');
    await expect(dialog.getByRole('heading', { name: 'Add User' })).toBeVisible();
  });

  test('organization: functions and teams with their toasts, members added and removed, the reporting tree', async ({ page }) => {
    await signIn(page, 'admin');
    const lead = await createUserViaApi(page, {
      username: uid('lead'),
      email: `${uid('lead')}@example.com`,
      firstName: 'Lena',
      lastName: uid('Lead'),
      role: 'manager',
    });
    const report = await createUserViaApi(page, {
      username: uid('rep'),
      email: `${uid('rep')}@example.com`,
      firstName: 'Remy',
      lastName: uid('Rep'),
      managerId: lead.id,
    });
    await openAdmin(page, 'organization');
    const fnName = uniqueTitle(test.info(), 'Function');
    const teamName = uniqueTitle(test.info(), 'Team');

    // Functions: add and edit.
    await page.getByRole('button', { name: '+ Add Function' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Function' });
    await dialog.getByRole('button', { name: 'Create Function' }).click();
    await expect(dialog.getByText('Function name is required')).toBeVisible();
    await dialog.getByLabel('Function Name *').fill(fnName);
    await dialog.getByRole('button', { name: 'Create Function' }).click();
    await expect(toast(page, 'Function created successfully')).toBeVisible();
    const fnCard = page.getByTestId('function-card').filter({ hasText: fnName });
    await fnCard.getByRole('button', { name: `Edit function ${fnName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Function' });
    await dialog.getByLabel('Description').fill('Builds the product');
    await dialog.getByRole('button', { name: 'Update Function' }).click();
    await expect(toast(page, 'Function updated successfully')).toBeVisible();
    await expect(fnCard).toContainText('Builds the product');

    // Teams: function required, add, edit, members.
    await page.getByRole('tablist', { name: 'Organization sections' }).getByRole('tab', { name: 'Teams' }).click();
    await page.getByRole('button', { name: '+ Add Team' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Team' });
    await dialog.getByLabel('Team Name *').fill(teamName);
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await expect(dialog.getByText('Function is required')).toBeVisible();
    await dialog.getByLabel('Function *').selectOption({ label: fnName });
    await dialog.getByLabel('Skill Categories').fill('frontend, testing');
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await expect(toast(page, 'Team created successfully')).toBeVisible();
    const teamCard = page.getByTestId('team-card').filter({ hasText: teamName });
    await expect(teamCard).toContainText('frontend');
    await teamCard.getByRole('button', { name: `Edit team ${teamName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Team' });
    await dialog.getByLabel('Description').fill('Ships the web client');
    await dialog.getByRole('button', { name: 'Update Team' }).click();
    await expect(toast(page, 'Team updated successfully')).toBeVisible();
    await expect(teamCard).toContainText('Ships the web client');

    await teamCard.getByLabel(`Add a member to ${teamName}`).selectOption(report.id);
    await teamCard.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'Team member added')).toBeVisible();
    const remove = teamCard.getByRole('button', { name: `Remove ${report.username} from ${teamName}` });
    await expect(remove).toBeVisible();
    await remove.click();
    await expect(toast(page, 'Team member removed')).toBeVisible();
    await expect(remove).toHaveCount(0);
    await expect(teamCard.getByText('No members yet')).toBeVisible();

    // Users: the reportee sits under their manager.
    await page.getByRole('tablist', { name: 'Organization sections' }).getByRole('tab', { name: 'Users' }).click();
    const leadNode = page
      .getByTestId('tree-person')
      .filter({ has: page.getByText(`@${lead.username}`, { exact: true }) })
      .first();
    await expect(leadNode.getByText(`@${report.username}`, { exact: true })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('categories and priorities: add, inline edit and delete; a new category reaches the task details picker', async ({ page }) => {
    await signIn(page, 'admin');
    // Load the task details pickers first, so their cached list must pick the new category up.
    const title = uniqueTitle(test.info(), 'Picker task');
    await createTask(page, { title });
    await page.goto('/');
    // The admin's master list holds every test's tasks: search for this one, as a person would.
    await search(page, title);
    await taskCard(page, title).getByRole('button', { name: title, exact: true }).click();
    let sheet = detailsSheet(page);
    await expect(sheet.getByLabel('Task Title')).toHaveValue(title);
    await sheet.getByRole('button', { name: 'Show category choices' }).click();
    await expect(page.getByRole('option', { name: 'Dev', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await sheet.getByRole('button', { name: 'Close' }).first().click();
    await expect(sheet).toBeHidden();

    await navigate(page, '/admin?tab=categories');
    await expect(page.getByRole('heading', { name: 'Categories & Priorities' })).toBeVisible();
    const categories = page.getByTestId('config-categories');
    const key = uid('cat');
    const label = `Cat ${key}`;

    // Missing fields: the message, nothing stored.
    await categories.getByLabel('New category key').fill(key);
    await categories.getByRole('button', { name: 'Add Category' }).click();
    await expect(toast(page, 'Please fill in all required fields.')).toBeVisible();
    await categories.getByLabel('New category label').fill(label);
    await categories.getByLabel('New category colour').fill('#123abc');
    await categories.getByRole('button', { name: 'Add Category' }).click();
    await expect(toast(page, 'Category created successfully.')).toBeVisible();
    const row = categories.locator(`[data-testid="config-row"][aria-label="${label}"]`);
    await expect(row).toContainText('#123abc');

    // The task details picker offers it (client-side navigation: the cache, not a reload).
    await navigate(page, '/');
    await search(page, title);
    await taskCard(page, title).getByRole('button', { name: title, exact: true }).click();
    sheet = detailsSheet(page);
    await expect(sheet.getByLabel('Task Title')).toHaveValue(title);
    await sheet.getByRole('button', { name: 'Show category choices' }).click();
    await expect(page.getByRole('option', { name: label, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await sheet.getByRole('button', { name: 'Close' }).first().click();

    await navigate(page, '/admin?tab=categories');
    // Inline edit: a blank label is refused, then a new label is saved.
    await row.getByRole('button', { name: `Edit ${label}` }).click();
    await categories.getByLabel('Edit category label').fill('');
    await categories.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Please fill in all required fields.')).toBeVisible();
    const renamed = `${label} renamed`;
    await categories.getByLabel('Edit category label').fill(renamed);
    await categories.getByLabel('Edit category active').uncheck();
    await categories.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Item updated successfully.')).toBeVisible();
    const renamedRow = categories.locator(`[data-testid="config-row"][aria-label="${renamed}"]`);
    await expect(renamedRow).toContainText('Inactive');

    // Delete after the browser confirmation.
    acceptNextConfirm(page);
    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    await expect(toast(page, 'Item deleted successfully.')).toBeVisible();
    await expect(renamedRow).toHaveCount(0);

    // Priorities have their own table and toast.
    const priorities = page.getByTestId('config-priorities');
    const pkey = uid('prio');
    await priorities.getByLabel('New priority key').fill(pkey);
    await priorities.getByLabel('New priority label').fill(`Prio ${pkey}`);
    await priorities.getByRole('button', { name: 'Add Priority' }).click();
    await expect(toast(page, 'Priority created successfully.')).toBeVisible();
    acceptNextConfirm(page);
    await priorities.getByRole('button', { name: `Delete Prio ${pkey}` }).click();
    await expect(toast(page, 'Item deleted successfully.')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('templates: create with two predefined subtasks, details, create a task carrying both, edit, delete', async ({ page }) => {
    await signIn(page, 'admin');
    await openAdmin(page, 'templates');
    const name = uniqueTitle(test.info(), 'Tpl');
    const taskTitle = uniqueTitle(test.info(), 'From template');

    await page.getByRole('button', { name: '+ New Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(dialog.getByText('Template name is required')).toBeVisible();
    await dialog.getByLabel('Template Name *').fill(name);
    await dialog.getByLabel('Task Title *').fill(taskTitle);
    await dialog.getByLabel('Description', { exact: true }).fill('Release checklist');
    await dialog.getByLabel('Estimated Hours').fill('2.5');
    await dialog.getByLabel('Tags').fill('one, two, three, four, five');
    await dialog.getByRole('button', { name: '+ Add subtask' }).click();
    await dialog.getByLabel('Subtask 1 title *').fill('Second step');
    await dialog.getByRole('button', { name: '+ Add subtask' }).click();
    await dialog.getByLabel('Subtask 2 title *').fill('First step');
    await dialog.getByLabel('Subtask 2 hours').fill('1.5');
    await dialog.getByRole('button', { name: '+ Add subtask' }).click();
    await dialog.getByLabel('Subtask 3 title *').fill('Dropped step');
    // Reorder and remove.
    await dialog.getByRole('button', { name: 'Move subtask 2 up' }).click();
    await expect(dialog.getByLabel('Subtask 1 title *')).toHaveValue('First step');
    await dialog.getByRole('button', { name: 'Remove subtask 3' }).click();
    await expect(dialog.getByTestId('template-subtask-row')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(toast(page, 'Template created successfully')).toBeVisible();

    const card = page.getByTestId('template-card').filter({ hasText: name });
    await expect(card).toContainText(taskTitle);
    await expect(card).toContainText('2.5h');
    await expect(card).toContainText('Unassigned');
    await expect(card.getByText('+2')).toBeVisible();
    await expect(card.getByText('four')).toHaveCount(0);

    await card.getByRole('button', { name: `View details of ${name}` }).click();
    const details = page.getByRole('dialog', { name });
    await expect(details.getByRole('listitem').filter({ hasText: '1. First step' })).toBeVisible();
    await expect(details.getByRole('listitem').filter({ hasText: '2. Second step' })).toBeVisible();
    await details.getByRole('button', { name: 'Create Task from Template' }).click();
    await expect(toast(page, 'Task created from template successfully')).toBeVisible();
    await expect(details).toBeHidden();

    // The task carries both subtasks, in order.
    const { tasks } = await gql<{ tasks: { nodes: { title: string; subtasks: { title: string; estimatedHours: number }[] }[] } }>(
      page,
      'query($s: String) { tasks(first: 10, filter: { search: $s }) { nodes { title subtasks { title estimatedHours } } } }',
      { s: taskTitle },
    );
    expect(tasks.nodes).toHaveLength(1);
    expect(tasks.nodes[0]!.subtasks.map((s) => s.title)).toEqual(['First step', 'Second step']);

    // Edit, then delete with the in-app confirmation.
    await card.getByRole('button', { name: `Edit template ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Template' });
    await expect(edit.getByLabel('Subtask 2 title *')).toHaveValue('Second step');
    await edit.getByLabel('Description', { exact: true }).fill('Release checklist v2');
    await edit.getByRole('button', { name: 'Update Template' }).click();
    await expect(toast(page, 'Template updated successfully')).toBeVisible();
    await expect(card).toContainText('Release checklist v2');

    await card.getByRole('button', { name: `Delete template ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this template?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Template deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
