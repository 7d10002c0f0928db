import { BookmarkletGuide } from './BookmarkletGuide';

/** /bookmarklet: the bookmarklet guide for everyone (the sidebar's Bookmarklet entry). */
export function BookmarkletHelpPage() {
  return (
    <div className="mx-auto max-w-4xl p-4 sm:p-8">
      <BookmarkletGuide headingLevel={1} />
    </div>
  );
}

export default BookmarkletHelpPage;
