// Calendar integrations shaped like the API's answers (see api/src/contract.ts, Calendar integrations).
import type { Integration } from '../types';

export const ICLOUD_CALENDARS_FIXTURE = [
  { id: 'local-icloud-home', name: 'Home' },
  { id: 'local-icloud-work', name: 'Work' },
  { id: 'local-icloud-family', name: 'Family' },
];

export function makeIntegration(overrides: Partial<Integration> = {}): Integration {
  return {
    id: 1,
    slug: 'icloud-calendar',
    name: 'iCloud Calendar',
    account: 'sam@icloud.test',
    credentials: { email: 'sam@icloud.test' },
    status: 'active',
    checked_at: '2026-03-01T10:00:00.000Z',
    params: { events_calendar: null, conflict_calendars: [] },
    data: { available_calendars: ICLOUD_CALENDARS_FIXTURE },
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
