export { EditableRow, type EditableRowProps } from './editable-row';
export { SettingsRow, SettingsSection } from './settings-section';
export { settingsAccess, type SettingsAccess } from './settings-access';
export { useScrollToHash } from './use-scroll-to-hash';
