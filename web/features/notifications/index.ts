// The notifications feature's face: the shell's bell and the settings page's preferences. Re-exports
// only, no side effects; the panel is loaded lazily by the shell through its own path.
export { NotificationBell } from './components/NotificationBell';
export { NotificationPreferences } from './components/NotificationPreferences';
export { useNotificationBell } from './hooks/useNotificationBell';
