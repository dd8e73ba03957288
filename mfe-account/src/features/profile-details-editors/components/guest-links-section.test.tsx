import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { GuestLinks } from '@guestspot/shared-api';
import { server } from '@guestspot/shared-api/testing';
import { GuestLinksSection } from './guest-links-section';
import { mockSavedResource, renderEditor, setupEditorTest } from './editor-test-setup';

setupEditorTest();

const URL = '*/api/v1/guests/7/links';
const none = {
  linkedin: null,
  twitter: null,
  instagram: null,
  youtube: null,
  facebook: null,
  wikipedia: null,
  website: null,
  tiktok: null,
};
const links = mockSavedResource<GuestLinks>(URL, () => ({
  social_media: { ...none, linkedin: 'https://linkedin.com/in/priya' },
  podcasts: ['https://pod.example/ep1'],
  videos: [],
  articles: [],
}));

const renderSection = () => renderEditor(<GuestLinksSection profileId={7} />, '/details/guest');
const panel = () => screen.getByRole('group', { name: 'Links' });
const form = () => screen.getByRole('form', { name: 'Linked accounts' });

describe('Guest links', () => {
  it('shows the saved links and saves a new one through PUT /guests/{id}/links', async () => {
    const { container } = renderSection();
    expect(await screen.findByText('https://linkedin.com/in/priya')).toBeInTheDocument();
    expect(panel()).toHaveTextContent('TwitterNot set');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Links' }));
    await userEvent.click(within(form()).getByRole('button', { name: 'Add a video' }));
    await userEvent.type(
      within(form()).getByRole('textbox', { name: 'Video 1' }),
      'https://youtube.com/watch?v=1',
    );
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(panel()).toHaveTextContent('Videoshttps://youtube.com/watch?v=1'));
    expect(screen.getByText('Links saved.')).toBeInTheDocument();
    expect(links.sent).toEqual([
      expect.objectContaining({
        videos: ['https://youtube.com/watch?v=1'],
        podcasts: ['https://pod.example/ep1'],
      }),
    ]);
  });

  it('puts the server’s 422 on the link and keeps the draft', async () => {
    server.use(
      http.put(URL, () =>
        HttpResponse.json(
          { message: 'Invalid.', errors: { 'podcasts.0': ['This is not a valid podcast URL'] } },
          { status: 422 },
        ),
      ),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Links' }));
    const podcast = within(form()).getByRole('textbox', { name: 'Podcast 1' });
    await userEvent.clear(podcast);
    await userEvent.type(podcast, 'https://nowhere.example');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is not a valid podcast URL')).toBeInTheDocument();
    expect(podcast).toHaveValue('https://nowhere.example');
    expect(screen.getByText('Error! Something went wrong.')).toBeInTheDocument();
  });
});
