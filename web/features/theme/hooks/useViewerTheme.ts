import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth';
import { applyTheme } from '../theme';

/** Paints the app in the signed-in viewer's theme whenever it is read or changed. */
export function useViewerTheme(): void {
  const { viewer } = useAuth();
  const theme = viewer?.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
}
