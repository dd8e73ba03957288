import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { axe } from 'jest-axe';
import { FormSelect } from '../forms';
import { Select } from './select';

const categories = [
  { value: 'business', label: 'Business' },
  { value: 'comedy', label: 'Comedy' },
  { value: 'health', label: 'Health', disabled: true },
];

describe('Select', () => {
  it('lets the user pick one of its options', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Select label="Category" options={categories} placeholder="Choose a category" />,
    );
    const select = screen.getByRole('combobox', { name: 'Category' });

    expect(select).toHaveDisplayValue('Choose a category');
    await user.selectOptions(select, 'Comedy');
    expect(select).toHaveValue('comedy');
    expect(screen.getByRole('option', { name: 'Health' })).toBeDisabled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows an error', async () => {
    const { container } = render(
      <Select label="Category" options={categories} error="Category is required" />,
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeInvalid();
    expect(screen.getByRole('alert')).toHaveTextContent('Category is required');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is disabled like a native select', async () => {
    const { container } = render(<Select label="Category" options={categories} disabled />);
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeDisabled();
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('FormSelect', () => {
  it('binds the form value and shows the error after submit', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <Formik
        initialValues={{ category: '' }}
        validate={(values) => (values.category ? {} : { category: 'Category is required' })}
        onSubmit={onSubmit}
      >
        <Form>
          <FormSelect
            name="category"
            label="Category"
            options={categories}
            placeholder="Choose a category"
          />
          <button type="submit">Save</button>
        </Form>
      </Formik>,
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Category is required');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Business');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ category: 'business' }, expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
