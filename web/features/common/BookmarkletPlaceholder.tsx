import { NotYetAvailable } from './NotYetAvailable';

/** The email-to-task page arrives with the bookmarklet release. */
export default function BookmarkletPlaceholder() {
  return <NotYetAvailable title="Create a task from an email" />;
}
