import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import { renderWithProviders, server, setupMswServer } from '@guestspot/shared-api/testing';
import { Footer, MAILING_LIST_SUCCESS } from './footer';

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
});

async function subscribe(email: string) {
  const field = screen.getByLabelText('Email address');
  await userEvent.clear(field);
  if (email) await userEvent.type(field, email);
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('the footer', () => {
  it('links Home, Guests, Shows and FAQ', async () => {
    const { container } = renderWithProviders(<Footer />);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(nav).toBeInTheDocument();
    for (const name of ['Home', 'Guests', 'Shows', 'FAQ']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(await axe(container)).toHaveNoViolations();
  });

  it('checks the email before sending it', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/v1/mailing-list', () => {
        calls += 1;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderWithProviders(<Footer />);
    await subscribe('');
    expect(await screen.findByText('Email address is required')).toBeInTheDocument();
    await subscribe('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('subscribes and says so', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/v1/mailing-list', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'Subscribed.' });
      }),
    );
    renderWithProviders(<Footer />);
    await subscribe('fan@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(MAILING_LIST_SUCCESS);
    expect(sent).toEqual({ email: 'fan@example.com' });
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it("shows the server's message, else 'Something went wrong'", async () => {
    server.use(
      http.post('*/api/v1/mailing-list', () =>
        HttpResponse.json({ message: 'The email has already been taken.' }, { status: 422 }),
      ),
    );
    renderWithProviders(<Footer />);
    await subscribe('fan@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('The email has already been taken.');

    server.use(http.post('*/api/v1/mailing-list', () => HttpResponse.error()));
    await subscribe('fan@example.com');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
