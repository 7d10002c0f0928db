import { ProjectsPanel } from '../../projects';

/** The admin Projects tab: the same list, stat cards and dialogs as /projects (one component, not a copy). */
export function AdminProjectsTab() {
  return <ProjectsPanel headingLevel="h2" />;
}
