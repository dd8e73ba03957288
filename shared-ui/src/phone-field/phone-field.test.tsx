import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { axe } from 'jest-axe';
import { FormPhoneField } from '../forms';
import { PhoneField } from './phone-field';

describe('PhoneField', () => {
  it('formats digits with the (###) ###-#### mask as you type', async () => {
    const user = userEvent.setup();
    const { container } = render(<PhoneField label="Phone number" />);
    const input = screen.getByRole('textbox', { name: 'Phone number' });

    await user.type(input, '555');
    expect(input).toHaveValue('(555');
    await user.type(input, '1234567');
    expect(input).toHaveValue('(555) 123-4567');
    await user.type(input, '89');
    expect(input).toHaveValue('(555) 123-4567');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('ignores letters and keeps the mask when deleting', async () => {
    const user = userEvent.setup();
    render(<PhoneField label="Phone number" />);
    const input = screen.getByRole('textbox', { name: 'Phone number' });

    await user.type(input, '55a5x1');
    expect(input).toHaveValue('(555) 1');
    await user.type(input, '{Backspace}');
    expect(input).toHaveValue('(555');
  });

  it('formats a pasted number', async () => {
    const user = userEvent.setup();
    render(<PhoneField label="Phone number" />);
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    await user.click(input);
    await user.paste('+1 555 123 4567');
    expect(input).toHaveValue('(555) 123-4567');
  });

  it('hands the masked value to onChange', async () => {
    const user = userEvent.setup();
    const values: string[] = [];
    render(<PhoneField label="Phone number" onChange={(e) => values.push(e.target.value)} />);
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '5551');
    expect(values.at(-1)).toBe('(555) 1');
  });

  it('offers the phone keypad and shows its error', async () => {
    const { container } = render(<PhoneField label="Phone number" error="Phone is required" />);
    const input = screen.getByRole('textbox', { name: 'Phone number' });
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toBeInvalid();
    expect(screen.getByRole('alert')).toHaveTextContent('Phone is required');
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('FormPhoneField', () => {
  it('stores the masked string in the form', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <Formik initialValues={{ phone: '' }} onSubmit={onSubmit}>
        <Form>
          <FormPhoneField name="phone" label="Phone number" />
          <button type="submit">Save</button>
        </Form>
      </Formik>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '5551234567');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('(555) 123-4567');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ phone: '(555) 123-4567' }, expect.anything()),
    );
  });

  it('shows the validation error after submit', async () => {
    const user = userEvent.setup();
    render(
      <Formik
        initialValues={{ phone: '' }}
        validate={(values) => (values.phone ? {} : { phone: 'Phone number is required' })}
        onSubmit={jest.fn()}
      >
        <Form>
          <FormPhoneField name="phone" label="Phone number" />
          <button type="submit">Save</button>
        </Form>
      </Formik>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone number is required');
  });
});
