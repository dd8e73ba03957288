import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { axe } from 'jest-axe';
import { FormCheckbox } from '../forms';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('toggles by clicking the box or its label', async () => {
    const user = userEvent.setup();
    const { container } = render(<Checkbox label="Remember me" />);
    const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });

    expect(checkbox).not.toBeChecked();
    await user.click(checkbox);
    expect(checkbox).toBeChecked();
    await user.click(screen.getByText('Remember me'));
    expect(checkbox).not.toBeChecked();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('toggles with the space bar', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Remember me" />);
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });

  it('starts checked when asked', async () => {
    const { container } = render(<Checkbox label="Email me updates" defaultChecked />);
    expect(screen.getByRole('checkbox', { name: 'Email me updates' })).toBeChecked();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows a hint and an error', async () => {
    const { container } = render(
      <Checkbox
        label="I accept the terms"
        hint="You can read them on the Terms page"
        error="You must accept the terms"
      />,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(checkbox).toBeInvalid();
    expect(checkbox).toHaveAccessibleDescription(
      'You can read them on the Terms page You must accept the terms',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('You must accept the terms');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('cannot be toggled when disabled', async () => {
    const user = userEvent.setup();
    const { container } = render(<Checkbox label="Remember me" disabled />);
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('FormCheckbox', () => {
  it('binds a boolean form value', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <Formik initialValues={{ remember_me: false }} onSubmit={onSubmit}>
        <Form>
          <FormCheckbox name="remember_me" label="Remember me" />
          <button type="submit">Sign in</button>
        </Form>
      </Formik>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ remember_me: true }, expect.anything()),
    );
  });

  it('shows its validation error after submit', async () => {
    const user = userEvent.setup();
    render(
      <Formik
        initialValues={{ terms: false }}
        validate={(values) => (values.terms ? {} : { terms: 'You must accept the terms' })}
        onSubmit={jest.fn()}
      >
        <Form>
          <FormCheckbox name="terms" label="I accept the terms" />
          <button type="submit">Continue</button>
        </Form>
      </Formik>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must accept the terms');
  });
});
