import type { InputHTMLAttributes, Ref } from 'react';
import { Icon } from '../../../ui/icons';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'>;

/** The planner's search box ('Search tasks...'); extra props go to the input (aria-controls, keys). */
export function SearchBox({
  value,
  onChange,
  className = '',
  inputRef,
  children,
  ...input
}: InputProps & { value: string; onChange(value: string): void; className?: string; inputRef?: Ref<HTMLInputElement> }) {
  return (
    <div className={`relative ${className}`}>
      <Icon.Search className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" width={16} height={16} />
      <input
        {...input}
        ref={inputRef}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Search tasks..."
        aria-label="Search tasks"
        className="h-10 w-full rounded-md border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
      />
      {children}
    </div>
  );
}
