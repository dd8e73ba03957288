import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import type { Upload } from '@guestspot/shared-api';
import { ConfirmHost } from '../confirm-dialog/confirm-host';
import { ImageUpload, type ImageUploadProps, type ImageUploadValue } from './image-upload';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SAMPLE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="400"><rect width="500" height="400" fill="#7f56d9"/><circle cx="250" cy="170" r="80" fill="#f4ebff"/><rect x="130" y="270" width="240" height="130" rx="60" fill="#f4ebff"/></svg>',
  );

/** Stands in for POST /uploads: answers the cropped JPEG as a local URL after a moment. */
async function fakeUpload(image: Blob): Promise<Upload> {
  await wait(1200);
  return {
    uuid: crypto.randomUUID(),
    url: URL.createObjectURL(image),
    mime_type: 'image/jpeg',
    size: image.size,
  };
}

function Demo(args: ImageUploadProps) {
  const [value, setValue] = useState<ImageUploadValue | null>(args.value);
  return (
    <>
      <ImageUpload
        {...args}
        value={value}
        onChange={(upload) => {
          setValue(upload);
          args.onChange(upload);
        }}
      />
      <ConfirmHost />
    </>
  );
}

const meta = {
  title: 'Forms/ImageUpload',
  component: ImageUpload,
  tags: ['autodocs'],
  render: (args) => <Demo {...args} />,
  args: { label: 'Profile image', value: null, onChange: fn(), upload: fakeUpload },
} satisfies Meta<typeof ImageUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pick or drop a PNG/JPG/GIF, crop it (1.25, at least 400×400): 'Saving...', then the picture. */
export const Empty: Story = {};

export const Uploaded: Story = {
  args: { value: { uuid: '0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d', url: SAMPLE } },
};

/** Delete asks 'Are you sure you want to delete this image?' and then calls onDelete. */
export const WithDelete: Story = {
  args: {
    value: { uuid: '0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d', url: SAMPLE },
    onDelete: fn(() => wait(800)),
  },
};

/** The upload fails: 'Image not saved' (or the server's message) and an empty box. */
export const UploadFails: Story = {
  args: {
    upload: async () => {
      await wait(800);
      throw new Error('offline');
    },
  },
};
