import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { UpsellPackage } from '@guestspot/shared-api';
import { renderWithProviders, server, setupMswServer } from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost, toast } from '@guestspot/shared-ui';
import { UpsellPackagesSection } from './upsell-packages-section';

setupMswServer();

const BASE = '*/api/v1/guests/7/upsell-packages';

function upsell(overrides: Partial<UpsellPackage> & { id: number; title: string }): UpsellPackage {
  return {
    description: null,
    price: 5000,
    currency: 'USD',
    url: null,
    social_handle: null,
    profile_type: 'guest',
    profile_name: 'Priya Patel',
    profile_id: 7,
    ...overrides,
  };
}

const shoutOut = upsell({
  id: 1,
  title: 'Social media shout-out to all my followers',
  description: 'A post on every network I use.',
  price: 4950,
  url: 'https://example.com/shout-out',
  social_handle: '@priya',
});
const newsletter = upsell({ id: 2, title: 'Newsletter mention', price: 10000 });

/** The API's packages of guest 7, kept as the server keeps them. */
function fakeApi(seed: UpsellPackage[]) {
  const rows = seed.map((row) => ({ ...row }));
  let nextId = 50;
  const sent: { method: string; body?: unknown }[] = [];
  server.use(
    http.get(BASE, () => HttpResponse.json({ data: rows })),
    http.post(BASE, async ({ request }) => {
      const body = (await request.json()) as Partial<UpsellPackage>;
      sent.push({ method: 'POST', body });
      const row = upsell({ ...body, id: nextId++, title: String(body.title) });
      rows.push(row);
      return HttpResponse.json({ data: row }, { status: 201 });
    }),
    http.put(`${BASE}/:id`, async ({ request, params }) => {
      const body = (await request.json()) as Partial<UpsellPackage>;
      sent.push({ method: 'PUT', body });
      const index = rows.findIndex((row) => row.id === Number(params.id));
      rows[index] = upsell({ ...body, id: Number(params.id), title: String(body.title) });
      return HttpResponse.json({ data: rows[index] });
    }),
    http.delete(`${BASE}/:id`, ({ params }) => {
      sent.push({ method: 'DELETE', body: Number(params.id) });
      rows.splice(
        rows.findIndex((row) => row.id === Number(params.id)),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { rows, sent };
}

function renderSection() {
  return renderWithProviders(
    <>
      <UpsellPackagesSection kind="guest" profileId={7} />
      <ConfirmHost />
      <ToastHost />
    </>,
  );
}

const card = (title: string) => screen.getByRole('article', { name: title });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  toast.clear();
});

describe('UpsellPackagesSection', () => {
  it('shows each package as a card, the title cut at 22 characters in view', async () => {
    fakeApi([shoutOut, newsletter]);
    const { container } = renderSection();
    expect(screen.getByText('Loading upsell packages')).toBeInTheDocument();
    const shout = within(await screen.findByRole('article', { name: shoutOut.title }));
    // the heading's name is the full title; the eye sees 22 characters and an ellipsis
    expect(shout.getByRole('heading', { name: shoutOut.title })).toHaveAttribute(
      'title',
      shoutOut.title,
    );
    expect(shout.getByText('Social media shout-out…')).toBeVisible();
    expect(shout.getByText('$49.50')).toBeInTheDocument();
    expect(shout.getByText('A post on every network I use.')).toBeInTheDocument();
    expect(shout.getByRole('link', { name: shoutOut.url ?? '' })).toHaveAttribute(
      'href',
      shoutOut.url,
    );
    expect(shout.getByText('@priya')).toBeInTheDocument();
    // 18 characters: shown whole, no tooltip
    const mention = within(card('Newsletter mention'));
    expect(mention.getByRole('heading', { name: 'Newsletter mention' })).not.toHaveAttribute(
      'title',
    );
    expect(mention.getByText('$100')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says when there are none', async () => {
    fakeApi([]);
    renderSection();
    expect(await screen.findByText('No upsell packages yet')).toBeInTheDocument();
  });

  it('swallows a failed load: no error, no claim that there are none, Add still offered', async () => {
    server.use(
      http.get(BASE, () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
    );
    renderSection();
    expect(await screen.findByRole('button', { name: 'Add upsell package' })).toBeEnabled();
    // nothing said: no error state, no toast
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['']);
    expect(screen.queryByText('No upsell packages yet')).not.toBeInTheDocument();
  });

  it('adds a package from a new card in edit mode, typed in dollars and sent in cents', async () => {
    const api = fakeApi([]);
    const { container } = renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add upsell package' }));
    const form = within(screen.getByRole('form', { name: 'New upsell package' }));
    expect(form.getByLabelText(/^Title/)).toHaveFocus();
    expect(await axe(container)).toHaveNoViolations();
    expect(form.getByLabelText(/^Currency/)).toHaveValue('USD');
    expect(
      within(form.getByLabelText(/^Currency/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['USD']);
    await userEvent.type(form.getByLabelText(/^Title/), 'Podcast ad read');
    await userEvent.type(form.getByLabelText('Description'), 'Sixty seconds, mid-roll.');
    await userEvent.type(form.getByLabelText(/^Price/), '75.25');
    await userEvent.type(form.getByLabelText('Social handle'), '@show');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    const saved = within(await screen.findByRole('article', { name: 'Podcast ad read' }));
    expect(saved.getByText('$75.25')).toBeInTheDocument();
    expect(saved.getByRole('button', { name: 'Edit Podcast ad read' })).toHaveFocus();
    expect(api.sent).toEqual([
      {
        method: 'POST',
        body: {
          title: 'Podcast ad read',
          description: 'Sixty seconds, mid-roll.',
          price: 7525,
          currency: 'USD',
          social_handle: '@show',
        },
      },
    ]);
  });

  it('cancelling a card never saved removes it', async () => {
    const api = fakeApi([newsletter]);
    renderSection();
    const add = await screen.findByRole('button', { name: 'Add upsell package' });
    await userEvent.click(add);
    await userEvent.type(screen.getByLabelText(/^Title/), 'Half typed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New upsell package' })).not.toBeInTheDocument();
    expect(screen.queryByText('Half typed')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(add).toHaveFocus();
    expect(api.sent).toEqual([]);
  });

  it('checks the fields with the shared messages before sending', async () => {
    const api = fakeApi([]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add upsell package' }));
    const form = within(screen.getByRole('form', { name: 'New upsell package' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Title is required')).toBeInTheDocument();
    expect(form.getByText('Price is required')).toBeInTheDocument();
    expect(form.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(form.getByLabelText(/^Title/));
    await userEvent.paste('t'.repeat(256));
    await userEvent.click(form.getByLabelText('URL'));
    await userEvent.paste(`https://example.com/${'u'.repeat(236)}`);
    await userEvent.click(form.getByLabelText('Social handle'));
    await userEvent.paste('@'.repeat(256));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('The title cannot exceed 255 characters')).toBeInTheDocument();
    expect(form.getByText('The URL cannot exceed 255 characters')).toBeInTheDocument();
    expect(form.getByText('The social handle cannot exceed 255 characters')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('takes only an http(s) link as the URL, with the API’s rule and message', async () => {
    const api = fakeApi([]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add upsell package' }));
    const form = within(screen.getByRole('form', { name: 'New upsell package' }));
    await userEvent.type(form.getByLabelText(/^Title/), 'Shout-out');
    await userEvent.type(form.getByLabelText(/^Price/), '10');
    const url = form.getByLabelText('URL');
    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'example.com/a']) {
      await userEvent.clear(url);
      await userEvent.click(url);
      await userEvent.paste(link);
      await userEvent.click(form.getByRole('button', { name: 'Save' }));
      expect(await form.findByText('This is not a valid URL')).toBeInTheDocument();
      expect(url).toHaveAttribute('aria-invalid', 'true');
    }
    expect(api.sent).toEqual([]);

    await userEvent.clear(url);
    await userEvent.click(url);
    await userEvent.paste('https://example.com/shout-out');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('article', { name: 'Shout-out' })).toBeInTheDocument();
    expect(api.sent).toEqual([
      {
        method: 'POST',
        body: {
          title: 'Shout-out',
          price: 1000,
          currency: 'USD',
          url: 'https://example.com/shout-out',
        },
      },
    ]);
  });

  it('shows a stored link that is no http(s) URL as text, never as a link', async () => {
    fakeApi([upsell({ id: 3, title: 'Old link', url: 'javascript:alert(1)' })]);
    renderSection();
    const old = within(await screen.findByRole('article', { name: 'Old link' }));
    expect(old.getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(old.queryByRole('link')).not.toBeInTheDocument();
  });

  it('forces the price to a non-negative number as it is typed', async () => {
    const api = fakeApi([]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add upsell package' }));
    const price = screen.getByLabelText(/^Price/);
    await userEvent.type(price, '-12.5.0x');
    expect(price).toHaveValue('12.50');
    const notANumber = 'The price field must be a number.';
    // a lone point, or a fraction of a cent (dollars have two decimals at most)
    for (const typed of ['.', '19.999']) {
      await userEvent.clear(price);
      await userEvent.type(price, '5');
      await waitFor(() => expect(screen.queryByText(notANumber)).not.toBeInTheDocument());
      await userEvent.clear(price);
      await userEvent.type(price, typed);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(notANumber)).toBeInTheDocument();
    }
    expect(api.sent).toEqual([]);
  });

  it('edits a saved package; Cancel puts the saved values back', async () => {
    const api = fakeApi([newsletter]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Newsletter mention' }));
    const form = within(
      screen.getByRole('form', { name: 'Edit upsell package Newsletter mention' }),
    );
    expect(form.getByLabelText(/^Price/)).toHaveValue('100');
    await userEvent.clear(form.getByLabelText(/^Price/));
    await userEvent.type(form.getByLabelText(/^Price/), '1');
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(within(card('Newsletter mention')).getByText('$100')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Newsletter mention' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Newsletter mention' }));
    const again = screen.getByLabelText(/^Price/);
    await userEvent.clear(again);
    await userEvent.type(again, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(card('Newsletter mention')).findByText('$120')).toBeInTheDocument();
    expect(api.sent).toEqual([
      { method: 'PUT', body: { title: 'Newsletter mention', price: 12000, currency: 'USD' } },
    ]);
  });

  it("a refused update toasts the spec's message and puts a 422 on its field", async () => {
    fakeApi([newsletter]);
    server.use(
      http.put(`${BASE}/:id`, () =>
        HttpResponse.json(
          {
            message: 'The description field must not be greater than 5000 characters.',
            errors: {
              description: ['The description field must not be greater than 5000 characters.'],
            },
          },
          { status: 422 },
        ),
      ),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Newsletter mention' }));
    await userEvent.type(screen.getByLabelText('Description'), 'Long');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The upsell package was not updated.')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      'The description field must not be greater than 5000 characters.',
    );
    // still editing, nothing lost
    expect(screen.getByLabelText('Description')).toHaveValue('Long');
  });

  it('disables Save while saving', async () => {
    fakeApi([newsletter]);
    let release: () => void = () => undefined;
    server.use(
      http.put(`${BASE}/:id`, async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ message: 'Server Error' }, { status: 500 });
      }),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Newsletter mention' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    expect(await screen.findByText('The upsell package was not updated.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('deletes a package after confirmation', async () => {
    const api = fakeApi([shoutOut, newsletter]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Newsletter mention' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete upsell package?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Newsletter mention' })).not.toBeInTheDocument(),
    );
    expect(api.sent).toEqual([{ method: 'DELETE', body: 2 }]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add upsell package' })).toHaveFocus(),
    );
    expect(screen.getByRole('article', { name: shoutOut.title })).toBeInTheDocument();
  });

  it("a refused delete keeps the card and toasts the spec's message", async () => {
    fakeApi([newsletter]);
    server.use(
      http.delete(`${BASE}/:id`, () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Newsletter mention' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('The upsell package was not deleted.')).toBeInTheDocument();
    expect(card('Newsletter mention')).toBeInTheDocument();
  });

  it('offers no Add once the profile has 20 packages', async () => {
    fakeApi(Array.from({ length: 20 }, (_, i) => upsell({ id: i + 1, title: `Extra ${i + 1}` })));
    renderSection();
    const add = await screen.findByRole('button', { name: 'Add upsell package' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('A profile may have at most 20 upsell packages.');
  });
});
