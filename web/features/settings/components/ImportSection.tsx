import { SettingsSection } from '../../../ui/SettingsSection';
import { ImportPanel } from '../../import';

/** Settings > Import: a member brings their own tasks from Trello, Todoist or CSV (docs/API.md, Imports). */
export function ImportSection() {
  return (
    <SettingsSection
      id="import"
      title="Import"
      description="Bring your tasks from Trello, Todoist or a spreadsheet. They become your tasks, with their checklists and comments."
    >
      <ImportPanel />
    </SettingsSection>
  );
}
