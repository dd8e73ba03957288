import {
  authorLabel,
  containsUrlLikeText,
  messageFailure,
  messageParts,
  MESSAGE_NOT_SENT,
  sendingClosedReason,
} from './messages';
import { ApiError } from '@guestspot/shared-api';

describe('links in a message', () => {
  it('makes only http(s) addresses links, the rest text', () => {
    expect(
      messageParts('Notes: https://notes.example.com/ep?x=1 and http://old.example.org too'),
    ).toEqual([
      { kind: 'text', text: 'Notes: ' },
      { kind: 'link', text: 'https://notes.example.com/ep?x=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://old.example.org' },
      { kind: 'text', text: ' too' },
    ]);
    for (const text of [
      'javascript:alert(1)',
      'www.example.com',
      'ftp://files.example.com/a',
      'data:text/html,<b>x</b>',
      '<a href="https://x.com">x</a>',
    ]) {
      expect(messageParts(text).filter((part) => part.kind === 'link')).toEqual(
        text.includes('https://x.com') ? [{ kind: 'link', text: 'https://x.com' }] : [],
      );
    }
  });

  it('leaves a sentence’s punctuation out of the address, but keeps its own brackets', () => {
    expect(messageParts('See https://example.com/a.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a' },
      { kind: 'text', text: '.' },
    ]);
    expect(messageParts('(https://example.com/b)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://example.com/b' },
      { kind: 'text', text: ')' },
    ]);
    expect(messageParts('https://en.example.org/wiki/A_(b), ok')[0]).toEqual({
      kind: 'link',
      text: 'https://en.example.org/wiki/A_(b)',
    });
  });

  it('keeps the text whole, line breaks included', () => {
    const text = 'One\nTwo https://x.example.com\n\nThree';
    expect(
      messageParts(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
    expect(messageParts('')).toEqual([]);
  });
});

describe('URL-like text (spec §5)', () => {
  it.each([
    'https://cal.example.com/grace',
    'book me at calendly.com/grace',
    'www.example.net/slot',
    'zoom.us/j/123',
    'see example.io',
  ])('finds one in %p', (text) => expect(containsUrlLikeText(text)).toBe(true));

  it.each(['See you on Monday!', 'e.g. the 3rd', 'version 2.0 is out', 'Mr.Smith'])(
    'finds none in %p',
    (text) => expect(containsUrlLikeText(text)).toBe(false),
  );
});

describe('the words around a message', () => {
  it('names a team member writing for the profile', () => {
    expect(authorLabel('The Build Show', 'Ada Lovelace')).toBe('Ada Lovelace for The Build Show');
    expect(authorLabel('The Build Show', null)).toBe('The Build Show');
  });

  it('closes sending on a canceled or expired booking only', () => {
    expect(sendingClosedReason('canceled')).toMatch(/canceled/);
    expect(sendingClosedReason('expired')).toMatch(/expired/);
    for (const status of ['pending', 'accepted', 'scheduled', 'completed', undefined]) {
      expect(sendingClosedReason(status)).toBeNull();
    }
  });

  it("says the server's words for a refusal, ours otherwise", () => {
    expect(messageFailure(new ApiError(429, 'Slow down.', {}, { message: 'Slow down.' }))).toBe(
      'Slow down.',
    );
    expect(messageFailure(new ApiError(422, 'Invalid.', { body: ['Body is too long.'] }, {}))).toBe(
      'Body is too long.',
    );
    expect(messageFailure(new ApiError(500, 'Server Error', {}, {}))).toBe(MESSAGE_NOT_SENT);
    expect(messageFailure(new Error('offline'))).toBe(MESSAGE_NOT_SENT);
  });
});
