import { http, HttpResponse } from 'msw';
import { server, setupMswServer } from './testing';
import { deleteUserMedia, uploadImage } from './uploads';
import { isApiError } from './errors';

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-1; path=/';
});

const upload = {
  uuid: '0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d',
  url: '/api/v1/media/0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d',
  mime_type: 'image/jpeg',
  size: 4,
};

describe('uploadImage', () => {
  it('posts the image as multipart with the entity and the XSRF header', async () => {
    let seen: { entity: unknown; name: string; type: string; size: number; xsrf: string | null } = {
      entity: null,
      name: '',
      type: '',
      size: 0,
      xsrf: null,
    };
    server.use(
      http.post('*/api/v1/uploads', async ({ request }) => {
        const form = await request.formData();
        const image = form.get('image') as File;
        seen = {
          entity: form.get('entity'),
          name: image.name,
          type: image.type,
          size: image.size,
          xsrf: request.headers.get('X-XSRF-TOKEN'),
        };
        return HttpResponse.json({ uploads: [upload] }, { status: 201 });
      }),
    );
    const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    await expect(uploadImage(blob, { entity: 'guest' })).resolves.toEqual(upload);
    expect(seen).toEqual({
      entity: 'guest',
      name: 'cropped.jpg',
      type: 'image/jpeg',
      size: 4,
      xsrf: 'token-1',
    });
  });

  it("rejects with the server's message, on a 422 or on uploads: null", async () => {
    server.use(
      http.post('*/api/v1/uploads', () =>
        HttpResponse.json(
          { uploads: null, message: 'The image may not be greater than 20 MB.' },
          { status: 422 },
        ),
      ),
    );
    await expect(uploadImage(new Blob(['x']))).rejects.toThrow(
      'The image may not be greater than 20 MB.',
    );
    server.use(
      http.post('*/api/v1/uploads', () =>
        HttpResponse.json({ uploads: null, message: 'Storage is full.' }),
      ),
    );
    const error: unknown = await uploadImage(new Blob(['x'])).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.message).toBe('Storage is full.');
  });
});

describe('deleteUserMedia', () => {
  it('deletes the media of the user and answers the user', async () => {
    server.use(
      http.delete('*/api/v1/users/7/media/:uuid', ({ params }) =>
        HttpResponse.json({ data: { id: 7, imageUuid: null, removed: params.uuid } }),
      ),
    );
    await expect(deleteUserMedia(7, upload.uuid)).resolves.toMatchObject({
      id: 7,
      imageUuid: null,
      removed: upload.uuid,
    });
  });
});
