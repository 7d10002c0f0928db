import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import type { ThemePreference } from '../../../gql/graphql';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { SettingsSection } from '../../../ui/SettingsSection';
import { applyTheme } from '../theme';
import { SetThemeMutation } from '../theme.graphql';

const OPTIONS: { value: ThemePreference; label: string; hint: string }[] = [
  { value: 'SYSTEM', label: 'System', hint: "Follows your device's light or dark setting" },
  { value: 'LIGHT', label: 'Light', hint: 'Always light' },
  { value: 'DARK', label: 'Dark', hint: 'Always dark' },
];

/** Settings: the viewer's colour theme, applied at once and kept on the server. */
export function AppearanceSection() {
  const { viewer } = useAuth();
  const { toast } = useToast();
  const [setTheme] = useMutation(SetThemeMutation);
  // The choice shows at once; the server's answer (the viewer's theme) follows.
  const [picked, setPicked] = useState<ThemePreference | null>(null);
  const chosen = picked ?? viewer?.theme ?? 'SYSTEM';

  const choose = async (theme: ThemePreference) => {
    const before = chosen;
    setPicked(theme);
    applyTheme(theme);
    try {
      await setTheme({ variables: { theme } });
    } catch (e) {
      setPicked(before);
      applyTheme(before);
      toast({ title: 'Error', description: errorMessage(e, 'Failed to save the theme'), variant: 'destructive' });
    }
  };

  return (
    <SettingsSection id="appearance" title="Appearance" description="The colour theme on every device you sign in on.">
      <fieldset>
        <legend className="sr-only">Theme</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {OPTIONS.map((o) => (
            <label
              key={o.value}
              className={`flex cursor-pointer flex-col rounded-lg border p-3 text-sm ${chosen === o.value ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200 hover:border-slate-300'}`}
            >
              <span className="flex items-center gap-2 font-medium text-slate-900">
                <input
                  type="radio"
                  name="theme"
                  value={o.value}
                  checked={chosen === o.value}
                  onChange={() => void choose(o.value)}
                  className="h-4 w-4 accent-brand-600"
                />
                {o.label}
              </span>
              <span className="mt-1 text-xs text-slate-600">{o.hint}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
