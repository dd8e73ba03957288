import { ApiError, isApiError, type GuestExperience } from '@guestspot/shared-api';

/** The API's limits on a guest's lists (PUT /guests/{id}). */
export const GUEST_LIST_LIMITS = {
  roles: 10,
  /** a role's title and organization */
  roleText: 255,
  years: 32,
  topics: 20,
  topic: 60,
  questions: 10,
  question: 300,
} as const;

/** A role as its form row holds it: every part text, '' when left empty. */
export interface RoleValues {
  title: string;
  organization: string;
  years: string;
}

/** What a list sends, and the form row each entry came from (blank rows are not sent). */
export interface SentList<Entry> {
  list: Entry[];
  rows: number[];
}

/** A saved list as its form starts: its entries, or one empty row to type into. */
export function rowsToEdit<Entry>(saved: Entry[], empty: Entry): Entry[] {
  return saved.length ? saved : [empty];
}

/** Texts as the API keeps them: trimmed, blanks and repeats dropped, in order. */
export function cleanTexts(texts: string[]): SentList<string> {
  const sent: SentList<string> = { list: [], rows: [] };
  texts.forEach((text, row) => {
    const value = text.trim();
    if (value === '' || sent.list.includes(value)) return;
    sent.list.push(value);
    sent.rows.push(row);
  });
  return sent;
}

/** Roles as the API keeps them: trimmed, empty parts null, roles without a title dropped. */
export function cleanRoles(roles: RoleValues[]): SentList<GuestExperience> {
  const sent: SentList<GuestExperience> = { list: [], rows: [] };
  roles.forEach((role, row) => {
    const title = role.title.trim();
    if (title === '') return;
    sent.list.push({
      title,
      organization: role.organization.trim() || null,
      years: role.years.trim() || null,
    });
    sent.rows.push(row);
  });
  return sent;
}

/**
 * A 422 names the entries as sent (`topics.1`, `experience.0.title`); the form's rows still hold
 * the blank ones that were not sent, so each name is moved to the row its entry came from.
 */
export function onFormRows(error: unknown, name: string, rows: number[]): unknown {
  if (!isApiError(error)) return error;
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const [index, ...rest] = field.startsWith(`${name}.`)
      ? field.slice(name.length + 1).split('.')
      : [];
    const row = index === undefined ? undefined : rows[Number(index)];
    fieldErrors[row === undefined ? field : [name, row, ...rest].join('.')] = messages;
  }
  return new ApiError(error.status, error.message, fieldErrors, error.data);
}
