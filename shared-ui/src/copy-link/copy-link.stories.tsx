import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import { CopyLink } from './copy-link';

const meta = {
  title: 'Components/CopyLink',
  component: CopyLink,
  tags: ['autodocs'],
  args: { url: 'https://guestspot.test/?ref=priyapatel', label: 'Referral link' },
} satisfies Meta<typeof CopyLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};

export const CustomButton: Story = { args: { copyLabel: 'Copy' } };

/** The clipboard refuses: the link is shown to copy by hand. */
export const Failed: Story = {
  beforeEach: () => {
    const original = navigator.clipboard?.writeText;
    if (navigator.clipboard) {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    }
    return () => {
      if (navigator.clipboard && original) navigator.clipboard.writeText = original;
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy to clipboard' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Failed to copy. Referral link is: https://guestspot.test/?ref=priyapatel',
    );
  },
};
