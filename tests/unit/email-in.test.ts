import { describe, expect, it } from 'vitest';
import { forwardedHeaders, replyText, subjectTitle } from '../../api/modules/email-in/email-in.message.js';
import { personalToken, readAddress, readReplyToken, replyToken } from '../../api/modules/email-in/email-in.tokens.js';

const SECRET = 'unit-test-secret-long-enough-for-anything';
const TASK = '0f8fad5b-d9cb-469f-a165-70867728950e';
const USER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('email-in message reading', () => {
  it('removes leading Fwd:, Fw: and Re: again and again, in any case', () => {
    expect(subjectTitle('Fwd: RE: fw:  Re[2]: Budget  review')).toBe('Budget review');
    expect(subjectTitle('Review the Fwd: notes')).toBe('Review the Fwd: notes');
    expect(subjectTitle('FWD:')).toBe('');
  });

  it('finds the sender and date of Gmail, Outlook and Apple Mail forwards', () => {
    expect(forwardedHeaders('Note\n\n---------- Forwarded message ---------\nFrom: *A* <a@x.com>\nDate: Mon, 1 Dec\nSubject: s\n\nbody')).toEqual({
      from: 'A <a@x.com>',
      date: 'Mon, 1 Dec',
    });
    expect(forwardedHeaders('-----Original Message-----\nFrom: B <b@x.com>\nSent: Tuesday\nTo: c')).toEqual({ from: 'B <b@x.com>', date: 'Tuesday' });
    expect(forwardedHeaders('Begin forwarded message:\n\nFrom: C <c@x.com>\nDate: 2 Dec 2026\n')).toEqual({ from: 'C <c@x.com>', date: '2 Dec 2026' });
    expect(forwardedHeaders('From: not a forward\nDate: today')).toBeNull();
  });

  it('keeps only the new text of a reply', () => {
    expect(replyText('Thanks, done.\n\nOn Tue, 24 Nov 2026 at 10:00, Planner <no-reply@x>\nwrote:\n> old text')).toBe('Thanks, done.');
    expect(replyText('Yes\n> quoted\nand more\n-- \nSignature')).toBe('Yes\nand more');
    expect(replyText('Fine\n\n-----Original Message-----\nFrom: x')).toBe('Fine');
    expect(replyText('> only quoted')).toBe('');
  });
});

describe('email-in addresses', () => {
  it('reads personal and reply addresses of the domain only, without case', () => {
    const token = personalToken(SECRET, TASK);
    expect(token).toMatch(/^[a-z2-7]{26}$/);
    expect(readAddress(`Tasks+${token.toUpperCase()}@IN.Example.com`, 'in.example.com')).toEqual({ kind: 'personal', token });
    expect(readAddress(`tasks+${token}@other.com`, 'in.example.com')).toBeNull();
    expect(readAddress(`someone@in.example.com`, 'in.example.com')).toBeNull();
  });

  it('signs a reply token for one task and recipient and refuses any change', () => {
    const token = replyToken(SECRET, TASK, USER);
    expect(token).toMatch(/^[a-z2-7]{64}$/);
    expect(readReplyToken(SECRET, token)).toEqual({ taskId: TASK, userId: USER });
    expect(readReplyToken('another-secret', token)).toBeNull();
    const changed = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect(readReplyToken(SECRET, changed)).toBeNull();
    expect(readReplyToken(SECRET, token.slice(0, 60))).toBeNull();
  });
});
