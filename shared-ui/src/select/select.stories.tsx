import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Form, Formik } from 'formik';
import { Button } from '../button/button';
import { messages } from '../messages/messages';
import { FormSelect } from '../forms';
import { Select } from './select';

const categories = [
  { value: 'business', label: 'Business' },
  { value: 'comedy', label: 'Comedy' },
  { value: 'health', label: 'Health & Fitness' },
  { value: 'technology', label: 'Technology' },
  { value: 'true-crime', label: 'True Crime', disabled: true },
];

const meta = {
  title: 'Forms/Select',
  component: Select,
  tags: ['autodocs'],
  args: { label: 'Category', options: categories, placeholder: 'Choose a category' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Selected: Story = { args: { defaultValue: 'technology' } };

export const WithHint: Story = { args: { hint: 'Guests search by category.' } };

export const WithError: Story = { args: { error: messages.required('Category') } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'comedy' } };

export const InAFormikForm: Story = {
  render: () => (
    <Formik
      initialValues={{ category: '' }}
      validate={(values) => (values.category ? {} : { category: messages.required('Category') })}
      onSubmit={() => undefined}
    >
      <Form noValidate style={{ display: 'grid', gap: 16 }}>
        <FormSelect
          name="category"
          label="Category"
          options={categories}
          placeholder="Choose a category"
          required
        />
        <Button type="submit">Save</Button>
      </Form>
    </Formik>
  ),
};
