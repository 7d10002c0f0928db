import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnTo } from '../../web/lib/return-to.js';

describe('safeReturnTo (the login screen follows same-origin relative paths only)', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeReturnTo('/create-task-bookmarklet?subject=Hi%20there&body=x&sender=a%40b.c&url=https%3A%2F%2Fmail.google.com%2F')).toBe(
      '/create-task-bookmarklet?subject=Hi%20there&body=x&sender=a%40b.c&url=https%3A%2F%2Fmail.google.com%2F',
    );
    expect(safeReturnTo('/task-listing')).toBe('/task-listing');
    expect(safeReturnTo('/?view=daily#top')).toBe('/?view=daily#top');
  });

  it.each([
    ['https://evil.example'],
    ['http://evil.example/create-task-bookmarklet'],
    ['//evil.example'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['evil.example'],
    ['create-task-bookmarklet'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['  //evil.example'],
    ['/..//evil.example'],
    ['/.//evil.example'],
    ['/%2e%2e//evil.example'],
    ['/%2E%2E//evil.example/path?x=1'],
    ['/a/../..//evil.example'],
    [''],
    [null],
    [undefined],
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it('refuses a return to the login screen itself (no loop)', () => {
    expect(safeReturnTo('/login?returnTo=/')).toBeNull();
  });

  it('builds the login address that returns to a path', () => {
    const path = '/create-task-bookmarklet?subject=A&b=1';
    const login = new URL(loginPathFor(path), 'http://x');
    expect(login.pathname).toBe('/login');
    expect(safeReturnTo(login.searchParams.get('returnTo'))).toBe(path);
  });
});
