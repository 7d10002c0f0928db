// The projects feature's face: the panel that Admin shows too. Re-exports only; its page is the app's
// lazy route (App.tsx).
export { ProjectsPanel } from './components/ProjectsPanel';
