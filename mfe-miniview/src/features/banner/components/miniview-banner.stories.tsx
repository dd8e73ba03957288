import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MiniviewBanner } from './miniview-banner';

const meta = {
  title: 'Screens/MINIVIEW/MINIVIEW banner',
  component: MiniviewBanner,
  tags: ['autodocs'],
} satisfies Meta<typeof MiniviewBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Above every page of the signed-in area but the MINIVIEW ones (the shell's banner slot). */
export const Banner: Story = {};

export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
