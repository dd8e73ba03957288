import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Field } from './field';

const meta = {
  title: 'Forms/Field',
  component: Field,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'The one place that wires a control to its label, hint and error (aria-invalid, ' +
          'aria-describedby, role="alert"). TextField, PhoneField, Select and Checkbox build on it.',
      },
    },
  },
  args: {
    label: 'Show name',
    children: (control) => <input className="gs-control" {...control} />,
  },
  argTypes: { children: { control: false } },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHint: Story = { args: { hint: 'As it appears on Spotify and Apple Podcasts.' } };

export const WithError: Story = {
  args: { hint: 'As it appears on Spotify.', error: 'Show name is required', required: true },
};

export const Inline: Story = {
  args: {
    label: 'Email me when I get a booking request',
    layout: 'inline',
    children: (control) => <input type="checkbox" {...control} />,
  },
};
