// The bookmarklet feature's face: the guide that Admin shows too. Re-exports only; its pages are the
// app's lazy routes (App.tsx).
export { BookmarkletGuide } from './components/BookmarkletGuide';
