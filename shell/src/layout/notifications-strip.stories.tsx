import type { Decorator, Meta, StoryObj } from '@storybook/react-webpack5';
import { userEvent, within } from 'storybook/test';
import { queryKeys, type Notification } from '@guestspot/shared-api';
import { AsUser, makeUser, phoneGlobals, withQueryData } from '@guestspot/shared-api/stories';
import {
  completedQuestion,
  makeNotification,
  scheduledQuestion,
  severalNotifications,
} from './notification-fixtures';
import { NotificationsStrip } from './notifications-strip';

const signedIn: Decorator = (Story) => (
  <AsUser user={makeUser()}>
    <Story />
  </AsUser>
);

/** The strip with these unread notifications in the cache, for a signed-in user. */
const showing = (notifications: Notification[]) => ({
  decorators: [withQueryData([[queryKeys.notifications, { data: notifications }]]), signedIn],
});

const meta = {
  title: 'Screens/Shell/Notifications strip',
  component: NotificationsStrip,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof NotificationsStrip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing unread: the strip takes no room at all. */
export const None: Story = showing([]);

/** One notification: its text, the other side's page, the booking, Dismiss. */
export const One: Story = showing([makeNotification(1)]);

/** The newest shows; 'and 2 more' opens the others. */
export const Several: Story = showing(severalNotifications);

/** 'and 2 more' opened: every unread notification, newest first. */
export const SeveralOpen: Story = {
  ...showing(severalNotifications),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'and 2 more' }));
  },
};

/** 'Did it happen?' after the interview date: It Happened, Reschedule, Cancel Booking. */
export const CompletedBookingQuestion: Story = showing([completedQuestion]);

/** 'Is it scheduled?': Yes and No. */
export const ScheduledBookingQuestion: Story = showing([scheduledQuestion]);

/** 360 px: text and buttons wrap, nothing scrolls sideways, every target is 44 px. */
export const Phone: Story = {
  ...showing([
    makeNotification(
      4,
      'date_confirmed',
      'The Extraordinarily Long-Named Weekly Conversation Podcast confirmed your interview for Tue 2 Dec, 3:00 PM.',
    ),
    ...severalNotifications,
  ]),
  globals: phoneGlobals,
};

/** 360 px with a completion question: its three buttons wrap under the text. */
export const PhoneQuestion: Story = {
  ...showing([completedQuestion, ...severalNotifications]),
  globals: phoneGlobals,
};
