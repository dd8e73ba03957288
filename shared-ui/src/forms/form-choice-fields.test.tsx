import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { axe } from 'jest-axe';
import { FormCheckboxGroup, FormTextArea } from '.';
import { FormTimezoneSelect, timezoneLabel } from './timezone-select';

function inForm(initialValues: Record<string, unknown>, children: React.ReactNode) {
  const onSubmit = jest.fn();
  const view = render(
    <Formik
      initialValues={initialValues}
      validate={(values) =>
        Array.isArray(values.topics) && values.topics.length === 0 ? { topics: 'Pick a topic' } : {}
      }
      onSubmit={onSubmit}
    >
      <Form>
        {children}
        <button type="submit">Save</button>
      </Form>
    </Formik>,
  );
  return { ...view, onSubmit };
}

describe('FormTimezoneSelect', () => {
  it('offers the account list by label and keeps a zone that is not on it (e.g. from signup)', async () => {
    const { container } = inForm(
      { timezone: 'Antarctica/Troll' },
      <FormTimezoneSelect name="timezone" label="Timezone" />,
    );
    const select = screen.getByRole('combobox', { name: 'Timezone' });
    expect(select).toHaveValue('Antarctica/Troll');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Antarctica/Troll');
    expect(screen.getByRole('option', { name: /Central Time \(US & Canada\)/ })).toHaveValue(
      'US/Central',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers every IANA zone when any zone is allowed', async () => {
    const user = userEvent.setup();
    inForm(
      { timezone: 'UTC' },
      <FormTimezoneSelect name="timezone" label="Timezone" zones="any" />,
    );
    const select = screen.getByRole('combobox', { name: 'Timezone' });
    await user.selectOptions(select, 'Europe/Berlin');
    expect(select).toHaveValue('Europe/Berlin');
    expect(screen.getByRole('option', { name: 'America/New York' })).toBeInTheDocument();
  });

  it('reads a stored zone by its label, else by its name', () => {
    expect(timezoneLabel('US/Central')).toMatch(/Central Time \(US & Canada\)/);
    expect(timezoneLabel('Antarctica/Troll')).toBe('Antarctica/Troll');
  });
});

describe('FormTextArea', () => {
  it('binds the text to the form', async () => {
    const user = userEvent.setup();
    const { onSubmit, container } = inForm(
      { bio: '' },
      <FormTextArea name="bio" label="Bio" hint="A few words" />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Bio' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ bio: 'Hello' }, expect.anything());
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('FormCheckboxGroup', () => {
  const options = [
    { value: 'tech', label: 'Tech' },
    { value: 'health', label: 'Health' },
  ];

  it('binds the checked values and shows the group error after submit', async () => {
    const user = userEvent.setup();
    const { onSubmit, container } = inForm(
      { topics: [] },
      <FormCheckboxGroup name="topics" legend="Topics" options={options} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const group = screen.getByRole('group', { name: 'Topics' });
    expect(group).toHaveAccessibleDescription('Pick a topic');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('checkbox', { name: 'Health' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ topics: ['health'] }, expect.anything());
  });
});
