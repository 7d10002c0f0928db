import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { AddPasskeyMutation, PasskeyRegistrationOptionsMutation, PasskeysQuery, RemovePasskeyMutation, RenamePasskeyMutation } from '../passkeys.graphql';
import { parseUserAgent } from '../../../../schema/domain/user-agent';

/** The name a new passkey is offered: this browser and system ("Chrome on macOS"). */
export function suggestedPasskeyName(): string {
  const { browser, os } = parseUserAgent(navigator.userAgent);
  const name = browser.replace(/ \d+$/, '');
  return name.startsWith('Unknown') ? 'Passkey' : `${name} on ${os}`;
}

/**
 * Adds a passkey: the server's options, the browser's passkey dialog (WebAuthn, loaded on first use),
 * then the answer with its name; the list is read again. Rejects with the browser's NotAllowedError
 * when the person cancels.
 */
export function useAddPasskey(): (name: string) => Promise<void> {
  const [options] = useMutation(PasskeyRegistrationOptionsMutation);
  const [add] = useMutation(AddPasskeyMutation, { refetchQueries: [PasskeysQuery], awaitRefetchQueries: true });
  return useCallback(
    async (name: string) => {
      const json = (await options()).data?.passkeyRegistrationOptions;
      if (!json) throw new Error('The passkey could not be started');
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: JSON.parse(json) });
      await add({ variables: { response: JSON.stringify(response), name } });
    },
    [options, add],
  );
}

/** Renames a passkey (the answer updates the cached row). */
export function useRenamePasskey(): (id: string, name: string) => Promise<void> {
  const [rename] = useMutation(RenamePasskeyMutation);
  return useCallback(
    async (id: string, name: string) => {
      await rename({ variables: { id, name } });
    },
    [rename],
  );
}

/** Removes a passkey and drops it from the cached list. */
export function useRemovePasskey(): (id: string) => Promise<void> {
  const [remove] = useMutation(RemovePasskeyMutation);
  return useCallback(
    async (id: string) => {
      await remove({
        variables: { id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'Passkey', id }) });
          cache.gc();
        },
      });
    },
    [remove],
  );
}
