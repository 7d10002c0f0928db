import { useNavigate } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import { loginPathFor } from '../../../lib/return-to';
import { closePopup } from '../popup';

/**
 * The create-task page without a session, or when the session check failed:
 * 'Login to Create Task' goes to the login screen and back here with the email data; 'Close' closes the popup.
 */
export function AuthRequired({ returnTo }: { returnTo: string }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="auth-required-title" className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-amber-50 text-amber-700" aria-hidden="true">
        <Icon.Shield />
      </div>
      <h1 id="auth-required-title" className="text-xl font-bold text-slate-900">
        Authentication Required
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Sign in to Let work flow to create a task from this email. The email's details are kept for after you sign in.
      </p>
      <div className="mt-5 flex flex-col-reverse justify-center gap-2 sm:flex-row">
        <Button variant="outline" className="justify-center" onClick={() => closePopup(() => navigate('/'))}>
          Close
        </Button>
        <Button className="justify-center" onClick={() => navigate(loginPathFor(returnTo))}>
          Login to Create Task
        </Button>
      </div>
    </section>
  );
}
