import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { ShowLinks } from '@guestspot/shared-api';
import { ShowLinksSection } from './show-links-section';
import { mockSavedResource, renderEditor, setupEditorTest } from './editor-test-setup';

setupEditorTest();

const URL = '*/api/v1/shows/4/links';
const links = mockSavedResource<ShowLinks>(URL, () => ({
  social_media: {
    linkedin: null,
    twitter: null,
    instagram: null,
    youtube: 'https://youtube.com/@mm',
    facebook: null,
    wikipedia: null,
    website: null,
    tiktok: null,
  },
  episodes: ['https://podcasts.example/mm/1'],
  media_features: [],
}));

const renderSection = () => renderEditor(<ShowLinksSection profileId={4} />, '/details/show/4');
const panel = () => screen.getByRole('group', { name: 'Links' });
const form = () => screen.getByRole('form', { name: 'Show links' });

describe('Show links', () => {
  it('shows episodes and social accounts, and saves a media feature', async () => {
    const { container } = renderSection();
    expect(await screen.findByText('https://youtube.com/@mm')).toBeInTheDocument();
    expect(panel()).toHaveTextContent('Episodeshttps://podcasts.example/mm/1');
    expect(panel()).toHaveTextContent('Media featuresNot set');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Links' }));
    await userEvent.click(within(form()).getByRole('button', { name: 'Add media feature' }));
    await userEvent.type(
      within(form()).getByRole('textbox', { name: 'Media feature 1' }),
      'https://news.example/mm',
    );
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(panel()).toHaveTextContent('Media featureshttps://news.example/mm'));
    expect(screen.getByText('Links saved.')).toBeInTheDocument();
    expect(links.sent).toEqual([
      expect.objectContaining({
        episodes: ['https://podcasts.example/mm/1'],
        media_features: ['https://news.example/mm'],
      }),
    ]);
  });

  it('checks a link before sending', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Links' }));
    const episode = within(form()).getByRole('textbox', { name: 'Episode 1' });
    await userEvent.clear(episode);
    await userEvent.type(episode, 'not a link');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is not a valid URL')).toBeInTheDocument();
    expect(episode).toHaveValue('not a link');
    expect(links.sent).toEqual([]);
  });
});
