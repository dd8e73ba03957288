import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Form, Formik } from 'formik';
import { Button } from '../button/button';
import { IconSearch } from '../icons/icons';
import { messages } from '../messages/messages';
import { FormTextField } from '../forms';
import { TextField } from './text-field';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'Email address', type: 'email', placeholder: 'you@example.com' },
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    leadingIcon: { control: false },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHint: Story = { args: { hint: "We'll never share your email." } };

export const WithError: Story = {
  args: { defaultValue: 'sam@', error: 'Please enter a valid email address' },
};

export const Required: Story = { args: { required: true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'sam@example.com' } };

export const Search: Story = {
  args: {
    label: 'Search guests',
    type: 'search',
    hideLabel: true,
    placeholder: 'Search by name or topic',
    leadingIcon: <IconSearch />,
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <TextField {...args} size="sm" label="Small" />
      <TextField {...args} size="md" label="Medium" />
      <TextField {...args} size="lg" label="Large" />
    </div>
  ),
};

export const InAFormikForm: Story = {
  render: () => (
    <Formik
      initialValues={{ email: '' }}
      validate={(values) => (values.email ? {} : { email: messages.required('Email address') })}
      onSubmit={() => undefined}
    >
      <Form noValidate style={{ display: 'grid', gap: 16 }}>
        <FormTextField name="email" type="email" label="Email address" required />
        <Button type="submit">Subscribe</Button>
      </Form>
    </Formik>
  ),
};

/** On a phone every size is 44 px tall with 16 px text, so that iOS does not zoom on focus. */
export const Phone: Story = {
  ...Sizes,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
