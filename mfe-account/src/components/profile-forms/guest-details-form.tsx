import type { ReactNode } from 'react';
import { useFormikContext } from 'formik';
import * as yup from 'yup';
import { uploadImage } from '@guestspot/shared-api/uploads';
import { messages } from '@guestspot/shared-ui';
import { ImageUpload } from '@guestspot/shared-ui/image-upload';
import {
  type ChoiceOption,
  FormCheckboxGroup,
  FormTextArea,
  FormTextField,
} from '@guestspot/shared-ui/forms';
import { ProfileForm } from './form-parts';

export const guestDetailsSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(messages.required('Name'))
    .max(255, messages.maxLength('Name', 255)),
  title: yup.string().max(255, messages.maxLength('Title', 255)),
  bio: yup.string().max(5000, messages.maxLength('Bio', 5000)),
  pronunciation: yup.string().max(255, messages.maxLength('Pronunciation', 255)),
  categories: yup.array(yup.string().required()).required(),
  tags: yup.string().max(1000, messages.maxLength('Tags', 1000)),
  /** the uploaded picture ('' = none) */
  image_uuid: yup.string(),
  image_url: yup.string(),
});

export type GuestDetailsValues = yup.InferType<typeof guestDetailsSchema>;

export const emptyGuestDetails: GuestDetailsValues = {
  name: '',
  title: '',
  bio: '',
  pronunciation: '',
  categories: [],
  tags: '',
  image_uuid: '',
  image_url: '',
};

/** The profile picture: uploaded at once (POST /uploads), attached to the profile on save. */
function GuestImageField() {
  const { values, setFieldValue } = useFormikContext<GuestDetailsValues>();
  return (
    <ImageUpload
      label="Profile image"
      entity="guest"
      upload={uploadImage}
      value={
        values.image_uuid && values.image_url
          ? { uuid: values.image_uuid, url: values.image_url }
          : null
      }
      onChange={(upload) => {
        void setFieldValue('image_uuid', upload?.uuid ?? '');
        void setFieldValue('image_url', upload?.url ?? '');
      }}
    />
  );
}

export interface GuestDetailsFormProps {
  initialValues: GuestDetailsValues;
  categories: ChoiceOption[];
  /** Saves; a thrown ApiError's 422 field errors land on the matching fields. */
  onSubmit: (values: GuestDetailsValues) => Promise<void>;
  onChange?: (values: GuestDetailsValues) => void;
  submitLabel?: string;
  /** e.g. a Back button, rendered before the submit button */
  secondaryAction?: ReactNode;
}

/** A guest profile's public details (registration step 4 and the /details guest editor). */
export function GuestDetailsForm({
  initialValues,
  categories,
  onSubmit,
  onChange,
  submitLabel = 'Save',
  secondaryAction,
}: GuestDetailsFormProps) {
  return (
    <ProfileForm<GuestDetailsValues>
      label="Guest details"
      initialValues={initialValues}
      schema={guestDetailsSchema}
      submit={onSubmit}
      onChange={onChange}
      submitLabel={submitLabel}
      secondaryAction={secondaryAction}
    >
      <GuestImageField />
      <FormTextField name="name" label="Name" required autoComplete="name" />
      <FormTextField
        name="title"
        label="Title"
        hint="What you do, e.g. 'Author and growth advisor'."
      />
      <FormTextArea name="bio" label="Bio" hint="Tell shows what you can talk about." />
      <FormTextField
        name="pronunciation"
        label="Pronunciation"
        hint="How hosts should say your name, e.g. 'PREE-yah PAH-tel'."
      />
      <FormCheckboxGroup name="categories" legend="Categories" options={categories} />
      <FormTextField name="tags" label="Tags" hint="Topics you speak about, separated by commas." />
    </ProfileForm>
  );
}
