import { Icon } from '../../../ui/icons';

/**
 * The bell with the unread count (part of the first download: keep it tiny; the panel is lazy). Its name
 * comes from its content, 'Notifications 3 unread', so the badge's visible text is always part of it
 * (WCAG 2.5.3 Label in Name; an aria-label beside a visible count fails axe's check).
 */
export function NotificationBell({ count, onOpen, className = '' }: { count: number; onOpen(): void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="notification-bell"
      className={`relative rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${className}`}
    >
      <Icon.Bell />
      <span className="sr-only">Notifications</span>
      {count > 0 && (
        <>
          <span className="sr-only"> </span>
          <span
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[10px] leading-[1.1rem] font-semibold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
          <span className="sr-only"> unread</span>
        </>
      )}
    </button>
  );
}
