import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { IconX } from '../icons/icons';
import { VisuallyHidden } from './visually-hidden';

const meta = {
  title: 'Utilities/VisuallyHidden',
  component: VisuallyHidden,
  tags: ['autodocs'],
  args: { children: 'Close menu' },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An icon-only button whose name ('Close menu') is only for screen readers. */
export const InIconButton: Story = {
  render: (args) => (
    <button type="button" style={{ display: 'inline-flex', padding: 8, fontSize: 20 }}>
      <IconX />
      <VisuallyHidden {...args} />
    </button>
  ),
};
