import { ProjectsPanel } from './ProjectsPanel';

/** /projects: the Projects panel as a page. */
export default function ProjectsPage() {
  return (
    <div className="mx-auto w-full max-w-7xl p-3 pb-24 sm:p-6 sm:pb-24">
      <ProjectsPanel headingLevel="h1" />
    </div>
  );
}
