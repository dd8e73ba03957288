import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { GuestProfile } from '@guestspot/shared-api';
import { makeGuest, server } from '@guestspot/shared-api/testing';
import { GuestMediaSection } from './guest-media-section';
import { renderEditor, setupEditorTest } from './editor-test-setup';
import { fakeCrop, png, saveCrop, uploaded } from './media-test-setup';

jest.mock('react-easy-crop', () => ({
  __esModule: true,
  default: jest.requireActual('./media-test-setup').FakeCropper,
}));

setupEditorTest();

const UUID = '0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d';
let saved: GuestProfile;
let puts: unknown[];
let deleted: string[];

beforeEach(() => {
  saved = makeGuest({ id: 7, imageUuid: null });
  puts = [];
  deleted = [];
  server.use(
    http.get('*/api/v1/guests/7', () => HttpResponse.json({ data: saved })),
    http.post('*/api/v1/uploads', () => HttpResponse.json(uploaded(UUID), { status: 201 })),
    http.put('*/api/v1/guests/7', async ({ request }) => {
      const body = (await request.json()) as { image_uuid: string };
      puts.push(body);
      saved = { ...saved, imageUuid: body.image_uuid, imageUrl: `/api/v1/media/${UUID}` };
      return HttpResponse.json({ data: saved });
    }),
    http.delete('*/api/v1/guests/7/media/:uuid', ({ params }) => {
      deleted.push(String(params.uuid));
      saved = { ...saved, imageUuid: null, imageUrl: '/api/v1/images/guests/7.svg' };
      return HttpResponse.json({ data: saved });
    }),
  );
});

const renderSection = () =>
  renderEditor(<GuestMediaSection profileId={7} cropImage={fakeCrop} />, '/details/guest');

describe('Guest image', () => {
  it('uploads the cropped picture, attaches it, then deletes it after the confirmation', async () => {
    const { container } = renderSection();
    const chooser = await screen.findByLabelText('Choose an image for Profile image');
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.upload(chooser, png());
    await saveCrop();
    expect(await screen.findByRole('img', { name: 'Profile image' })).toHaveAttribute(
      'src',
      `/api/v1/media/${UUID}`,
    );
    expect(puts).toEqual([{ image_uuid: UUID }]);
    expect(screen.getByText('Image saved.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete image for Profile image' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this image?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Profile image' })).toHaveAttribute(
        'data-state',
        'empty',
      ),
    );
    expect(deleted).toEqual([UUID]);
    expect(screen.getByText('Image deleted.')).toBeInTheDocument();
  });

  it('keeps the picture when the delete is not confirmed', async () => {
    saved = { ...saved, imageUuid: UUID, imageUrl: `/api/v1/media/${UUID}` };
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete image for Profile image' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('img', { name: 'Profile image' })).toBeInTheDocument();
    expect(deleted).toEqual([]);
  });
});
