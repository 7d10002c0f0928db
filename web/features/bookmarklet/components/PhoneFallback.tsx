import { useId } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { BookmarkletEmailInQuery } from '../bookmarklet.graphql';

/**
 * The Bookmarklet page's way for phones, whose mail apps run no bookmarklets: install the app with
 * "Add to Home Screen" (then share into it), or forward the email to the person's email-in address.
 */
export function PhoneFallback() {
  const id = useId();
  const { data } = useQuery(BookmarkletEmailInQuery);
  const address = data?.emailIn.address;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="bookmarklet-phone">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        On a phone or tablet
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Phone mail apps run no bookmarklets. Open this app in your browser and choose <strong>Add to Home Screen</strong> (on an iPhone or iPad: the Share
        button, then Add to Home Screen). On Android the installed app then appears when you share a link, a page or a text, and opens this form filled in.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {address ? (
          <>
            On any device, forward an email to your private address{' '}
            <span className="font-mono break-all text-slate-800" data-testid="bookmarklet-email-in">
              {address}
            </span>{' '}
            and it becomes a task.{' '}
          </>
        ) : (
          'On any device, you can also forward an email to your private email-in address and it becomes a task. '
        )}
        <Link to="/settings#email-in" className="text-brand-600 underline">
          Settings › Email-in
        </Link>
      </p>
    </section>
  );
}
