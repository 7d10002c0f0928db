import { BookmarkletGuide } from '../../bookmarklet';

/** The admin Bookmarklet tab: the same guide everyone finds under the sidebar's Bookmarklet entry. */
export function AdminBookmarkletTab() {
  return <BookmarkletGuide headingLevel={2} />;
}
