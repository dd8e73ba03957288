export * from './guest-details-form';
export * from './show-details-form';
export * from './guest-links-form';
export * from './link-list-field';
export * from './availability-form';
export { splitTags } from './form-parts';
export * from './profile-editors';
