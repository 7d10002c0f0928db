// The import feature's face: the import panel that Admin > Import and Settings > Import show.
// Re-exports only, no side effects.
export { ImportPanel } from './components/ImportPanel';
