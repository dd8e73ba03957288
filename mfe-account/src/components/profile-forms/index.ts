export * from './guest-details-form';
export * from './show-details-form';
export * from './guest-links-form';
export * from './availability-form';
export { applyNestedFormErrors, CheckboxGroup, splitTags, type ChoiceOption } from './form-parts';
