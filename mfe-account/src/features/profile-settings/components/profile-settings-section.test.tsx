import { useEffect } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { Area } from 'react-easy-crop';
import {
  onApiEvent,
  useCurrentUser,
  useLoginConfirmationStore,
  type User,
} from '@guestspot/shared-api';
import { TIMEZONE_OPTIONS } from '@guestspot/shared-api/timezones';
import {
  clearCookies,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost, useConfirmStore, useToastStore } from '@guestspot/shared-ui';
import { settingsAccess } from '../../../components/settings';
import { ProfileSettingsSection } from './profile-settings-section';

// The real cropper measures the picture with layout jsdom does not do (as in ImageUpload's tests);
// this one reports one area (one object: a new one per render would loop).
const mockArea: Area = { x: 0, y: 0, width: 1000, height: 800 };
jest.mock('react-easy-crop', () => ({
  __esModule: true,
  default: function FakeCropper({
    onCropComplete,
  }: {
    onCropComplete: (percent: Area, pixels: Area) => void;
  }) {
    useEffect(() => onCropComplete(mockArea, mockArea), [onCropComplete]);
    return <div />;
  },
}));

setupMswServer();
// Each test walks a whole row through several saves; the shared machine is slow.
jest.setTimeout(20_000);

const UPLOAD_UUID = '0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d';
let saved: User;
let puts: Record<string, unknown>[];

/** A server holding one user: PUT changes it, GET /users/me answers it. */
function serveUser(user: User) {
  saved = user;
  puts = [];
  server.use(
    http.get('*/api/v1/users/me', () => HttpResponse.json({ data: saved })),
    http.put('*/api/v1/users/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      const { current_password: _c, password: _p, password_confirmation: _pc, ...fields } = body;
      const image =
        'image_uuid' in fields
          ? {
              imageUuid: fields.image_uuid as string | null,
              imageUrl: fields.image_uuid ? `/api/v1/media/${String(fields.image_uuid)}` : null,
            }
          : {};
      delete fields.image_uuid;
      saved = { ...saved, ...(fields as Partial<User>), ...image };
      return HttpResponse.json({ data: saved });
    }),
  );
}

function Page() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <ProfileSettingsSection
        user={user}
        access={settingsAccess(user)}
        cropImage={() => Promise.resolve(new Blob(['jpg'], { type: 'image/jpeg' }))}
      />
      <ToastHost />
      <ConfirmHost />
    </>
  );
}

function renderSection(user: User = makeUser({ phone: '(512) 555-0100' })) {
  serveUser(user);
  setSession(user);
  return renderWithProviders(<Page />, { route: '/settings' });
}

/** Saves the crop once the image editor (its own chunk) has reported the first crop. */
async function saveCrop() {
  const button = within(screen.getByRole('dialog', { name: 'Crop image' })).getByRole('button', {
    name: 'Save',
  });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
}

const row = (name: string) => screen.getByRole('group', { name });
const edit = (name: string) =>
  userEvent.click(screen.getByRole('button', { name: `Edit ${name}` }));
const form = (name: string) => screen.getByRole('form', { name: `Edit ${name}` });
const save = (name: string) =>
  userEvent.click(within(form(name)).getByRole('button', { name: 'Save' }));

/** Stands in for the shell's password modal: answers every request with `confirmed`. */
function answerLoginConfirmation(confirmed: boolean) {
  const asked = jest.fn();
  stopAnswering = useLoginConfirmationStore.subscribe((state) => {
    if (state.open) {
      asked();
      queueMicrotask(() => act(() => useLoginConfirmationStore.getState().finish(confirmed)));
    }
  });
  return asked;
}
let stopAnswering: () => void = () => undefined;

const admin = { id: 9, name: 'Alex Morgan', is_admin: true, team_role: null };
const agency = { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' as const };

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useToastStore.setState({ toasts: [] });
  useLoginConfirmationStore.setState({ open: false, resolve: null });
});
afterEach(() => {
  stopAnswering();
  stopAnswering = () => undefined;
  clearCookies();
  act(() => useConfirmStore.setState({ request: null }));
  jest.restoreAllMocks();
});

