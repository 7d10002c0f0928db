import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { BOOKMARKLET_BODY_MAX, BOOKMARKLET_MAX_LENGTH, bookmarkletFits, bookmarkletHref } from '../bookmarklet-source';
import { useCopyBookmarklet } from '../hooks/useCopyBookmarklet';

const PROVIDERS = [
  { name: 'Gmail', detail: 'mail.google.com: subject, sender, body of the open email' },
  { name: 'Outlook', detail: 'Outlook on the web (outlook.live.com, outlook.office.com): subject, sender, body' },
  { name: 'Yahoo Mail', detail: 'mail.yahoo.com: subject, sender, body' },
  { name: 'Others', detail: 'any other page: its title, the text you selected and its address' },
] as const;

export interface BookmarkletGuideProps {
  /** The product's origin the bookmarklet opens; the current one by default. */
  origin?: string;
  /** Heading level of the guide's own title (the admin tab nests it). */
  headingLevel?: 1 | 2;
}

/**
 * The email-to-task bookmarklet's guide: install steps, a link to drag to the bookmarks
 * bar, the code to copy with its length check (at most 2,000 characters), the supported providers and the privacy note.
 * Shown at /bookmarklet for everyone and in the admin Bookmarklet tab.
 */
export function BookmarkletGuide({ origin = window.location.origin, headingLevel = 2 }: BookmarkletGuideProps) {
  const id = useId();
  const href = useMemo(() => bookmarkletHref(origin), [origin]);
  const fits = bookmarkletFits(href);
  const link = useRef<HTMLAnchorElement>(null);
  const code = useRef<HTMLTextAreaElement>(null);
  const copy = useCopyBookmarklet();
  const [clickedHint, setClickedHint] = useState(false);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';

  // React refuses javascript: URLs in JSX, so the link's address is set on the element directly.
  useEffect(() => {
    link.current?.setAttribute('href', href);
  }, [href]);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-6">
      <div>
        <Heading id={`${id}-title`} className={headingLevel === 1 ? 'text-2xl font-bold text-slate-900' : 'text-lg font-semibold text-slate-900'}>
          Email-to-task bookmarklet
        </Heading>
        <p className="mt-1 text-sm text-slate-600">Turn the email you are reading into a task in two clicks: click the bookmark, check the form, create.</p>
      </div>

      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
        <Sub className="text-base font-semibold text-slate-900">Install</Sub>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>Show your browser's bookmarks bar (Ctrl+Shift+B, or Cmd+Shift+B on a Mac).</li>
          <li>
            Drag the <strong>Create task from email</strong> button below onto the bookmarks bar. Or copy the code, add a new bookmark and paste the code as its
            address (URL).
          </li>
          <li>Open an email in Gmail, Outlook or Yahoo Mail and click the bookmark.</li>
          <li>A small window opens with the task form filled in from the email: check it and press Create Task.</li>
        </ol>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {/* Its href, a javascript: URL that React would refuse, is set through the ref; it is meant to be dragged. */}
          {/* eslint-disable-next-line jsx-a11y/anchor-is-valid, jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <a
            ref={link}
            draggable
            onClick={(e) => {
              // Clicking it here would run it on this page; it is meant to be dragged to the bookmarks bar.
              e.preventDefault();
              setClickedHint(true);
            }}
            className="inline-flex h-10 cursor-grab items-center gap-2 rounded-md border-2 border-dashed border-brand-400 bg-brand-50 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-100"
            data-testid="bookmarklet-link"
          >
            <span aria-hidden="true">✓</span> Create task from email
          </a>
          <Link to="/test-bookmarklet" className="text-sm font-medium text-brand-600 hover:underline">
            Try it on a sample email
          </Link>
        </div>
        {clickedHint && (
          <p role="status" className="mt-2 text-sm text-amber-800">
            Drag this button to your bookmarks bar, then click it there while an email is open.
          </p>
        )}
      </div>

      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Sub className="text-base font-semibold text-slate-900">
            <label htmlFor={`${id}-code`}>Bookmarklet code</label>
          </Sub>
          <div className="flex items-center gap-2 text-sm text-slate-600">
            <span data-testid="bookmarklet-length">
              {href.length.toLocaleString('en-US')} / {BOOKMARKLET_MAX_LENGTH.toLocaleString('en-US')} characters
            </span>
            <Badge tone={fits ? 'green' : 'red'}>{fits ? 'Valid' : 'Too long'}</Badge>
          </div>
        </div>
        <textarea
          ref={code}
          id={`${id}-code`}
          readOnly
          rows={5}
          value={href}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-3 w-full min-w-0 resize-y rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-xs break-all text-slate-800"
        />
        <div className="mt-3">
          <Button variant="outline" onClick={() => void copy(href, code.current)}>
            Copy code
          </Button>
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
          <Sub className="text-base font-semibold text-slate-900">Supported providers</Sub>
          <ul className="mt-3 space-y-2 text-sm">
            {PROVIDERS.map((p) => (
              <li key={p.name} className="flex flex-col gap-0.5">
                <span className="font-medium text-slate-900">{p.name}</span>
                <span className="text-slate-600">{p.detail}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 sm:p-5">
          <Sub className="text-base font-semibold text-emerald-900">Privacy</Sub>
          <p className="mt-3 text-sm text-emerald-900">
            The bookmarklet reads the email's subject, sender, address and the first {BOOKMARKLET_BODY_MAX} characters of its body, and sends them only to this
            Let work flow instance (<span className="font-mono break-all">{origin}</span>). It sends nothing to any other server, and nothing is saved until you
            press Create Task.
          </p>
        </div>
      </div>
    </section>
  );
}
