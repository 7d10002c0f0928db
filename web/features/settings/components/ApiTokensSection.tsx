import { useState, type FormEvent } from 'react';
import { useQuery } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, Loading } from '../../../ui/States';
import type { ApiTokenRow_TokenFragment } from '../../../gql/graphql';
import { useCreateApiToken, useRevokeApiToken } from '../hooks/useApiTokens';
import { ApiTokensQuery } from '../settings.graphql';
import { tokenTime as when } from '../token-time';
import { CopyField } from './CopyField';
import { SettingsSection } from '../../../ui/SettingsSection';

/** Longest token name (the server's limit). */
const MAX_NAME = 100;

/** Settings › API tokens: create a named token (its secret shown once), list and revoke tokens. */
export function ApiTokensSection() {
  const { data, loading, error, refetch } = useQuery(ApiTokensQuery);
  const createToken = useCreateApiToken();
  const revokeToken = useRevokeApiToken();
  const { toast } = useToast();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenRow_TokenFragment | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Give the token a name, e.g. the script or service that uses it');
      return;
    }
    setNameError(null);
    setCreating(true);
    try {
      const token = await createToken(trimmed);
      setCreated({ name: token.name, token: token.token });
      setName('');
      toast({ title: 'Token created', description: 'Copy it now: it is shown only once.' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to create the token'), variant: 'destructive' });
    } finally {
      setCreating(false);
    }
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revokeToken(revoking.id);
      toast({ title: 'Token revoked', description: `"${revoking.name}" no longer works.` });
      setRevoking(null);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to revoke the token'), variant: 'destructive' });
    }
  };

  const tokens = data?.apiTokens ?? [];
  let list;
  if (loading && !data) list = <Loading label="Loading tokens..." />;
  else if (error) {
    list = (
      <EmptyState
        title="The tokens could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, 'Failed to load tokens')}
      </EmptyState>
    );
  } else if (tokens.length === 0) {
    list = <EmptyState title="No API tokens yet">Create one for each script or service that calls the API.</EmptyState>;
  } else {
    list = (
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="API tokens">
        {tokens.map((t) => (
          <li key={t.id} data-testid="api-token-row" className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{t.name}</p>
              <p className="text-xs text-slate-500">
                Created {when(t.createdAt)} · Last used {when(t.lastUsedAt)}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <SettingsSection
      id="api-tokens"
      title="API tokens"
      description={
        <>
          Scripts and services send a token as <code className="rounded bg-slate-100 px-1 text-slate-700">Authorization: Bearer &lt;token&gt;</code> to use the
          API with your permissions. The API explorer is at{' '}
          <a className="text-brand-700 underline" href="/graphql">
            /graphql
          </a>
          .
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
        <div className="flex-1">
          <label htmlFor="api-token-name" className="sr-only">
            Token name
          </label>
          <input
            id="api-token-name"
            value={name}
            maxLength={MAX_NAME}
            onChange={(e) => setName(e.target.value)}
            placeholder="Token name, e.g. CI deploy"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'api-token-name-error' : undefined}
            className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
          />
          {nameError && (
            <p id="api-token-name-error" role="alert" className="mt-1 text-xs text-red-600">
              {nameError}
            </p>
          )}
        </div>
        <Button type="submit" disabled={creating}>
          {creating ? 'Creating...' : 'Create token'}
        </Button>
      </form>

      {created && (
        <div role="status" data-testid="new-api-token" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm font-medium text-amber-900">New token “{created.name}”</p>
          <p className="mb-2 text-sm text-amber-800">Copy this token now. You won’t be able to see it again.</p>
          <CopyField label="New API token" value={created.token} copiedTitle="Token copied" testId="new-api-token-value" />
          <div className="mt-2 flex justify-end">
            <Button variant="ghost" size="sm" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </div>
      )}

      <div className="mt-4">{list}</div>

      <ConfirmDialog
        open={!!revoking}
        title="Revoke this token?"
        description={revoking ? `Anything using “${revoking.name}” stops working at once. This cannot be undone.` : undefined}
        confirmLabel="Revoke"
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </SettingsSection>
  );
}
