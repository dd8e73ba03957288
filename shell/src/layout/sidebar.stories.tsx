import type { Decorator, Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type User } from '@guestspot/shared-api';
import { AsUser, makeUser, phoneGlobals, withQueryData } from '@guestspot/shared-api/stories';
import { publishRoutes } from '../routing/fake-remotes';
import { Sidebar } from './sidebar';
import './layout.css';

/** The remotes' route lists once mfe-booking publishes the inbox (decision 108). */
const published = {
  mfe_marketplace: [
    '/',
    '/browse',
    '/about',
    '/contact',
    '/privacy-policy',
    '/cookie-policy',
    '/:guestId',
  ],
  mfe_booking: ['/bookings', '/booking/success', '/messages'],
  mfe_account: ['/login', '/logout', '/register', '/settings', '/terms-and-conditions'],
  mfe_miniview: ['/user-miniviews'],
};

const asUser =
  (user: User | null): Decorator =>
  (Story) => (
    <AsUser user={user}>
      <Story />
    </AsUser>
  );

const meta = {
  title: 'Screens/Shell/Sidebar',
  component: Sidebar,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { open: true, onClose: () => undefined },
  loaders: [() => publishRoutes(published)],
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor: Log in and Start free now, no counts. */
export const Visitor: Story = { decorators: [asUser(null)] };

/** Signed in: 2 new bookings (the session's figure) and 3 unread messages (the inbox's count). */
export const WithCounts: Story = {
  decorators: [
    withQueryData([[queryKeys.unreadMessages, { data: { count: 3, conversations: 2 } }]]),
    asUser(makeUser({ new_bookings_count: 2 })),
  ],
};

/** Past 99 the bubble reads 99+; screen readers still hear the figure. */
export const ManyUnread: Story = {
  decorators: [
    withQueryData([[queryKeys.unreadMessages, { data: { count: 140, conversations: 12 } }]]),
    asUser(makeUser({ new_bookings_count: 12 })),
  ],
};

/** Nothing new: no bubbles. */
export const NothingNew: Story = {
  decorators: [
    withQueryData([[queryKeys.unreadMessages, { data: { count: 0, conversations: 0 } }]]),
    asUser(makeUser()),
  ],
};

export const Phone: Story = { ...WithCounts, globals: phoneGlobals };
