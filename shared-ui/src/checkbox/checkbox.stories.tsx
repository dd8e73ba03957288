import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Form, Formik } from 'formik';
import { Button } from '../button/button';
import { FormCheckbox } from '../forms';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { label: 'Remember me' },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};

export const Checked: Story = { args: { defaultChecked: true } };

export const WithHint: Story = {
  args: {
    label: 'Email me when I get a booking request',
    hint: 'At most one email a day.',
    defaultChecked: true,
  },
};

export const WithError: Story = {
  args: { label: 'I accept the terms of service', error: 'You must accept the terms' },
};

export const Disabled: Story = { args: { disabled: true } };

export const DisabledChecked: Story = { args: { disabled: true, defaultChecked: true } };

export const InAFormikForm: Story = {
  render: () => (
    <Formik
      initialValues={{ terms: false }}
      validate={(values) => (values.terms ? {} : { terms: 'You must accept the terms' })}
      onSubmit={() => undefined}
    >
      <Form noValidate style={{ display: 'grid', gap: 16, maxWidth: 360 }}>
        <FormCheckbox name="terms" label="I accept the terms of service" />
        <Button type="submit">Continue</Button>
      </Form>
    </Formik>
  ),
};
