import { BookmarkletGuide } from './BookmarkletGuide';
import { PhoneFallback } from './PhoneFallback';

/** /bookmarklet: the bookmarklet guide for everyone (the sidebar's Bookmarklet entry), and the way for phones. */
export function BookmarkletHelpPage() {
  return (
    <div className="mx-auto max-w-4xl p-4 sm:p-8">
      <BookmarkletGuide headingLevel={1} />
      <PhoneFallback />
    </div>
  );
}

export default BookmarkletHelpPage;
