// Storybook helpers of the booking flow's steps: a step at its route, with its data cached.
import { useState, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makeUser, QueryData } from '@guestspot/shared-api/stories';
import { GUEST_ID, optionPrices, seedDraft, upsell } from './flow-fixtures';
import type { BookingFlowValues } from '../hooks/use-booking-flow-store';

const preferences = {
  pitch: true,
  'miniview-questions': false,
  questions: true,
  upsells: true,
  payment: true,
};

export const storyUser = makeUser({
  timezone: 'UTC',
  shows: [{ id: 3, name: 'Morning Momentum', slug: 'morning-momentum', imageUrl: null }],
});

/** The step at /guests/5/book/{step}, as show 3 books guest 5, with `values` entered so far. */
export function StoryStep({
  step,
  values = {},
  isPitch = false,
  user = storyUser,
  entries = [],
  children,
}: {
  step: string;
  values?: Partial<BookingFlowValues>;
  isPitch?: boolean;
  user?: ReturnType<typeof makeUser>;
  entries?: [QueryKey, { data: unknown } | { loading: true } | { error: string }][];
  children: ReactNode;
}) {
  // Once, before the first render: the stores are not set while rendering.
  useState(() => seedDraft(values, isPitch));
  return (
    <AsUser user={user}>
      <QueryData
        entries={[
          [queryKeys.bookingFlowPreferences('guest', GUEST_ID), { data: preferences }],
          [queryKeys.optionPrices('guest', GUEST_ID), { data: optionPrices }],
          [
            queryKeys.bookingProfile('guest', GUEST_ID),
            { data: { id: GUEST_ID, name: 'Grace Hopper', questions: [], booking_options: [] } },
          ],
          [queryKeys.upsellPackages('guest', GUEST_ID), { data: [upsell] }],
          ...entries,
        ]}
      >
        <Routes location={`/guests/${GUEST_ID}/book/${step}`}>
          <Route path={`/guests/:guestId/book/${step}`} element={children} />
        </Routes>
      </QueryData>
    </AsUser>
  );
}
