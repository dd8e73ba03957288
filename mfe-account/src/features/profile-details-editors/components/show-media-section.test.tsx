import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { ShowProfile } from '@guestspot/shared-api';
import { makeShow, server } from '@guestspot/shared-api/testing';
import { ShowMediaSection } from './show-media-section';
import { renderEditor, setupEditorTest } from './editor-test-setup';
import { fakeCrop, png, saveCrop, uploaded } from './media-test-setup';

jest.mock('react-easy-crop', () => ({
  __esModule: true,
  default: jest.requireActual('./media-test-setup').FakeCropper,
}));

setupEditorTest();

const IMAGE = '0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d';
const COVER = '1c9d4b63-6d66-4c9f-8b68-5f2a2b3c4d5e';
let saved: ShowProfile;
let puts: unknown[];
let deleted: string[];

beforeEach(() => {
  saved = makeShow({
    id: 4,
    imageUuid: IMAGE,
    imageUrl: `/api/v1/media/${IMAGE}`,
    coverImageUuid: null,
  });
  puts = [];
  deleted = [];
  server.use(
    http.get('*/api/v1/shows/4', () => HttpResponse.json({ data: saved })),
    http.post('*/api/v1/uploads', () => HttpResponse.json(uploaded(COVER), { status: 201 })),
    http.put('*/api/v1/shows/4', async ({ request }) => {
      const body = (await request.json()) as { cover_image_uuid: string };
      puts.push(body);
      saved = {
        ...saved,
        coverImageUuid: body.cover_image_uuid,
        coverImageUrl: `/api/v1/media/${COVER}`,
      };
      return HttpResponse.json({ data: saved });
    }),
    http.delete('*/api/v1/shows/4/media/:uuid', ({ params }) => {
      deleted.push(String(params.uuid));
      saved = { ...saved, imageUuid: null, imageUrl: '/api/v1/images/shows/4.svg' };
      return HttpResponse.json({ data: saved });
    }),
  );
});

describe('Show cover and image', () => {
  it('uploads a cover beside the image, and deletes the image after the confirmation', async () => {
    const { container } = renderEditor(
      <ShowMediaSection profileId={4} cropImage={fakeCrop} />,
      '/details/show/4',
    );
    expect(await screen.findByRole('img', { name: 'Show image' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Cover image' })).toHaveAttribute(
      'data-state',
      'empty',
    );
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.upload(screen.getByLabelText('Choose an image for Cover image'), png());
    await saveCrop();
    expect(await screen.findByRole('img', { name: 'Cover image' })).toHaveAttribute(
      'src',
      `/api/v1/media/${COVER}`,
    );
    expect(puts).toEqual([{ cover_image_uuid: COVER }]);
    expect(screen.getByText('Cover image saved.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete image for Show image' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this image?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Show image' })).toHaveAttribute(
        'data-state',
        'empty',
      ),
    );
    expect(deleted).toEqual([IMAGE]);
    expect(screen.getByRole('img', { name: 'Cover image' })).toBeInTheDocument();
  });
});
