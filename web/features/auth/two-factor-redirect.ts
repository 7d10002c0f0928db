import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { graphql } from '../../gql';
import { reportTwoFactorSetupRequired } from '../../lib/two-factor-setup';

const SignInTwoFactorQuery = graphql(`
  query SignInTwoFactor {
    twoFactor {
      setupRequired
    }
  }
`);

/**
 * After a sign-in: when the workspace requires two-factor of this person and it is off (Admin ›
 * Security), the set-up screen shows at once, before the page asks for anything the server would
 * refuse (it answers TWO_FACTOR_SETUP_REQUIRED, which shows the same screen). A failed check leaves
 * that to the server's answer.
 */
export function useTwoFactorSetupRedirect(): () => Promise<void> {
  const client = useApolloClient();
  return useCallback(async () => {
    try {
      const { data } = await client.query({ query: SignInTwoFactorQuery, fetchPolicy: 'network-only' });
      if (data?.twoFactor.setupRequired) reportTwoFactorSetupRequired();
    } catch {
      // The server's own answers show the set-up when it is needed.
    }
  }, [client]);
}
