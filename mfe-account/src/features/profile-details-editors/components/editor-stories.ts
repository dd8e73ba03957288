import type { QueryKey } from '@tanstack/react-query';
import { loadStateStories, phoneGlobals, withQueryData } from '@guestspot/shared-api/stories';

/** The stories every /details editor section has: its saved data, on a phone, loading and failed. */
export function editorStories(key: QueryKey, data: unknown) {
  const Saved = { decorators: [withQueryData([[key, { data }]])] };
  return { Saved, Phone: { ...Saved, globals: phoneGlobals }, ...loadStateStories(key) };
}
