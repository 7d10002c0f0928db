import type { ComponentType } from 'react';
import { ApiTokensSection } from './components/ApiTokensSection';
import { CalendarFeedSection } from './components/CalendarFeedSection';
import { EmailInSection } from './components/EmailInSection';
import { ExportMyDataSection } from './components/ExportMyDataSection';
import { ImportSection } from './components/ImportSection';
import { SecuritySection } from './components/SecuritySection';
import { NotificationPreferences } from '../notifications';
import { AppearanceSection } from '../theme';

/** The sections of the Settings page, in order: a feature adds its section component here. */
const SECTIONS: { key: string; Section: ComponentType }[] = [
  { key: 'security', Section: SecuritySection },
  { key: 'api-tokens', Section: ApiTokensSection },
  { key: 'calendar-feed', Section: CalendarFeedSection },
  { key: 'email-in', Section: EmailInSection },
  { key: 'import', Section: ImportSection },
  { key: 'export-my-data', Section: ExportMyDataSection },
  { key: 'notifications', Section: NotificationPreferences },
  { key: 'appearance', Section: AppearanceSection },
];

/** /settings: the viewer's own settings, one card per section. */
export default function SettingsPage() {
  return (
    <div className="mx-auto w-full max-w-3xl p-3 pb-24 sm:p-6 sm:pb-24">
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">Settings</h1>
      <div className="flex flex-col gap-4 sm:gap-6">
        {SECTIONS.map(({ key, Section }) => (
          <Section key={key} />
        ))}
      </div>
    </div>
  );
}
