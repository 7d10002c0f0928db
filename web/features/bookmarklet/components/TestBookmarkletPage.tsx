import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import { FormField, TextArea, TextInput } from '../../../ui/FormControls';
import { runBookmarklet } from '../bookmarklet-source';

const SAMPLE = {
  subject: 'Quarterly report: numbers due Friday',
  senderName: 'Dana Whitfield',
  senderEmail: 'dana.whitfield@example.com',
  body: 'Hi,\n\nCould you send me the final numbers for the quarterly report by Friday noon? The template is in the shared drive.\n\nThanks,\nDana',
};

/**
 * /test-bookmarklet: a simulated email, marked up as Gmail marks up an open email, and a
 * button that runs the very same bookmarklet function the installed link holds; it opens the
 * create-task form in a popup.
 */
export function TestBookmarkletPage() {
  const id = useId();
  const [email, setEmail] = useState(SAMPLE);
  const set = (key: keyof typeof SAMPLE) => (e: { target: { value: string } }) => setEmail((v) => ({ ...v, [key]: e.target.value }));
  // Gmail's sender element carries the address and the name as attributes.
  const senderAttributes = { email: email.senderEmail, name: email.senderName } as object;

  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 sm:p-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Test Bookmarklet</h1>
        <p className="mt-1 text-sm text-slate-600">
          A simulated email. Edit it if you like, then run the bookmarklet on it: the task form opens in a popup, filled in from the email.{' '}
          <Link to="/bookmarklet" className="font-medium text-brand-600 hover:underline">
            Install the bookmarklet
          </Link>
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-slate-900">Email content</legend>
          <FormField label="Subject" htmlFor={`${id}-subject`}>
            <TextInput id={`${id}-subject`} value={email.subject} onChange={set('subject')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Sender name" htmlFor={`${id}-name`}>
              <TextInput id={`${id}-name`} value={email.senderName} onChange={set('senderName')} />
            </FormField>
            <FormField label="Sender email" htmlFor={`${id}-email`}>
              <TextInput id={`${id}-email`} type="email" value={email.senderEmail} onChange={set('senderEmail')} />
            </FormField>
          </div>
          <FormField label="Body" htmlFor={`${id}-body`}>
            <TextArea id={`${id}-body`} rows={6} value={email.body} onChange={set('body')} />
          </FormField>
        </fieldset>

        <div className="flex min-w-0 flex-col gap-4">
          <article
            aria-label="Simulated email"
            className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
            data-testid="simulated-email"
          >
            <h2 className="hP text-lg font-semibold break-words text-slate-900">{email.subject}</h2>
            <p className="mt-2 text-sm break-words text-slate-600">
              <span className="gD font-medium text-slate-900" {...senderAttributes}>
                {email.senderName}
              </span>{' '}
              <span className="text-slate-500">&lt;{email.senderEmail}&gt;</span>
            </p>
            <div className="a3s mt-4 text-sm break-words whitespace-pre-wrap text-slate-800">{email.body}</div>
          </article>
          <div>
            <Button onClick={() => runBookmarklet(window.location.origin)}>Run bookmarklet on this email</Button>
            <p className="mt-2 text-xs text-slate-500">Runs the same code as the installed bookmark. Allow popups for this site if nothing opens.</p>
          </div>
        </div>
      </div>
    </div>
  );
}

export default TestBookmarkletPage;
