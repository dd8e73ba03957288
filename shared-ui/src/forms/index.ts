// @guestspot/shared-ui/forms: the fields bound to a surrounding <Formik> form.
export { useFormField } from './use-form-field';
export {
  FormCheckbox,
  FormPhoneField,
  FormSelect,
  FormTextField,
  type FormBinding,
  type FormCheckboxProps,
  type FormPhoneFieldProps,
  type FormSelectProps,
  type FormTextFieldProps,
} from './form-fields';
export {
  FormCheckboxGroup,
  FormTextArea,
  type ChoiceOption,
  type FormTextAreaProps,
} from './form-choice-fields';
export { applyNestedFormErrors, DraftSync } from './form-state';
