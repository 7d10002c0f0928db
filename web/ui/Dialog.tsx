import type { ReactNode } from 'react';
import { Dialog as HDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Full screen on phones (forms and details). */
  fullScreenOnPhone?: boolean;
}

const WIDTHS = { sm: 'sm:max-w-sm', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' };

/** A modal dialog: focus trapped, Escape and backdrop close it, full screen on phones when asked. */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md', fullScreenOnPhone = false }: DialogProps) {
  return (
    <HDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className={`fixed inset-0 flex ${fullScreenOnPhone ? 'items-stretch sm:items-center' : 'items-end sm:items-center'} justify-center sm:p-4`}>
        <DialogPanel
          className={`flex w-full flex-col bg-white shadow-xl ${WIDTHS[size]} ${
            fullScreenOnPhone ? 'h-full sm:h-auto sm:max-h-[90vh] sm:rounded-xl' : 'max-h-[90vh] rounded-t-xl sm:rounded-xl'
          }`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
            <div className="min-w-0">
              <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
              {description && <Description className="mt-1 text-sm text-slate-500">{description}</Description>}
            </div>
            <button type="button" onClick={onClose} aria-label="Close" className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-600">
              <span aria-hidden="true" className="text-xl leading-none">
                ×
              </span>
            </button>
          </div>
          {children && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 px-5 py-3">{footer}</div>}
        </DialogPanel>
      </div>
    </HDialog>
  );
}
