import { isApiError, serverMessage, type MAX_MESSAGE } from '@guestspot/shared-api';

// A booking's messages as both places that show them read them: the booking page's Activity
// and the /messages inbox (issue 31). The text is the sender's own: plain text, never HTML.

/** booking-management… §5 and §9 (the contract's MAX_MESSAGE; the type pins the value). */
export const MESSAGE_MAX_LENGTH: typeof MAX_MESSAGE = 300;

/** Spec §5: asked when a message holds URL-like text and is not flagged yet. */
export const SCHEDULE_LINK_QUESTION = 'Are you trying to update the booking date?';

/**
 * A message sent or saved after Yes to SCHEDULE_LINK_QUESTION (contains_schedule_link): the
 * spec's message_intent "intent datetime". Shown beside it wherever it is read.
 */
export const DATE_CHANGE_MARK = 'About the interview date';

/** Under the tinted input when a send or an edit fails without a message of the server's. */
export const MESSAGE_NOT_SENT = 'Your message was not sent. Please try again.';

/** The inbox (spec §2 route table) and one conversation in it. */
export const MESSAGES_PATH = '/messages';
export function conversationPath(bookingId: number): string {
  return `/messages/${bookingId}`;
}

/** Who wrote a message: the profile's name, or a team member's "for" it. */
export function authorLabel(profileName: string, writtenBy: string | null | undefined): string {
  return writtenBy ? `${writtenBy} for ${profileName}` : profileName;
}

/**
 * Spec §4 "Timeline filtering": sending is disabled when the booking is canceled or expired.
 * The sentence says why, under the disabled field.
 */
export function sendingClosedReason(status: string | null | undefined): string | null {
  if (status === 'canceled') return 'This booking was canceled, so no more messages can be sent.';
  if (status === 'expired') return 'This booking expired, so no more messages can be sent.';
  return null;
}

/** What a failed send or edit says: the server's words for a refusal (409, 422, 429). */
export function messageFailure(error: unknown): string {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return MESSAGE_NOT_SENT;
  return error.fieldErrors.body?.[0] ?? serverMessage(error, MESSAGE_NOT_SENT);
}

// ---- Links in a message ----

/** http(s) addresses: the only text that becomes a link. */
const HTTP_URL = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.com/a."). */
const TRAILING = /[.,;:!?'")\]}]+$/;

/**
 * URL-like text (spec §5): an address with a scheme, a www. host, or a host name with a common
 * top-level domain ("calendly.com/jane"). Used for the schedule-link question, not for links.
 */
const URL_LIKE =
  /(\b[a-z][a-z\d+.-]*:\/\/\S+)|(\bwww\.[^\s.]+\.\S+)|(\b[a-z\d-]+(\.[a-z\d-]+)*\.(com|net|org|io|co|me|app|dev|ly|us|uk|ca|de|fm|tv|info|biz|link|page|to|ai|so|cal)\b(\/\S*)?)/i;

export function containsUrlLikeText(text: string): boolean {
  return URL_LIKE.test(text);
}

export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string };

/** Whether a token is an absolute http(s) URL a browser can open. */
function isHttpUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A message split into text and http(s) links; everything that is no such link stays text. */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let rest = 0;
  const push = (kind: MessagePart['kind'], value: string) => {
    if (value === '') return;
    const last = parts.at(-1);
    if (kind === 'text' && last?.kind === 'text') last.text += value;
    else parts.push({ kind, text: value });
  };
  for (const match of text.matchAll(HTTP_URL)) {
    let address = match[0];
    // A closing bracket the address opened stays with it ("https://x.org/a_(b)").
    const trailing = TRAILING.exec(address)?.[0] ?? '';
    if (trailing !== '') {
      address = address.slice(0, -trailing.length);
      const opened = (address.match(/\(/g) ?? []).length;
      const closed = (address.match(/\)/g) ?? []).length;
      if (trailing.startsWith(')') && opened > closed) address += ')';
    }
    const start = match.index;
    push('text', text.slice(rest, start));
    if (isHttpUrl(address)) push('link', address);
    else push('text', address);
    rest = start + address.length;
  }
  push('text', text.slice(rest));
  return parts;
}

// ---- The draft (spec §9: "Chat draft is kept in local storage"), one per booking ----

export function draftKey(bookingId: number): string {
  return `guestspot:chat-draft:${bookingId}`;
}

export function readDraft(bookingId: number): string {
  try {
    return window.localStorage.getItem(draftKey(bookingId)) ?? '';
  } catch {
    // Storage refused (a private window, a full quota): the draft lives in the field only.
    return '';
  }
}

export function writeDraft(bookingId: number, text: string): void {
  try {
    if (text === '') window.localStorage.removeItem(draftKey(bookingId));
    else window.localStorage.setItem(draftKey(bookingId), text);
  } catch {
    // As above: nothing kept, nothing lost that the field does not hold.
  }
}
