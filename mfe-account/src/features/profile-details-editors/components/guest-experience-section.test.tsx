import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { GuestProfileDetail } from '@guestspot/shared-api';
import { makeGuest, server } from '@guestspot/shared-api/testing';
import { GuestExperienceSection } from './guest-experience-section';
import { renderEditor, setupEditorTest } from './editor-test-setup';

setupEditorTest();

const URL = '*/api/v1/guests/7';
type Lists = Pick<GuestProfileDetail, 'experience' | 'topics' | 'questions'>;
const profile = makeGuest({ id: 7, name: 'Priya Patel', slug: 'priya-patel' });
let saved: Lists;
let sent: Partial<Lists>[];

const lists = (changes: Partial<Lists> = {}): Lists => ({
  experience: [{ title: 'VP Growth', organization: 'Brightcart', years: '2019–2022' }],
  topics: ['Pricing', 'Founder-led sales'],
  questions: ['Who listens to your show?'],
  ...changes,
});

/** GET answers the detail; PUT the profile without the lists, as the API does. */
const serve = (answered: Promise<void> = Promise.resolve()) =>
  server.use(
    http.get(URL, () => HttpResponse.json({ data: { ...profile, ...saved, reviews_count: 0 } })),
    http.put(URL, async ({ request }) => {
      const body = (await request.json()) as Partial<Lists>;
      sent.push(body);
      await answered;
      saved = { ...saved, ...body };
      return HttpResponse.json({ data: profile });
    }),
  );

beforeEach(() => {
  saved = lists();
  sent = [];
  serve();
});

const renderSection = () =>
  renderEditor(<GuestExperienceSection profileId={7} />, '/details/guest');

const panel = (name: 'Experience' | 'Topics') => screen.getByRole('group', { name });
const form = (name: 'Experience' | 'Topics') => screen.getByRole('form', { name });
const role = (n: number) => within(form('Experience')).getByRole('group', { name: `Role ${n}` });

function unprocessable(errors: Record<string, string[]>) {
  server.use(
    http.put(URL, () =>
      HttpResponse.json({ message: 'The given data was invalid.', errors }, { status: 422 }),
    ),
  );
}

