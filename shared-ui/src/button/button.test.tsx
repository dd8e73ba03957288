import type { FormEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Button, ButtonLink } from './button';

describe('Button', () => {
  it('runs its action on click and with the keyboard', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    const { container } = render(<Button onClick={onClick}>Save</Button>);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    screen.getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');

    expect(onClick).toHaveBeenCalledTimes(2);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('does not submit a surrounding form unless asked to', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((event: FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Preview</Button>
        <Button type="submit">Send</Button>
      </form>,
    );

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while loading is busy, disabled and shows a spinner, keeping its name', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    const { container } = render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });

    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('data-state', 'loading');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('when disabled ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button disabled onClick={onClick}>
        Delete
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute(
      'data-state',
      'disabled',
    );
  });

  it('passes ref through as a plain prop', () => {
    const ref = { current: null as HTMLButtonElement | null };
    render(<Button ref={ref}>Focus me</Button>);
    ref.current?.focus();
    expect(screen.getByRole('button', { name: 'Focus me' })).toHaveFocus();
  });
});

describe('ButtonLink', () => {
  it('is a link that navigates with the router', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<ButtonLink to="/bookings">See bookings</ButtonLink>} />
          <Route path="/bookings" element={<h1>Bookings</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'See bookings' });
    expect(link).toHaveAttribute('href', '/bookings');
    expect(await axe(container)).toHaveNoViolations();

    await user.click(link);
    expect(screen.getByRole('heading', { name: 'Bookings' })).toBeInTheDocument();
  });
});
