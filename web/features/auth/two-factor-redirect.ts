import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApolloClient } from '@apollo/client/react';
import { graphql } from '../../gql';

const SignInTwoFactorQuery = graphql(`
  query SignInTwoFactor {
    twoFactor {
      setupRequired
    }
  }
`);

/** Where a person who must set up two-factor sign-in is sent (Settings › Security › Two-factor). */
export const TWO_FACTOR_SETUP_PATH = '/settings#two-factor';

/**
 * After a sign-in: when the workspace requires two-factor of this person and it is off (Admin ›
 * Security), goes to its set-up in Settings. A failed check leaves the person where they are.
 */
export function useTwoFactorSetupRedirect(): () => Promise<void> {
  const client = useApolloClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      const { data } = await client.query({ query: SignInTwoFactorQuery, fetchPolicy: 'network-only' });
      if (data?.twoFactor.setupRequired) navigate(TWO_FACTOR_SETUP_PATH);
    } catch {
      // The check is a convenience: Settings shows the same request.
    }
  }, [client, navigate]);
}
