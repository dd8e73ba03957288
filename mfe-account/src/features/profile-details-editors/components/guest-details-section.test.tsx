import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { GuestProfile } from '@guestspot/shared-api';
import { makeGuest, server } from '@guestspot/shared-api/testing';
import { GuestDetailsSection } from './guest-details-section';
import { renderEditor, setupEditorTest } from './editor-test-setup';

setupEditorTest();

const URL = '*/api/v1/guests/7';
let saved: GuestProfile;
let sent: Record<string, unknown>[];

beforeEach(() => {
  saved = makeGuest({
    id: 7,
    name: 'Priya Patel',
    title: 'Growth advisor',
    bio: 'Talks about growth.',
    pronunciation: null,
    imageUuid: '0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d',
    imageUrl: '/api/v1/media/0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d',
    categories: [{ id: 2, name: 'Business' }],
    tags: [{ id: 1, name: 'Startups', slug: 'startups' }],
  });
  sent = [];
  server.use(
    http.get('*/api/v1/categories', () =>
      HttpResponse.json({
        data: [
          { id: 2, name: 'Business', slug: 'business' },
          { id: 3, name: 'Health', slug: 'health' },
        ],
      }),
    ),
    http.get(URL, () => HttpResponse.json({ data: saved })),
    http.put(URL, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      saved = { ...saved, title: (body.title as string | null) ?? null };
      return HttpResponse.json({ data: saved });
    }),
  );
});

const renderSection = () => renderEditor(<GuestDetailsSection profileId={7} />, '/details/guest');

const panel = () => screen.getByRole('group', { name: 'Details' });
const form = () => screen.getByRole('form', { name: 'Guest details' });

describe('Guest details', () => {
  it('shows the saved details; Edit opens the form with them; Cancel goes back', async () => {
    const { container } = renderSection();
    expect(screen.getByText('Loading your profile details')).toBeInTheDocument();
    expect(await screen.findByText('Growth advisor')).toBeInTheDocument();
    expect(panel()).toHaveTextContent('PronunciationNot set');
    expect(panel()).toHaveTextContent('CategoriesBusiness');
    expect(panel()).toHaveTextContent('TagsStartups');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Details' }));
    expect(await within(form()).findByRole('textbox', { name: /^Name/ })).toHaveValue(
      'Priya Patel',
    );
    expect(within(form()).getByRole('checkbox', { name: 'Business' })).toBeChecked();
    expect(within(form()).getByRole('textbox', { name: /^Tags/ })).toHaveValue('Startups');
    await userEvent.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Details' })).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('saves through PUT /guests/{id}, shows the saved values and a toast', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Details' }));
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Author');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(panel()).toHaveTextContent('TitleAuthor'));
    expect(screen.getByText('Details saved.')).toBeInTheDocument();
    // the unchanged picture is not sent (a team member did not upload it)
    expect(sent).toEqual([
      {
        name: 'Priya Patel',
        title: 'Author',
        bio: 'Talks about growth.',
        pronunciation: null,
        categories: [2],
        tags: ['Startups'],
      },
    ]);
  });

  it('puts a 422 on the field, toasts the failure and keeps the draft', async () => {
    server.use(
      http.put(URL, () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { title: ['The title may not be greater than 255 characters.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Details' }));
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Too long, says the server');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('The title may not be greater than 255 characters.'),
    ).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveValue('Too long, says the server');
    expect(screen.getByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(within(form()).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('says when the profile cannot be loaded, and Retry loads it', async () => {
    let fail = true;
    server.use(
      http.get(URL, () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: saved }),
      ),
    );
    renderSection();
    expect(
      await screen.findByText('Your profile details could not be loaded.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByText('Growth advisor')).toBeInTheDocument();
  });
});
