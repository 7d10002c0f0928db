import { expect, type Browser, type Page } from '@playwright/test';

export interface Person {
  id: string;
  username: string;
  password: string;
  firstName: string;
  name: string;
}

let counter = 0;

/** Creates a user as the signed-in admin of `admin` (POST /api/users), with a password and unique names. */
export async function createPerson(admin: Page, fields: { prefix: string; role?: string; managerId?: string }): Promise<Person> {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const username = `${fields.prefix.toLowerCase()}_${tag}`;
  const firstName = `${fields.prefix}${tag}`;
  const password = `${username}-pass`;
  const res = await admin.request.post('/api/users', {
    data: { username, email: `${username}@example.com`, firstName, lastName: 'Test', role: fields.role ?? 'member', managerId: fields.managerId, password },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: string };
  return { id: body.id, username, password, firstName, name: `${firstName} Test` };
}

/** Signs `page` in as `person` through the login form. */
export async function signInAs(page: Page, person: Person): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(`Welcome back, ${person.firstName}!`)).toBeVisible();
}

/** A second browser context (own cookies and socket) at the same viewport as `page`. */
export async function secondBrowser(browser: Browser, page: Page): Promise<Page> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  return context.newPage();
}

/** Today and other days as 'yyyy-MM-dd' in the browser's (and server's) zone. */
export const dayOffset = (offset: number): string => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
