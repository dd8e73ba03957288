import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Form, Formik } from 'formik';
import { Button } from '../button/button';
import { messages } from '../messages/messages';
import { PHONE_PATTERN } from './format-phone';
import { FormPhoneField } from '../forms';
import { PhoneField } from './phone-field';

const meta = {
  title: 'Forms/PhoneField',
  component: PhoneField,
  tags: ['autodocs'],
  args: { label: 'Phone number' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PhoneField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { hint: 'Type digits only: the mask fills in the rest.' } };

export const Filled: Story = { args: { defaultValue: '(555) 123-4567' } };

export const WithError: Story = {
  args: { defaultValue: '(555) 12', error: 'Please enter a full phone number' },
};

export const InAFormikForm: Story = {
  render: () => (
    <Formik
      initialValues={{ phone: '' }}
      validate={(values) =>
        !values.phone
          ? { phone: messages.required('Phone number') }
          : PHONE_PATTERN.test(values.phone)
            ? {}
            : { phone: 'Please enter a full phone number' }
      }
      onSubmit={() => undefined}
    >
      <Form noValidate style={{ display: 'grid', gap: 16 }}>
        <FormPhoneField name="phone" label="Phone number" required />
        <Button type="submit">Save</Button>
      </Form>
    </Formik>
  ),
};
