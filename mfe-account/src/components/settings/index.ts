export { EditableRow, type EditableRowProps } from './editable-row';
export { SettingsQuery, SettingsRow, SettingsSection } from './settings-section';
export { settingsAccess, type SettingsAccess } from '../../lib/settings-access';
export { useScrollToHash } from '../../hooks/use-scroll-to-hash';