describe('Guest experience and topics', () => {
  it('shows the saved roles and topics', async () => {
    const { container } = renderSection();
    expect(screen.getByText('Loading your experience and topics')).toBeInTheDocument();
    expect(await screen.findByText('VP Growth, Brightcart · 2019–2022')).toBeInTheDocument();
    expect(
      within(panel('Topics'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pricing', 'Founder-led sales']);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says when nothing is saved yet', async () => {
    saved = lists({ experience: [], topics: [] });
    renderSection();
    expect(await screen.findByText('No roles added yet.')).toBeInTheDocument();
    expect(within(panel('Topics')).getByText('No topics added yet.')).toBeInTheDocument();
  });

  it('saves the roles alone, trimmed and without blank rows; Save is disabled meanwhile', async () => {
    let release = () => {};
    serve(new Promise<void>((resolve) => (release = resolve)));
    const { container } = renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Experience' }));
    const title = within(role(1)).getByRole('textbox', { name: /^Title/ });
    expect(title).toHaveFocus();
    expect(title).toHaveValue('VP Growth');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Add role' }));
    expect(within(role(2)).getByRole('textbox', { name: /^Title/ })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Add role' }));
    await userEvent.type(within(role(3)).getByRole('textbox', { name: /^Title/ }), '  Author ');
    await userEvent.type(within(role(3)).getByRole('textbox', { name: 'Years' }), ' 2024 ');
    await userEvent.click(within(form('Experience')).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(within(form('Experience')).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(form('Experience')).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();

    expect(await screen.findByText('Experience saved.')).toBeInTheDocument();
    expect(
      within(panel('Experience'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['VP Growth, Brightcart · 2019–2022', 'Author · 2024']);
    // only the roles: the PUT leaves the rest of the profile as it is
    expect(sent).toEqual([
      {
        experience: [
          { title: 'VP Growth', organization: 'Brightcart', years: '2019–2022' },
          { title: 'Author', organization: null, years: '2024' },
        ],
      },
    ]);
    expect(screen.getByRole('button', { name: 'Edit Experience' })).toHaveFocus();
  });

  it('removes a role by its named Remove button', async () => {
    saved = lists({
      experience: [
        { title: 'VP Growth', organization: 'Brightcart', years: null },
        { title: 'Advisor', organization: 'Seedfund', years: null },
      ],
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Experience' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove role 1' }));
    expect(screen.getByRole('button', { name: 'Add role' })).toHaveFocus();
    expect(within(role(1)).getByRole('textbox', { name: /^Title/ })).toHaveValue('Advisor');
    await userEvent.click(within(form('Experience')).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { experience: [{ title: 'Advisor', organization: 'Seedfund', years: null }] },
      ]),
    );
  });

  it('asks for the title of a role that has an organization or years, and sends nothing', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Experience' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add role' }));
    await userEvent.type(within(role(2)).getByRole('textbox', { name: 'Organization' }), 'Acme');
    await userEvent.click(within(form('Experience')).getByRole('button', { name: 'Save' }));

    expect(await within(role(2)).findByText('Title is required')).toBeInTheDocument();
    expect(within(role(2)).getByRole('textbox', { name: /^Title/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(sent).toEqual([]);
  });

  it('puts a 422 on experience.0.title on that title, toasts and keeps the draft', async () => {
    unprocessable({ 'experience.0.title': ['The title may not be greater than 255 characters.'] });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Experience' }));
    const title = within(role(1)).getByRole('textbox', { name: /^Title/ });
    await userEvent.type(title, ', again');
    await userEvent.click(within(form('Experience')).getByRole('button', { name: 'Save' }));

    expect(
      await within(role(1)).findByText('The title may not be greater than 255 characters.'),
    ).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveValue('VP Growth, again');
    expect(screen.getByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(within(form('Experience')).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('saves the topics alone: trimmed, blanks and repeats dropped', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Topics' }));
    expect(within(form('Topics')).getByRole('textbox', { name: 'Topic 1' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Add topic' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add topic' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add topic' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Topic 3' }), '  Growth loops ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Topic 5' }), 'Pricing');
    await userEvent.click(within(form('Topics')).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Topics saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ topics: ['Pricing', 'Founder-led sales', 'Growth loops'] }]);
    expect(
      within(panel('Topics'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pricing', 'Founder-led sales', 'Growth loops']);
  });

  it('puts a 422 on topics.0 on the row that topic came from', async () => {
    unprocessable({ 'topics.0': ['The topic may not be greater than 60 characters.'] });
    saved = lists({ topics: [] });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Topics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add topic' }));
    // Topic 1 is left blank and not sent: the server's first topic is Topic 2.
    await userEvent.type(screen.getByRole('textbox', { name: 'Topic 2' }), 'Pricing');
    await userEvent.click(within(form('Topics')).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('The topic may not be greater than 60 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Topic 2' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'Topic 1' })).not.toHaveAttribute('aria-invalid');
  });

  it('shows a 422 on the whole list under it', async () => {
    unprocessable({ topics: ['The topics must contain at most 20 items.'] });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Topics' }));
    await userEvent.click(within(form('Topics')).getByRole('button', { name: 'Save' }));
    const topics = within(form('Topics')).getByRole('group', { name: 'Your topics' });
    expect(
      await within(topics).findByText('The topics must contain at most 20 items.'),
    ).toHaveAttribute('role', 'alert');
    expect(topics).toHaveAccessibleDescription(/The topics must contain at most 20 items\./);
  });

  it('stops adding at 10 roles and 20 topics', async () => {
    saved = lists({
      experience: Array.from({ length: 9 }, (_, i) => ({
        title: `Role ${i + 1}`,
        organization: null,
        years: null,
      })),
      topics: Array.from({ length: 20 }, (_, i) => `Topic ${i + 1}`),
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Experience' }));
    const addRole = screen.getByRole('button', { name: 'Add role' });
    expect(addRole).toHaveAccessibleDescription('9 of 10 roles');
    await userEvent.click(addRole);
    expect(addRole).toBeDisabled();
    expect(addRole).toHaveAccessibleDescription('10 of 10 roles');
    await userEvent.click(within(form('Experience')).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit Topics' }));
    expect(screen.getByRole('button', { name: 'Add topic' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove topic 20' }));
    expect(screen.getByRole('button', { name: 'Add topic' })).toBeEnabled();
  });

  it('Cancel leaves the saved roles as they were', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Experience' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove role 1' }));
    await userEvent.click(within(form('Experience')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Experience' })).toHaveFocus();
    expect(panel('Experience')).toHaveTextContent('VP Growth, Brightcart · 2019–2022');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Experience' }));
    expect(within(role(1)).getByRole('textbox', { name: /^Title/ })).toHaveValue('VP Growth');
    expect(sent).toEqual([]);
  });

  it('says when the profile cannot be loaded, and Retry loads it', async () => {
    let fail = true;
    server.use(
      http.get(URL, () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: { ...profile, ...saved, reviews_count: 0 } }),
      ),
    );
    renderSection();
    expect(
      await screen.findByText(
        'Your experience and topics could not be loaded.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByText('VP Growth, Brightcart · 2019–2022')).toBeInTheDocument();
  });
});
