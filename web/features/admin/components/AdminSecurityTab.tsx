import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { Loading } from '../../../ui/States';
import { SetTwoFactorRequirementMutation, TwoFactorRequirementQuery } from '../two-factor.graphql';

const CHOICES = [
  { value: 'off', label: 'Nobody', hint: 'Each person chooses in Settings › Security.' },
  { value: 'admins', label: 'Admins', hint: 'Admins without two-factor are sent to set it up when they sign in.' },
  { value: 'everyone', label: 'Everyone', hint: 'Everyone without two-factor is sent to set it up when they sign in.' },
] as const;

/** Admin › Security: who must use two-factor sign-in (people without it are sent to set it up after signing in). */
export default function AdminSecurityTab() {
  const { data, loading } = useQuery(TwoFactorRequirementQuery, { fetchPolicy: 'network-only' });
  const [save] = useMutation(SetTwoFactorRequirementMutation);
  const { toast } = useToast();
  const [choice, setChoice] = useState<string>('off');
  const [saving, setSaving] = useState(false);
  const current = data?.twoFactorRequirement;
  useEffect(() => {
    if (current) setChoice(current);
  }, [current]);

  if (loading && !data) return <Loading label="Loading security settings..." />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      await save({ variables: { required: choice }, refetchQueries: [TwoFactorRequirementQuery] });
      toast({ title: 'Two-factor requirement saved' });
    } catch (err) {
      toast({ title: 'Could not save', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-labelledby="admin-security-title">
      <h2 id="admin-security-title" className="text-lg font-semibold text-slate-900">
        Security
      </h2>
      <form onSubmit={(e) => void submit(e)} className="mt-3 flex max-w-xl flex-col gap-3">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Require two-factor sign-in for</legend>
          <div className="mt-2 flex flex-col gap-2">
            {CHOICES.map((c) => (
              <div key={c.value} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  id={`two-factor-required-${c.value}`}
                  type="radio"
                  name="two-factor-required"
                  value={c.value}
                  checked={choice === c.value}
                  onChange={() => setChoice(c.value)}
                  aria-describedby={`two-factor-required-${c.value}-hint`}
                  className="mt-1"
                />
                <div>
                  <label htmlFor={`two-factor-required-${c.value}`} className="font-medium">
                    {c.label}
                  </label>
                  <p id={`two-factor-required-${c.value}-hint`} className="text-xs text-slate-500">
                    {c.hint}
                  </p>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
        <div>
          <Button type="submit" disabled={saving || choice === current}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </section>
  );
}
