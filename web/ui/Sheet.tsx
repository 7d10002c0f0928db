import type { ReactNode } from 'react';
import { Dialog as HDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';

export interface SheetProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** A side sheet from the right (full screen on phones); Escape closes it. */
export function Sheet({ open, onClose, title, actions, children }: SheetProps) {
  return (
    <HDialog open={open} onClose={onClose} className="relative z-40">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/30" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel className="flex h-full w-full flex-col bg-white shadow-2xl sm:max-w-xl">
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <DialogTitle className="min-w-0 truncate text-base font-semibold">{title}</DialogTitle>
            <div className="flex items-center gap-1">
              {actions}
              <button type="button" onClick={onClose} aria-label="Close" className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-600">
                <span aria-hidden="true" className="text-xl leading-none">
                  ×
                </span>
              </button>
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </DialogPanel>
      </div>
    </HDialog>
  );
}
