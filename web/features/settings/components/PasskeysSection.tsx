import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { errorMessage } from '../../../lib/errors';
import { passkeyFailure, passkeysHere } from '../../../lib/passkeys';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, Loading } from '../../../ui/States';
import type { PasskeysQuery as Passkeys } from '../../../gql/graphql';
import { PasskeysQuery } from '../passkeys.graphql';
import { suggestedPasskeyName, useAddPasskey, useRemovePasskey, useRenamePasskey } from '../hooks/usePasskeys';
import { tokenTime } from '../token-time';
import { PasskeyNameDialog } from './PasskeyNameDialog';

type PasskeyRow = Passkeys['passkeys'][number];

/**
 * Settings › Security › Passkeys: the viewer's passkeys (name, added, last used); add one (named,
 * offered this browser and system's name), rename or remove one (after a confirmation).
 */
export function PasskeysSection() {
  const { data, loading, error, refetch } = useQuery(PasskeysQuery, { fetchPolicy: 'cache-and-network' });
  const addPasskey = useAddPasskey();
  const renamePasskey = useRenamePasskey();
  const removePasskey = useRemovePasskey();
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyRow | null>(null);
  const [removing, setRemoving] = useState<PasskeyRow | null>(null);
  const here = passkeysHere();

  const add = async (name: string) => {
    try {
      await addPasskey(name);
    } catch (err) {
      throw new Error(passkeyFailure(err, 'The passkey could not be added. Please try again.'));
    }
    setAdding(false);
    toast({ title: 'Passkey added', description: `You can sign in with “${name}” now.` });
  };
  const rename = async (name: string) => {
    if (!renaming) return;
    await renamePasskey(renaming.id, name);
    setRenaming(null);
    toast({ title: 'Passkey renamed', description: `It is called “${name}” now.` });
  };
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await removePasskey(removing.id);
      toast({ title: 'Passkey removed', description: `“${removing.name}” no longer signs you in.` });
      setRemoving(null);
    } catch (err) {
      toast({ title: 'Could not remove the passkey', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  };

  const passkeys = data?.passkeys ?? [];
  let list;
  if (loading && !data) list = <Loading label="Loading passkeys..." />;
  else if (error && !data) {
    list = (
      <EmptyState
        title="Your passkeys could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, 'Failed to load passkeys')}
      </EmptyState>
    );
  } else if (passkeys.length === 0) {
    list = <EmptyState title="No passkeys yet">Add one to sign in with this device’s fingerprint, face or PIN instead of your password.</EmptyState>;
  } else {
    list = (
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your passkeys">
        {passkeys.map((p) => (
          <li key={p.id} data-testid="passkey-row" className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="break-words text-sm font-medium text-slate-900">{p.name}</p>
              <p className="text-xs text-slate-500">
                Added {tokenTime(p.createdAt)} · Last used {tokenTime(p.lastUsedAt)}
              </p>
            </div>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={() => setRenaming(p)} aria-label={`Rename ${p.name}`}>
                Rename
              </Button>
              <Button variant="outline" size="sm" onClick={() => setRemoving(p)} aria-label={`Remove ${p.name}`}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section id="passkeys" aria-labelledby="passkeys-title" className="mt-6 scroll-mt-4 border-t border-slate-200 pt-4" data-testid="passkeys">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id="passkeys-title" className="text-base font-semibold text-slate-900">
            Passkeys
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            Sign in with your fingerprint, face or device PIN, without a password. A passkey sign-in needs no two-factor code.
          </p>
        </div>
        {here === 'available' ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        ) : (
          <p className="text-sm text-slate-500">
            {here === 'unsupported' ? 'This browser cannot make passkeys.' : 'Passkeys work when this site is opened by its name, not by an IP address.'}
          </p>
        )}
      </div>
      <div className="mt-3">{list}</div>
      {adding && (
        <PasskeyNameDialog
          open
          title="Add a passkey"
          description="Name it after the device it is on. Your browser then asks you to confirm with your fingerprint, face or PIN."
          initialName={suggestedPasskeyName()}
          submitLabel="Continue"
          busyLabel="Waiting for your passkey..."
          onSubmit={add}
          onClose={() => setAdding(false)}
        />
      )}
      {renaming && (
        <PasskeyNameDialog
          open
          title="Rename passkey"
          initialName={renaming.name}
          submitLabel="Save"
          busyLabel="Saving..."
          onSubmit={rename}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        open={!!removing}
        title="Remove this passkey?"
        description={removing ? `“${removing.name}” will no longer sign you in. You can also delete it from the device’s own passkey list.` : undefined}
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
