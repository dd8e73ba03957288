import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ApiError } from '@guestspot/shared-api';
import { renderWithProviders } from '@guestspot/shared-api/testing';
import { GuestLinksForm, linksToValues } from './guest-links-form';

// Big forms re-validate on every keystroke: paste whole values (what matters is the result).
async function fill(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(value);
}

jest.setTimeout(30_000);

describe('GuestLinksForm', () => {
  it('checks each network’s domain and the URL lists with the spec’s messages', async () => {
    const onSubmit = jest.fn();
    const { container } = renderWithProviders(
      <GuestLinksForm initialValues={linksToValues(null)} onSubmit={onSubmit} />,
    );
    await fill(screen.getByLabelText('Instagram'), 'https://facebook.com/ada');
    await fill(screen.getByLabelText('Website'), 'not a site');
    await userEvent.click(screen.getByRole('button', { name: 'Add a podcast' }));
    await fill(screen.getByLabelText('Podcast 1'), 'podcasts.example.com/ep1');
    await userEvent.click(screen.getByRole('button', { name: 'Add a video' }));
    await fill(screen.getByLabelText('Video 1'), 'https://video.example.com/a b');
    await userEvent.click(screen.getByRole('button', { name: 'Add an article' }));
    await fill(screen.getByLabelText('Article 1'), 'ftp://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This is not a valid instagram URL')).toBeInTheDocument();
    expect(screen.getByText('This is not a valid website URL')).toBeInTheDocument();
    expect(screen.getByText('This is not a valid podcast URL')).toBeInTheDocument();
    expect(screen.getByText('This is not a valid video URL')).toBeInTheDocument();
    expect(screen.getByText('This is not a valid URL')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('refuses script links and hosts that only look like the network’s', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<GuestLinksForm initialValues={linksToValues(null)} onSubmit={onSubmit} />);
    await fill(screen.getByLabelText('Twitter'), 'javascript:alert(1)//twitter.com');
    await fill(screen.getByLabelText('Instagram'), 'https://instagram.com.evil.test/ada');
    await fill(screen.getByLabelText('YouTube'), 'https://evil-youtube.com/@ada');
    await fill(screen.getByLabelText('Facebook'), 'https://facebook.com@evil.test/ada');
    await fill(screen.getByLabelText('Website'), 'data:text/html,<b>hi</b>');
    await userEvent.click(screen.getByRole('button', { name: 'Add an article' }));
    await fill(screen.getByLabelText('Article 1'), 'https://user:pass@news.example.com/a');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByLabelText('Twitter')).toHaveAccessibleDescription(
      'This is not a valid twitter URL',
    );
    expect(screen.getByLabelText('Instagram')).toHaveAccessibleDescription(
      'This is not a valid instagram URL',
    );
    expect(screen.getByLabelText('YouTube')).toHaveAccessibleDescription(
      'This is not a valid youtube URL',
    );
    expect(screen.getByLabelText('Facebook')).toHaveAccessibleDescription(
      'This is not a valid facebook URL',
    );
    expect(screen.getByLabelText('Website')).toHaveAccessibleDescription(
      'This is not a valid website URL',
    );
    expect(screen.getByLabelText('Article 1')).toHaveAccessibleDescription(
      'This is not a valid URL',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends valid links, empty networks as null and empty rows dropped', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderWithProviders(<GuestLinksForm initialValues={linksToValues(null)} onSubmit={onSubmit} />);
    await fill(screen.getByLabelText('Instagram'), 'https://instagram.com/ada');
    await fill(screen.getByLabelText('Website'), 'ada.dev');
    await userEvent.click(screen.getByRole('button', { name: 'Add a podcast' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a podcast' }));
    await fill(screen.getByLabelText('Podcast 1'), 'https://pods.example.com/1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryAllByRole('alert').map((a) => a.textContent)).toEqual([]),
    );
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      social_media: {
        linkedin: null,
        twitter: null,
        instagram: 'https://instagram.com/ada',
        youtube: null,
        facebook: null,
        wikipedia: null,
        website: 'ada.dev',
        tiktok: null,
      },
      podcasts: ['https://pods.example.com/1'],
      videos: [],
      articles: [],
    });
  });

  it('puts the server’s nested field errors on the matching fields', async () => {
    const onSubmit = jest.fn().mockRejectedValue(
      new ApiError(422, 'This is not a valid tiktok URL', {
        'social_media.tiktok': ['This is not a valid tiktok URL'],
        'articles.0': ['This is not a valid URL'],
      }),
    );
    renderWithProviders(
      <GuestLinksForm
        initialValues={{ ...linksToValues(null), articles: ['https://example.com/a'] }}
        onSubmit={onSubmit}
      />,
    );
    await fill(screen.getByLabelText('TikTok'), 'https://tiktok.com/@ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('TikTok')).toHaveAccessibleDescription(
      'This is not a valid tiktok URL',
    );
    expect(screen.getByLabelText('Article 1')).toHaveAccessibleDescription(
      'This is not a valid URL',
    );
  });
});
