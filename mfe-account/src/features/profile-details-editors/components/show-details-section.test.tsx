import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { ShowProfile } from '@guestspot/shared-api';
import { makeShow, server } from '@guestspot/shared-api/testing';
import { ShowDetailsSection } from './show-details-section';
import { renderEditor, setupEditorTest } from './editor-test-setup';

setupEditorTest();

const URL = '*/api/v1/shows/4';
let saved: ShowProfile;
let sent: Record<string, unknown>[];

beforeEach(() => {
  saved = makeShow({
    id: 4,
    name: 'Morning Momentum',
    platform_type: 'audio',
    types: [{ id: 1, name: 'Podcast' }],
    type_urls: [{ type_id: 1, url: 'https://podcasts.example/mm' }],
    categories: [{ id: 2, name: 'Business' }],
  });
  sent = [];
  server.use(
    http.get('*/api/v1/categories', () =>
      HttpResponse.json({ data: [{ id: 2, name: 'Business', slug: 'business' }] }),
    ),
    http.get('*/api/v1/show-types', () =>
      HttpResponse.json({
        data: [
          { id: 1, name: 'Podcast' },
          { id: 2, name: 'YouTube' },
        ],
      }),
    ),
    http.get(URL, () => HttpResponse.json({ data: saved })),
    http.put(URL, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      saved = { ...saved, name: body.name as string };
      return HttpResponse.json({ data: saved });
    }),
  );
});

const renderSection = () => renderEditor(<ShowDetailsSection profileId={4} />, '/details/show/4');

const panel = () => screen.getByRole('group', { name: 'Details' });
const form = () => screen.getByRole('form', { name: 'Show details' });

describe('Show details', () => {
  it('shows the types with their links, and saves through PUT /shows/{id}', async () => {
    const { container } = renderSection();
    expect(await screen.findByText('Morning Momentum')).toBeInTheDocument();
    expect(panel()).toHaveTextContent('Show typesPodcast');
    expect(screen.getByRole('group', { name: 'Tags and show pages' })).toHaveTextContent(
      'Show pagesPodcast: https://podcasts.example/mm',
    );
    expect(panel()).toHaveTextContent('Platform typeAudio');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Details' }));
    const name = await within(form()).findByRole('textbox', { name: /^Show name/ });
    expect(within(form()).getByRole('checkbox', { name: 'Podcast' })).toBeChecked();
    await userEvent.clear(name);
    await userEvent.type(name, 'Evening Momentum');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(panel()).toHaveTextContent('Show nameEvening Momentum'));
    expect(screen.getByText('Details saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'Evening Momentum',
        description: 'A weekly show about startups.',
        types: [1],
        categories: [2],
        platform_type: 'audio',
      },
    ]);
  });

  it('saves the tags and each type’s page; a 422 lands on the page’s field', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Tags and show pages' }));
    const edit = screen.getByRole('form', { name: 'Edit Tags and show pages' });
    await userEvent.type(
      within(edit).getByRole('textbox', { name: /^Tags/ }),
      'Growth, growth, SaaS',
    );
    const page = within(edit).getByRole('textbox', { name: 'Podcast page' });
    await userEvent.clear(page);
    await userEvent.type(page, 'https://elsewhere.example/mm');
    server.use(
      http.put(URL, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          { message: 'Invalid.', errors: { 'type_urls.0.url': ['This is not a valid URL'] } },
          { status: 422 },
        );
      }),
    );
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText('This is not a valid URL')).toBeInTheDocument();
    expect(page).toHaveValue('https://elsewhere.example/mm');
    expect(screen.getByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        tags: ['Growth', 'SaaS'],
        type_urls: [{ type_id: 1, url: 'https://elsewhere.example/mm' }],
      },
    ]);
  });

  it('checks the name before sending and keeps the form', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Details' }));
    await userEvent.clear(await within(form()).findByRole('textbox', { name: /^Show name/ }));
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Show name is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
