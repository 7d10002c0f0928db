import { SettingsSection } from '../../../ui/SettingsSection';

/** The look of an outline button (web/ui/Button), on a link; the focus ring is the app's own (styles.css). */
const LINK_BUTTON =
  'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 transition-colors hover:bg-slate-50';

/**
 * Settings › Export my data: the viewer's own tasks, comments, activity and uploaded files as one JSON document or a
 * zip of CSV files. Plain links: the browser downloads them with the session cookie (phones included),
 * and the server names the files.
 */
export function ExportMyDataSection() {
  return (
    <SettingsSection
      id="export-my-data"
      title="Export my data"
      description="Your tasks, your comments, your activity and the files you uploaded, to keep or to take elsewhere."
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-3">
        <a className={LINK_BUTTON} href="/api/me/export.json" download data-testid="export-my-data-json">
          Download JSON
        </a>
        <a className={LINK_BUTTON} href="/api/me/export.zip" download data-testid="export-my-data-zip">
          Download CSV (zip)
        </a>
      </div>
    </SettingsSection>
  );
}