describe('Profile settings rows', () => {
  it('shows every row’s saved value with an Edit button', async () => {
    const { container } = renderSection(
      makeUser({ phone: '(512) 555-0100', title: null, timezone: 'US/Central' }),
    );
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(row('Name')).toHaveTextContent('Ada Lovelace');
    expect(row('Email')).toHaveTextContent('ada@guestspot.test');
    expect(row('Phone')).toHaveTextContent('(512) 555-0100');
    expect(within(row('Password')).getByText('Password set')).toBeInTheDocument();
    expect(row('Timezone')).toHaveTextContent('(GMT-06:00) Central Time (US & Canada)');
    expect(row('Title')).toHaveTextContent('Not set');
    for (const name of ['Name', 'Email', 'Phone', 'Password', 'Timezone', 'Title']) {
      expect(screen.getByRole('button', { name: `Edit ${name}` })).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: 'Profile image' })).toHaveAttribute(
      'data-state',
      'empty',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('name: the spec’s messages, then saves, refreshes the session user and leaves edit mode', async () => {
    renderSection();
    await edit('Name');
    const first = screen.getByRole('textbox', { name: /First name/ });
    const last = screen.getByRole('textbox', { name: /Last name/ });
    await userEvent.clear(first);
    await userEvent.clear(last);
    await save('Name');
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();

    await userEvent.click(first);
    await userEvent.paste('x'.repeat(256));
    await userEvent.type(last, 'Byron');
    await save('Name');
    expect(
      await screen.findByText('The First name cannot exceed 255 characters'),
    ).toBeInTheDocument();
    expect(puts).toEqual([]);

    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    await save('Name');
    await waitFor(() => expect(row('Name')).toHaveTextContent('Augusta Byron'));
    expect(puts).toEqual([{ first_name: 'Augusta', last_name: 'Byron' }]);
  });

  it('Cancel restores the saved values', async () => {
    renderSection();
    await edit('Name');
    const first = screen.getByRole('textbox', { name: /First name/ });
    await userEvent.clear(first);
    await userEvent.type(first, 'Draft');
    await userEvent.click(within(form('Name')).getByRole('button', { name: 'Cancel' }));
    expect(row('Name')).toHaveTextContent('Ada Lovelace');
    await edit('Name');
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Ada');
    expect(puts).toEqual([]);
  });

  it('email: required and valid, and the server’s 422 lands on the field', async () => {
    renderSection();
    server.use(
      http.put('*/api/v1/users/:id', () =>
        HttpResponse.json(
          {
            message: 'The email has already been taken.',
            errors: { email: ['The email has already been taken.'] },
          },
          { status: 422 },
        ),
      ),
    );
    await edit('Email');
    const email = screen.getByRole('textbox', { name: /Email address/ });
    await userEvent.clear(email);
    await save('Email');
    expect(await screen.findByText('Email address is required')).toBeInTheDocument();
    await userEvent.type(email, 'not-an-email');
    await save('Email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, 'pro@guestspot.test');
    await save('Email');
    expect(
      await within(form('Email')).findAllByText('The email has already been taken.'),
    ).not.toHaveLength(0);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(form('Email')).toBeInTheDocument();
  });

  it('phone: typed through the mask, ten digits required', async () => {
    renderSection(makeUser({ phone: null }));
    expect(row('Phone')).toHaveTextContent('Not set');
    await edit('Phone');
    const phone = screen.getByRole('textbox', { name: /Phone number/ });
    await save('Phone');
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    await userEvent.type(phone, '51255');
    await save('Phone');
    expect(
      await screen.findByText('The Phone number field must have at least 10 characters'),
    ).toBeInTheDocument();
    await userEvent.type(phone, '50100');
    expect(phone).toHaveValue('(512) 555-0100');
    await save('Phone');
    await waitFor(() => expect(row('Phone')).toHaveTextContent('(512) 555-0100'));
    expect(puts).toEqual([{ phone: '(512) 555-0100' }]);
  });

  it('password: the spec’s messages; a refused save shows field errors and the toast', async () => {
    renderSection();
    await edit('Password');
    await save('Password');
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('New password confirmation is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Current password/), 'wrong-one');
    await userEvent.type(screen.getByLabelText(/^New password\W*$/), 'short');
    await userEvent.type(screen.getByLabelText(/^New password confirmation/), 'shorter');
    await save('Password');
    expect(
      await screen.findByText('The New password field must have at least 8 characters'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The Password and Password confirmation fields do not match'),
    ).toBeInTheDocument();

    server.use(
      http.put('*/api/v1/users/:id', () =>
        HttpResponse.json(
          {
            message: 'The provided password is incorrect.',
            errors: { current_password: ['The provided password is incorrect.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const next = screen.getByLabelText(/^New password\W*$/);
    await userEvent.clear(next);
    await userEvent.type(next, 'Better-pass-1');
    const confirmation = screen.getByLabelText(/^New password confirmation/);
    await userEvent.clear(confirmation);
    await userEvent.type(confirmation, 'Better-pass-1');
    await save('Password');
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(form('Password')).getAllByText('The provided password is incorrect.'),
    ).not.toHaveLength(0);
  });

  it('password: sends the current and the new password, then leaves edit mode', async () => {
    renderSection();
    await edit('Password');
    await userEvent.type(screen.getByLabelText(/^Current password/), 'Password123');
    await userEvent.type(screen.getByLabelText(/^New password\W*$/), 'Better-pass-1');
    await userEvent.type(screen.getByLabelText(/^New password confirmation/), 'Better-pass-1');
    await save('Password');
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(puts).toEqual([
      {
        current_password: 'Password123',
        password: 'Better-pass-1',
        password_confirmation: 'Better-pass-1',
      },
    ]);
  });

  it('timezone: about 90 labelled options, the device’s offset as GMT±n, saved by name', async () => {
    jest.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(300);
    renderSection();
    expect(row('Timezone')).toHaveTextContent('This device: GMT-5');
    await edit('Timezone');
    const select = screen.getByRole('combobox', { name: /Timezone/ });
    expect(select).toHaveValue('US/Central');
    expect(within(select).getAllByRole('option')).toHaveLength(TIMEZONE_OPTIONS.length);
    expect(TIMEZONE_OPTIONS.length).toBeGreaterThanOrEqual(85);
    expect(screen.getByText('This device is at GMT-5.')).toBeInTheDocument();

    await userEvent.selectOptions(select, '(GMT+05:30) Chennai, Kolkata, Mumbai, New Delhi');
    await save('Timezone');
    await waitFor(() =>
      expect(row('Timezone')).toHaveTextContent('(GMT+05:30) Chennai, Kolkata, Mumbai, New Delhi'),
    );
    expect(puts).toEqual([{ timezone: 'Asia/Kolkata' }]);
  });

  it('timezone: a fractional device offset and a zone that is not an option', async () => {
    jest.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-330);
    renderSection(makeUser({ timezone: 'America/Chicago' }));
    expect(row('Timezone')).toHaveTextContent('America/Chicago');
    expect(row('Timezone')).toHaveTextContent('This device: GMT+5:30');
    await edit('Timezone');
    const select = screen.getByRole('combobox', { name: /Timezone/ });
    expect(select).toHaveValue('America/Chicago');
    expect(within(select).getAllByRole('option')).toHaveLength(TIMEZONE_OPTIONS.length + 1);
  });

  it('title: optional, at most 255 characters; emptied it is removed', async () => {
    renderSection(makeUser({ title: 'Author' }));
    expect(row('Title')).toHaveTextContent('Author');
    await edit('Title');
    const title = screen.getByRole('textbox', { name: /Title/ });
    await userEvent.clear(title);
    await userEvent.click(title);
    await userEvent.paste('t'.repeat(256));
    await save('Title');
    expect(await screen.findByText('The Title cannot exceed 255 characters')).toBeInTheDocument();
    await userEvent.clear(title);
    await save('Title');
    await waitFor(() => expect(row('Title')).toHaveTextContent('Not set'));
    expect(puts).toEqual([{ title: null }]);
  });

  it('disables Save while the request is in flight', async () => {
    renderSection();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.put('*/api/v1/users/:id', async () => {
        await gate;
        return HttpResponse.json({ data: saved });
      }),
    );
    await edit('Title');
    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Host');
    await save('Title');
    await waitFor(() =>
      expect(within(form('Title')).getByRole('button', { name: /Save/ })).toBeDisabled(),
    );
    await act(async () => release());
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it('image: uploads, attaches it to the user, then deletes it after confirmation', async () => {
    renderSection();
    server.use(
      http.post('*/api/v1/uploads', () =>
        HttpResponse.json(
          {
            uploads: [
              {
                uuid: UPLOAD_UUID,
                url: `/api/v1/media/${UPLOAD_UUID}`,
                mime_type: 'image/jpeg',
                size: 3,
              },
            ],
          },
          { status: 201 },
        ),
      ),
      http.delete('*/api/v1/users/:id/media/:uuid', () => {
        saved = { ...saved, imageUuid: null, imageUrl: null };
        return HttpResponse.json({ data: saved });
      }),
    );
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    await userEvent.upload(screen.getByLabelText('Choose an image for Profile image'), png);
    await saveCrop();
    expect(await screen.findByRole('img', { name: 'Profile image' })).toHaveAttribute(
      'src',
      `/api/v1/media/${UPLOAD_UUID}`,
    );
    expect(puts).toEqual([{ image_uuid: UPLOAD_UUID }]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete image for Profile image' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this image?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'Profile image' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('group', { name: 'Profile image' })).toHaveAttribute(
      'data-state',
      'empty',
    );
  });

  it('image: the server’s message, or ‘Image not saved’, and the empty box says so', async () => {
    renderSection();
    server.use(
      http.post('*/api/v1/uploads', () =>
        HttpResponse.json(
          { message: 'The image may not be greater than 20 MB.', errors: {} },
          { status: 422 },
        ),
      ),
    );
    const png = () =>
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    const crop = async () => {
      await userEvent.upload(screen.getByLabelText('Choose an image for Profile image'), png());
      await saveCrop();
    };
    await crop();
    expect(await screen.findByText('The image may not be greater than 20 MB.')).toBeInTheDocument();
    expect(screen.getByText('The image could not be uploaded')).toBeInTheDocument();

    // Uploaded, but attaching it to the account failed without a message.
    server.use(
      http.post('*/api/v1/uploads', () =>
        HttpResponse.json(
          {
            uploads: [
              {
                uuid: UPLOAD_UUID,
                url: `/api/v1/media/${UPLOAD_UUID}`,
                mime_type: 'image/jpeg',
                size: 3,
              },
            ],
          },
          { status: 201 },
        ),
      ),
      http.put('*/api/v1/users/:id', () => new HttpResponse(null, { status: 500 })),
    );
    await crop();
    expect(await screen.findByText('Image not saved')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Profile image' })).toHaveAttribute(
      'data-state',
      'error',
    );
  });

  it('hides the password row from a team member acting as the owner', () => {
    renderSection(
      makeUser({
        impersonator: { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' },
      }),
    );
    expect(screen.queryByRole('group', { name: 'Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Name' })).toBeInTheDocument();
  });

  it('shows a team member acting as the owner the email without Edit, and why', async () => {
    const { container } = renderSection(makeUser({ impersonator: agency }));
    expect(row('Email')).toHaveTextContent('ada@guestspot.test');
    expect(row('Email')).toHaveTextContent('Only the account owner can change the email address.');
    expect(screen.queryByRole('button', { name: 'Edit Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Phone' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('lets a site admin acting as the owner (support) edit the email and password', () => {
    renderSection(makeUser({ impersonator: admin }));
    expect(screen.getByRole('button', { name: 'Edit Email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Password' })).toBeInTheDocument();
    expect(row('Email')).not.toHaveTextContent('Only the account owner');
  });

  it('email: a 428 asks for the password, then the same save runs again', async () => {
    const asked = answerLoginConfirmation(true);
    renderSection();
    const confirmedPut = () =>
      http.put('*/api/v1/users/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        if (puts.length === 1) {
          return HttpResponse.json({ message: 'Login not confirmed.' }, { status: 428 });
        }
        saved = { ...saved, email: String(body.email), status: 'pending' };
        return HttpResponse.json({ data: saved });
      });
    server.use(confirmedPut());
    await edit('Email');
    expect(
      screen.getByText(
        'A new address must be confirmed: we will email you a link. We may ask for your password first.',
      ),
    ).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /Email address/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'ada.new@example.test');
    await save('Email');
    await waitFor(() => expect(row('Email')).toHaveTextContent('ada.new@example.test'));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(puts).toEqual([{ email: 'ada.new@example.test' }, { email: 'ada.new@example.test' }]);
    expect(screen.queryByRole('form', { name: 'Edit Email' })).not.toBeInTheDocument();
  });

  it('email: a cancelled confirmation says ‘Login not confirmed.’ and keeps the form', async () => {
    const asked = answerLoginConfirmation(false);
    renderSection();
    server.use(
      http.put('*/api/v1/users/:id', async ({ request }) => {
        puts.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ message: 'Login not confirmed.' }, { status: 428 });
      }),
    );
    await edit('Email');
    const email = screen.getByRole('textbox', { name: /Email address/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'ada.new@example.test');
    await save('Email');
    expect(await within(form('Email')).findByText('Login not confirmed.')).toBeInTheDocument();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(puts).toHaveLength(1);
    expect(email).toHaveValue('ada.new@example.test');
  });

  it('email: the server’s 403 is shown in the row, not the Forbidden page', async () => {
    const forbidden = jest.fn();
    const unsubscribe = onApiEvent('forbidden', forbidden);
    renderSection();
    server.use(
      http.put('*/api/v1/users/:id', () =>
        HttpResponse.json(
          { message: 'Only the account owner can change the email address.' },
          { status: 403 },
        ),
      ),
    );
    try {
      await edit('Email');
      const email = screen.getByRole('textbox', { name: /Email address/ });
      await userEvent.clear(email);
      await userEvent.type(email, 'mallory@example.test');
      await save('Email');
      expect(
        await within(form('Email')).findByText(
          'Only the account owner can change the email address.',
        ),
      ).toBeInTheDocument();
      expect(forbidden).not.toHaveBeenCalled();
      expect(row('Email')).toBeInTheDocument();
    } finally {
      unsubscribe();
    }
  });
});
