import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { axe } from 'jest-axe';
import { messages } from '../messages/messages';
import { FormTextField } from '../forms';
import { TextField } from './text-field';

describe('TextField', () => {
  it('is a labelled input that takes typing', async () => {
    const user = userEvent.setup();
    const { container } = render(<TextField label="Show name" placeholder="The Daily Pod" />);
    const input = screen.getByRole('textbox', { name: 'Show name' });

    await user.type(input, 'Founders Talk');

    expect(input).toHaveValue('Founders Talk');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows a hint as its description', async () => {
    const { container } = render(<TextField label="Website" hint="Starts with https://" />);
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAccessibleDescription(
      'Starts with https://',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows an error as an alert and marks the input invalid', async () => {
    const { container } = render(
      <TextField label="Email address" error={messages.required('Email address')} />,
    );
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(screen.getByRole('alert')).toHaveTextContent('Email address is required');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Email address is required');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('marks required fields', () => {
    render(<TextField label="Email address" required />);
    expect(screen.getByRole('textbox', { name: /Email address/ })).toBeRequired();
  });

  it('is disabled like a native input', async () => {
    const user = userEvent.setup();
    const { container } = render(<TextField label="Username" disabled defaultValue="sam" />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    await user.type(input, 'x');
    expect(input).toHaveValue('sam');
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('FormTextField', () => {
  function renderForm(onSubmit: () => void = jest.fn()) {
    render(
      <Formik
        initialValues={{ email: '' }}
        validate={(values) => (values.email ? {} : { email: messages.required('Email address') })}
        onSubmit={onSubmit}
      >
        <Form noValidate>
          <FormTextField name="email" type="email" label="Email address" required />
          <button type="submit">Subscribe</button>
        </Form>
      </Formik>,
    );
  }

  it('shows no error on a pristine form', async () => {
    renderForm();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /Email address/ })).not.toBeInvalid();
  });

  it('shows the error once the field was left empty', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('textbox', { name: /Email address/ }));
    await user.tab();

    expect(await screen.findByRole('alert')).toHaveTextContent('Email address is required');
    expect(screen.getByRole('textbox', { name: /Email address/ })).toBeInvalid();
  });

  it('shows the error after a submit and does not submit', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    renderForm(onSubmit);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Email address is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits what was typed', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'sam@example.com' }, expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
