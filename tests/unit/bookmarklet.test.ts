import { describe, expect, it } from 'vitest';
import { BOOKMARKLET_MAX_LENGTH, bookmarkletFits, bookmarkletHref } from '../../web/features/bookmarklet/bookmarklet-source.js';
import { emailDescription, emailLink, emailTitle, readBookmarkletParams } from '../../web/features/bookmarklet/bookmarklet-email.js';

describe('bookmarklet link', () => {
  const href = bookmarkletHref('https://tasks.example.com');

  it('is a javascript: link for the given origin, one line, without raw % signs', () => {
    expect(href.startsWith('javascript:(function')).toBe(true);
    expect(href).toContain('"https://tasks.example.com"');
    expect(href).not.toMatch(/\n/);
    expect(href).not.toMatch(/%(?!25)/);
  });

  it('fits the 2,000-character limit even unminified, and the check says so', () => {
    expect(href.length).toBeLessThanOrEqual(BOOKMARKLET_MAX_LENGTH);
    expect(bookmarkletFits(href)).toBe(true);
    expect(bookmarkletFits('javascript:' + 'x'.repeat(BOOKMARKLET_MAX_LENGTH))).toBe(false);
  });

  it('parses as JavaScript', () => {
    expect(() => new Function(decodeURIComponent(href.slice('javascript:'.length)))).not.toThrow();
  });
});

describe('email to task', () => {
  it('reads the parameters, cutting the body to 500 characters', () => {
    const email = readBookmarkletParams(
      new URLSearchParams({ subject: ' Hello ', body: 'b'.repeat(600), sender: 'A <a@b.c>', url: 'https://mail.google.com/x' }),
    );
    expect(email).toEqual({ subject: 'Hello', body: 'b'.repeat(500), sender: 'A <a@b.c>', url: 'https://mail.google.com/x' });
    expect(readBookmarkletParams(new URLSearchParams())).toEqual({ subject: '', body: '', sender: '', url: '' });
  });

  it('links only http(s) addresses', () => {
    expect(emailLink('https://outlook.live.com/mail/0/id/1')).toBe('https://outlook.live.com/mail/0/id/1');
    expect(emailLink('javascript:alert(1)')).toBeNull();
    expect(emailLink('data:text/html,x')).toBeNull();
    expect(emailLink('')).toBeNull();
  });

  it('makes the title from the subject and the description from body, sender and link', () => {
    const email = { subject: 'Report\n due', body: 'Please send it.', sender: 'Dana <dana@example.com>', url: 'https://mail.yahoo.com/d/1' };
    expect(emailTitle(email)).toBe('Report due');
    expect(emailDescription(email)).toBe('Please send it.\n\nFrom: Dana <dana@example.com>\nEmail: https://mail.yahoo.com/d/1');
    expect(emailDescription({ subject: '', body: '', sender: '', url: '' })).toBe('');
  });
});
