import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { Field } from './field';

describe('Field', () => {
  it('labels its control', async () => {
    const { container } = render(
      <Field label="Show name">{(control) => <input {...control} />}</Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Show name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('describes the control with its hint', async () => {
    const { container } = render(
      <Field label="Show name" hint="As it appears on Spotify">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Show name' })).toHaveAccessibleDescription(
      'As it appears on Spotify',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('announces an error, marks the control invalid and describes it with hint and error', async () => {
    const { container } = render(
      <Field label="Show name" hint="As it appears on Spotify" error="Show name is required">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Show name' });
    expect(screen.getByRole('alert')).toHaveTextContent('Show name is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('As it appears on Spotify Show name is required');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('keeps a caller-provided description', () => {
    render(
      <>
        <p id="extra">Shown publicly</p>
        <Field label="Show name" describedBy="extra" error="Too long">
          {(control) => <input {...control} />}
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Show name' })).toHaveAccessibleDescription(
      'Shown publicly Too long',
    );
  });

  it('can hide its label visually yet keep the accessible name', () => {
    render(
      <Field label="Search" hideLabel>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByText('Search')).toHaveClass('visually-hidden');
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('puts the label after the control in the inline layout', async () => {
    const { container } = render(
      <Field label="Remember me" layout="inline">
        {(control) => <input type="checkbox" {...control} />}
      </Field>,
    );
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
