// The share feature's face: the files a share into the installed app brings, for the share form
// (web/features/bookmarklet). Re-exports only. The service worker's part is share-target.worker.ts, a
// build of its own (vite.config.ts).
export { useSharedFiles, type SharedFiles } from './hooks/useSharedFiles';
export { SharedFilesList } from './components/SharedFilesList';
export { SharedFileUploads } from './components/SharedFileUploads';
