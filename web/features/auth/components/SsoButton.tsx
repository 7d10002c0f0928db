import { lazy, Suspense } from 'react';

// Loaded after the first paint: the sign-in screen's first download stays within its budget.
const SsoPanel = lazy(() => import('./SsoPanel'));

/**
 * The login page's single sign-on button and failure message (SsoPanel, when the server offers single
 * sign-on); tells the page when the server has turned the password form off.
 */
export function SsoButton({ onPasswordLogin }: { onPasswordLogin: (on: boolean) => void }) {
  return (
    <Suspense fallback={null}>
      <SsoPanel onPasswordLogin={onPasswordLogin} />
    </Suspense>
  );
}
