import { Component, type ReactNode } from 'react';
import { Button } from './Button';
import { EmptyState } from './States';

/**
 * Catches a part of a screen that failed to load or render (a lazy chunk gone after a new
 * release, say), so the rest of the screen stays usable, and offers a reload.
 */
export class LoadBoundary extends Component<{ children: ReactNode; compact?: boolean }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('A part of the screen failed to load', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.compact) {
      return (
        <div
          role="alert"
          className="fixed inset-x-3 top-3 z-[70] mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 shadow-lg"
        >
          This dialog could not be loaded.
          <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </div>
      );
    }
    return (
      <EmptyState
        title="This part of the screen could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        A newer version may have been installed. Reloading the page fixes this.
      </EmptyState>
    );
  }
}
