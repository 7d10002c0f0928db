import { describe, expect, it } from 'vitest';
import { keepMentions, mentionedIds, mentionQueryAt, mentionToken, parseMentions, plainMentions, splitMentions } from '../../schema/domain/mentions.js';

const ANN = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

describe('mentions parser', () => {
  it('finds each token with its id, written name and place', () => {
    const text = `Hi @[Ann Lee](user:${ANN}), see @[Bob](user:${BOB}) and @[Ann Lee](user:${ANN})`;
    const { mentions } = parseMentions(text);
    expect(mentions.map((m) => [m.userId, m.name])).toEqual([
      [ANN, 'Ann Lee'],
      [BOB, 'Bob'],
      [ANN, 'Ann Lee'],
    ]);
    for (const m of mentions) expect(text.slice(m.start, m.end)).toBe(`@[${m.name}](user:${m.userId})`);
    expect(mentionedIds(text)).toEqual([ANN, BOB]);
  });

  it('leaves plain @words, broken tokens and e-mail addresses alone', () => {
    for (const text of ['@ann hello', 'mail ann@example.com', '@[Ann](user:)', '@[Ann](usr:abc)', '@[](user:abc)', '@[A\nB](user:abc)']) {
      expect(parseMentions(text).mentions).toEqual([]);
    }
  });

  it('keepMentions turns refused tokens into plain @Name and keeps the others as they are', () => {
    const text = `@[Ann](user:${ANN}) and @[Bob](user:${BOB})`;
    expect(keepMentions(text, (id) => id === ANN)).toBe(`@[Ann](user:${ANN}) and @Bob`);
    expect(keepMentions(text, () => false)).toBe('@Ann and @Bob');
  });

  it('mentionToken makes a token the parser reads back, with a safe name', () => {
    expect(parseMentions(mentionToken(ANN, 'Ann [the] Lee')).mentions[0]).toMatchObject({ userId: ANN, name: 'Ann the Lee' });
    expect(parseMentions(mentionToken(ANN, '  ')).mentions[0]).toMatchObject({ name: 'someone' });
  });

  it('splitMentions and plainMentions give the pieces for chips and plain text', () => {
    const text = `Hi @[Ann](user:${ANN})!`;
    expect(splitMentions(text)).toEqual(['Hi ', { userId: ANN, name: 'Ann', start: 3, end: text.length - 1 }, '!']);
    expect(plainMentions(text)).toBe('Hi @Ann!');
    expect(plainMentions(text, () => 'Ann Lee')).toBe('Hi @Ann Lee!');
  });

  it('mentionQueryAt finds the @word being typed at the caret', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('hello @an', 9)).toEqual({ start: 6, query: 'an' });
    expect(mentionQueryAt('hello @an there', 9)).toEqual({ start: 6, query: 'an' });
    expect(mentionQueryAt('mail ann@ex', 11)).toBeNull();
    expect(mentionQueryAt('@ann there', 10)).toBeNull();
  });
});
