import type { ReactNode } from 'react';
import * as yup from 'yup';
import { messages } from '@guestspot/shared-ui';
import {
  type ChoiceOption,
  FormCheckboxGroup,
  FormSelect,
  FormTextArea,
  FormTextField,
} from '@guestspot/shared-ui/forms';
import { ProfileForm } from './form-parts';

/** Where a show is published (stored as text in platform_type). */
export const PLATFORM_TYPES = [
  { value: 'audio', label: 'Audio' },
  { value: 'video', label: 'Video' },
  { value: 'audio_video', label: 'Audio and video' },
  { value: 'live', label: 'Live (radio or stream)' },
  { value: 'written', label: 'Written (newsletter or blog)' },
] as const;

export const showDetailsSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(messages.required('Show name'))
    .max(255, messages.maxLength('Show name', 255)),
  description: yup.string().max(5000, messages.maxLength('Description', 5000)),
  types: yup.array(yup.string().required()).required(),
  categories: yup.array(yup.string().required()).required(),
  platform_type: yup.string(),
});

export type ShowDetailsValues = yup.InferType<typeof showDetailsSchema>;

export const emptyShowDetails: ShowDetailsValues = {
  name: '',
  description: '',
  types: [],
  categories: [],
  platform_type: '',
};

export interface ShowDetailsFormProps {
  initialValues: ShowDetailsValues;
  categories: ChoiceOption[];
  showTypes: ChoiceOption[];
  onSubmit: (values: ShowDetailsValues) => Promise<void>;
  onChange?: (values: ShowDetailsValues) => void;
  submitLabel?: string;
  secondaryAction?: ReactNode;
}

/** A show's public details (registration step 5 and the /details show editor). */
export function ShowDetailsForm({
  initialValues,
  categories,
  showTypes,
  onSubmit,
  onChange,
  submitLabel = 'Save',
  secondaryAction,
}: ShowDetailsFormProps) {
  return (
    <ProfileForm<ShowDetailsValues>
      label="Show details"
      initialValues={initialValues}
      schema={showDetailsSchema}
      submit={onSubmit}
      onChange={onChange}
      submitLabel={submitLabel}
      secondaryAction={secondaryAction}
    >
      <FormTextField name="name" label="Show name" required />
      <FormTextArea
        name="description"
        label="Description"
        hint="What the show is about and who listens."
      />
      <FormCheckboxGroup name="types" legend="Show types" options={showTypes} />
      <FormCheckboxGroup name="categories" legend="Categories" options={categories} />
      <FormSelect
        name="platform_type"
        label="Platform type"
        placeholder="Choose a platform type"
        options={PLATFORM_TYPES}
      />
    </ProfileForm>
  );
}
