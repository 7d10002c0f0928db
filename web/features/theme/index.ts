// The theme feature's face: the hooks that apply the viewer's theme and the settings page's section.
// Re-exports only, no side effects; main.tsx paints the theme at boot through theme.ts.
export { AppearanceSection } from './components/AppearanceSection';
export { useSignedOutTheme } from './hooks/useSignedOutTheme';
export { useViewerTheme } from './hooks/useViewerTheme';
