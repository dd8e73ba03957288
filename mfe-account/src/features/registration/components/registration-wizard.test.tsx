import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import {
  makeGuest,
  makeUser,
  PLANS_FIXTURE,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { routes } from '../../../routes';
import {
  REGISTRATION_DRAFT_KEY,
  useRegistrationDraftStore,
  type RegistrationDraft,
} from '../stores/registration-draft-store';
import { RegisterPage } from './register-page';

setupMswServer();
jest.setTimeout(30_000);

const user = makeUser({ id: 7, first_name: 'Ada', last_name: 'Lovelace', status: 'pending' });

function startWith(draft: RegistrationDraft, signedIn = true) {
  setSession(signedIn ? user : null);
  useRegistrationDraftStore.setState({
    visitor: null,
    leaving: false,
    drafts: { [user.id]: draft },
  });
}

/** The app's own routes (mfe-account), at `path`, with stubs where the wizard leaves. */
function renderAt(path: string) {
  return renderWithProviders(<h1>Not found</h1>, {
    route: path,
    path: '/not-found',
    routes: [
      ...routes,
      { path: '/check-email', element: <h1>Check your email</h1> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
  });
}

function stepNames() {
  const nav = screen.getByRole('navigation', { name: 'Registration steps' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^\d+/, '').replace(' (completed)', ''));
}

async function fill(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(value);
}

beforeEach(() => {
  window.localStorage.clear();
  document.cookie = 'XSRF-TOKEN=t; path=/';
  server.use(
    // The Go Pro step's SubscribeForm (billing).
    http.get('*/api/v1/billing/config', () =>
      HttpResponse.json({ stripe_publishable_key: null, provider: 'local' }),
    ),
    http.get('*/api/v1/user/payment/methods', () => HttpResponse.json({ data: [] })),
    http.get('*/api/v1/plans', () => HttpResponse.json({ data: PLANS_FIXTURE })),
    http.get('*/api/v1/categories', () =>
      HttpResponse.json({
        success: true,
        data: [
          { id: 1, name: 'Business', image_url: null, counts: { guests: 1, shows: 1 } },
          { id: 2, name: 'Health', image_url: null, counts: { guests: 1, shows: 1 } },
        ],
      }),
    ),
    http.get('*/api/v1/show-types', () =>
      HttpResponse.json({
        data: [
          { id: 1, name: 'Podcast' },
          { id: 2, name: 'Video Podcast' },
        ],
      }),
    ),
  );
});

describe('step 1: personal information', () => {
  it('asks for every field with the shared messages', async () => {
    startWith({}, false);
    const { container } = renderWithProviders(<RegisterPage />, {
      route: '/register',
      path: '/register',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email address is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Terms of Service is required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(stepNames()).toHaveLength(7);
    const nav = screen.getByRole('navigation', { name: 'Registration steps' });
    const current = within(nav)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') === 'step');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('Personal Information');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('checks the password confirmation and shows the server’s field errors', async () => {
    startWith({}, false);
    server.use(
      http.post('*/api/v1/auth/register', () =>
        HttpResponse.json(
          {
            message: 'The email has already been taken.',
            errors: { email: ['The email has already been taken.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderWithProviders(<RegisterPage />, { route: '/register', path: '/register' });
    await fill(screen.getByLabelText(/^First name/), 'Ada');
    await fill(screen.getByLabelText(/^Last name/), 'Lovelace');
    await fill(screen.getByLabelText(/^Email address/), 'ada@guestspot.test');
    await userEvent.type(screen.getByLabelText(/^Phone number/), '5551234567');
    await fill(screen.getByLabelText(/^Password(?! confirmation)/), 'Password123');
    await fill(screen.getByLabelText(/^Password confirmation/), 'Password124');
    await userEvent.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('The Password and Password confirmation fields do not match'),
    ).toBeInTheDocument();

    await fill(screen.getByLabelText(/^Password confirmation/), 'Password123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email address/)).toHaveAccessibleDescription(
        'The email has already been taken.',
      ),
    );
    // The typed values are kept for a reload, never the passwords.
    const stored = window.localStorage.getItem(REGISTRATION_DRAFT_KEY) ?? '';
    expect(stored).toContain('ada@guestspot.test');
    expect(stored).not.toContain('Password123');
  });

  it('creates the account, signs in and goes to Go Pro', async () => {
    startWith({}, false);
    let body: unknown;
    server.use(
      http.post('*/api/v1/auth/register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: user }, { status: 201 });
      }),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: user })),
    );
    renderAt('/register-pro');
    await fill(await screen.findByLabelText(/^First name/), 'Ada');
    await fill(screen.getByLabelText(/^Last name/), 'Lovelace');
    await fill(screen.getByLabelText(/^Email address/), 'ada@guestspot.test');
    await userEvent.type(screen.getByLabelText(/^Phone number/), '5551234567');
    await fill(screen.getByLabelText(/^Password(?! confirmation)/), 'Password123');
    await fill(screen.getByLabelText(/^Password confirmation/), 'Password123');
    await userEvent.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Go Pro' })).toBeInTheDocument();
    expect(body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@guestspot.test',
      phone: '(555) 123-4567',
      password: 'Password123',
      password_confirmation: 'Password123',
      terms: true,
      device: 'spa',
    });
    expect(await screen.findByText('$97')).toBeInTheDocument();
    expect(screen.getByText('$997')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock Pro Now' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { name: 'Account Type' })).toBeInTheDocument();
    expect(useRegistrationDraftStore.getState().drafts[user.id]?.pro).toBe(true);
  });
});

describe('the steps shown', () => {
  it('follows the account type: guest 1,2,3,4,6,7; show 1,2,3,5; both all seven', async () => {
    startWith({ subscriptionDone: true });
    renderAt('/register/profile-type');
    expect(await screen.findByRole('heading', { name: 'Account Type' })).toBeInTheDocument();
    expect(stepNames()).toHaveLength(7);

    await userEvent.click(screen.getByRole('radio', { name: /Show/ }));
    expect(stepNames()).toEqual(['Personal Information', 'Go Pro', 'Account Type', 'Show Details']);
    await userEvent.click(screen.getByRole('radio', { name: /^Guest/ }));
    expect(stepNames()).toEqual([
      'Personal Information',
      'Go Pro',
      'Account Type',
      'Guest Details',
      'Guest Linked Accounts',
      'Interview Availability',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: /Both/ }));
    expect(stepNames()).toHaveLength(7);
    const current = screen
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current'));
    expect(current).toHaveTextContent('Account Type');

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Guest Details' })).toBeInTheDocument();
  });

  it('requires an account type', async () => {
    startWith({ subscriptionDone: true });
    renderAt('/register/profile-type');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Account type is required')).toBeInTheDocument();
  });

  it('sends a later step without its prerequisites to the first incomplete step', async () => {
    startWith({ subscriptionDone: true });
    renderAt('/register/availability');
    expect(await screen.findByRole('heading', { name: 'Account Type' })).toBeInTheDocument();
  });

  it('does not offer guest steps to a show account', async () => {
    startWith({ subscriptionDone: true, accountType: 'show', accountTypeDone: true });
    renderAt('/register/guest-social-links');
    expect(await screen.findByRole('heading', { name: 'Show Details' })).toBeInTheDocument();
  });
});

describe('the guest details step', () => {
  const ready: RegistrationDraft = {
    subscriptionDone: true,
    accountType: 'both',
    accountTypeDone: true,
  };

  it('keeps what was typed across a remount (reload), from the stored draft', async () => {
    startWith(ready);
    const view = renderAt('/register/profile-setup/guest');
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    await fill(screen.getByLabelText('Title'), 'Mathematician');
    view.unmount();

    await useRegistrationDraftStore.persist.rehydrate();
    renderAt('/register/profile-setup/guest');
    expect(await screen.findByLabelText('Title')).toHaveValue('Mathematician');
    expect(window.localStorage.getItem(REGISTRATION_DRAFT_KEY)).toContain('Mathematician');
  });

  it('creates the profile once, then updates it after Back and Continue', async () => {
    startWith(ready);
    const calls: string[] = [];
    server.use(
      http.post('*/api/v1/guests', async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(
          { data: makeGuest({ id: 40, name: 'Ada Lovelace' }) },
          { status: 201 },
        );
      }),
      http.put('*/api/v1/guests/40', () => {
        calls.push('PUT 40');
        return HttpResponse.json({ data: makeGuest({ id: 40 }) });
      }),
    );
    renderAt('/register/profile-setup/guest');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Health' }));
    await fill(screen.getByLabelText('Tags'), 'math, computing');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Show Details' })).toBeInTheDocument();
    expect(calls[0]).toBe(
      'POST {"name":"Ada Lovelace","title":null,"bio":null,"pronunciation":null,"categories":[2],"tags":["math","computing"],"image_uuid":null}',
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('checkbox', { name: 'Health' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Show Details' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBe('PUT 40');
  });

  it('shows an error with Retry when the categories cannot load', async () => {
    startWith(ready);
    let fail = true;
    server.use(
      http.get('*/api/v1/categories', () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ success: true, data: [] }),
      ),
    );
    renderAt('/register/profile-setup/guest');
    const retry = await screen.findByRole('button', { name: /Retry/ }, { timeout: 10_000 });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByLabelText(/^Name/)).toBeInTheDocument();
  });
});

describe('the last step', () => {
  it('saves availability, clears the draft and sends a pending user to /check-email', async () => {
    startWith({
      subscriptionDone: true,
      accountType: 'guest',
      accountTypeDone: true,
      guestId: 40,
      linksDone: true,
    });
    let saved: unknown;
    server.use(
      http.get('*/api/v1/guests/40/availability', () =>
        HttpResponse.json({
          data: {
            interview_durations: [{ duration: 30, price: 0 }],
            type: 'unlimited',
            rolling_days: 30,
            start_date: null,
            end_date: null,
            max_interviews_per_day: 4,
            max_interviews_per_month: null,
            minimum_notice: 240,
            buffer_before: 60,
            buffer_after: 60,
            spot_increments: 60,
            timezone: 'US/Central',
            rules: [],
          },
        }),
      ),
      http.put('*/api/v1/guests/40/availability', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ data: saved });
      }),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: user })),
    );
    const { router } = renderAt('/register/availability');
    expect(
      await screen.findByRole('heading', { name: 'Interview Availability' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('FREE')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/check-email'), {
      timeout: 10_000,
    });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(saved).toMatchObject({
      interview_durations: [{ duration: 30, price: 0 }],
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(useRegistrationDraftStore.getState().drafts[user.id]).toBeUndefined();
  });
});

describe('/register for a signed-in user', () => {
  it('resumes a wizard in progress at its first incomplete step', async () => {
    startWith({ subscriptionDone: true });
    renderAt('/register');
    expect(await screen.findByRole('heading', { name: 'Account Type' })).toBeInTheDocument();
  });

  it('sends anyone else Home, as a guest-only page', async () => {
    setSession({ ...user, status: 'active' });
    useRegistrationDraftStore.setState({ visitor: null, leaving: false, drafts: {} });
    const { router } = renderWithProviders(<RegisterPage />, {
      route: '/register',
      path: '/register',
      routes: [{ path: '/', element: <h1>Home</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
