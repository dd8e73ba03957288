import { useEffect, useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { Area } from 'react-easy-crop';
import { type Upload } from '@guestspot/shared-api';
import { uploadImage } from '@guestspot/shared-api/uploads';
import { server, setupMswServer } from '@guestspot/shared-api/testing';
import { ConfirmHost, useConfirmStore } from '../confirm-dialog/confirm-host';
import { ImageUpload, type ImageUploadProps, type ImageUploadValue } from './image-upload';

// The real cropper measures the picture with layout jsdom does not do; this one reports the
// area the test chose, as the real one does once the user stops moving.
let mockArea: Area = { x: 0, y: 0, width: 1000, height: 800 };
jest.mock('react-easy-crop', () => ({
  __esModule: true,
  default: function FakeCropper({
    onCropComplete,
  }: {
    onCropComplete: (percent: Area, pixels: Area) => void;
  }) {
    useEffect(() => onCropComplete(mockArea, mockArea), [onCropComplete]);
    return <div data-testid="cropper" />;
  },
}));

setupMswServer();

const uploaded: Upload = {
  uuid: '0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d',
  url: '/api/v1/media/0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d',
  mime_type: 'image/jpeg',
  size: 3,
};

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

function Harness(props: Partial<ImageUploadProps> & { initial?: ImageUploadValue | null }) {
  const { initial = null, onChange, ...rest } = props;
  const [value, setValue] = useState<ImageUploadValue | null>(initial);
  return (
    <>
      <ImageUpload
        label="Profile image"
        value={value}
        cropImage={() => Promise.resolve(new Blob(['jpg'], { type: 'image/jpeg' }))}
        upload={uploadImage}
        {...rest}
        onChange={(upload) => {
          setValue(upload);
          onChange?.(upload);
        }}
      />
      <ConfirmHost />
    </>
  );
}

const chooser = () => screen.getByLabelText('Choose an image for Profile image');

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  mockArea = { x: 0, y: 0, width: 1000, height: 800 };
});
afterEach(() => act(() => useConfirmStore.setState({ request: null })));

describe('ImageUpload', () => {
  it('starts empty with the accepted types and a labelled file chooser', async () => {
    const { container } = render(<Harness />);
    const group = screen.getByRole('group', { name: 'Profile image' });
    expect(group).toHaveAttribute('data-state', 'empty');
    expect(within(group).getByText('PNG, JPG or GIF, up to 20MB')).toBeInTheDocument();
    expect(chooser()).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif');
    expect(await axe(container)).toHaveNoViolations();
  });

  it("crops, shows 'Saving...', uploads the JPEG and shows the picture", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entity: FormDataEntryValue | null = null;
    server.use(
      http.post('*/api/v1/uploads', async ({ request }) => {
        entity = (await request.formData()).get('entity');
        await gate;
        return HttpResponse.json({ uploads: [uploaded] }, { status: 201 });
      }),
    );
    const onChange = jest.fn();
    render(<Harness entity="guest" onChange={onChange} />);

    await userEvent.upload(chooser(), png());
    const dialog = screen.getByRole('dialog', { name: 'Crop image' });
    expect(within(dialog).getByLabelText('Zoom')).toBeInTheDocument();
    // The image editor arrives as its own chunk; Save waits for its first crop.
    expect(within(dialog).getByText('Loading the image editor')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);

    expect(await screen.findByRole('status')).toHaveTextContent('Saving...');
    expect(screen.getByRole('group', { name: 'Profile image' })).toHaveAttribute(
      'data-state',
      'uploading',
    );
    expect(chooser()).toBeDisabled();
    await act(async () => release());

    const picture = await screen.findByRole('img', { name: 'Profile image' });
    expect(picture).toHaveAttribute('src', uploaded.url);
    expect(onChange).toHaveBeenCalledWith(uploaded);
    expect(entity).toBe('guest');
    expect(screen.getByLabelText('Replace image for Profile image')).toBeInTheDocument();
  });

  it('will not save a crop smaller than 400×400', async () => {
    mockArea = { x: 0, y: 0, width: 450, height: 360 };
    render(<Harness />);
    await userEvent.upload(chooser(), png());
    const dialog = screen.getByRole('dialog', { name: 'Crop image' });
    expect(
      await within(dialog).findByText(/must be at least 400 × 400 pixels/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses other file types and files over 20MB before uploading', async () => {
    render(<Harness />);
    await userEvent.upload(chooser(), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(
      screen.getByText('The image must be a file of type: png, jpg, gif.'),
    ).toBeInTheDocument();

    const big = png();
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await userEvent.upload(chooser(), big);
    expect(screen.getByText('The image may not be greater than 20 MB.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message, or 'Image not saved', in the error state", async () => {
    server.use(
      http.post('*/api/v1/uploads', () =>
        HttpResponse.json(
          { uploads: null, message: 'The image may not be greater than 20 MB.' },
          { status: 422 },
        ),
      ),
    );
    const { container } = render(<Harness />);
    await userEvent.upload(chooser(), png());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The image may not be greater than 20 MB.')).toBeInTheDocument();
    expect(screen.getByText('The image could not be uploaded')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Profile image' })).toHaveAttribute(
      'data-state',
      'error',
    );
    expect(await axe(container)).toHaveNoViolations();

    server.use(http.post('*/api/v1/uploads', () => HttpResponse.json({}, { status: 500 })));
    await userEvent.upload(chooser(), png());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Image not saved')).toBeInTheDocument();
  });

  it('deletes a saved image after confirmation', async () => {
    const onDelete = jest.fn(() => Promise.resolve());
    const onChange = jest.fn();
    render(
      <Harness
        initial={{ uuid: uploaded.uuid, url: uploaded.url }}
        onDelete={onDelete}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete image for Profile image' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Action?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this image?');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Profile image' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete image for Profile image' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
    expect(onDelete).toHaveBeenCalledWith(uploaded.uuid);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('removes the image of a not-yet-saved entity without any call', async () => {
    const onChange = jest.fn();
    render(<Harness initial={{ uuid: uploaded.uuid, url: uploaded.url }} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete image for Profile image' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
  });

  it('keeps the image and says why when deleting fails', async () => {
    const onDelete = jest.fn(() => Promise.reject(new Error('The image is in use.')));
    render(<Harness initial={{ uuid: uploaded.uuid, url: uploaded.url }} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete image for Profile image' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Image not saved')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile image' })).toBeInTheDocument();
  });
});
