import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { TermsDocument } from './terms-document';

const meta = {
  title: 'Screens/Account/Terms of Service',
  component: TermsDocument,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { variant: 'light', context: 'page' },
  argTypes: { variant: { control: 'inline-radio', options: ['light', 'dark'] } },
} satisfies Meta<typeof TermsDocument>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Page: Story = {};

export const Dark: Story = { args: { variant: 'dark' } };

/** As the shell's terms modal shows it: no page title, sections one level lower. */
export const InDialog: Story = { args: { context: 'dialog' } };
