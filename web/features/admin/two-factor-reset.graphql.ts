import { graphql } from '../../gql';

/** Admins: turns a person's two-factor sign-in off (a lost phone). */
export const ResetTwoFactorMutation = graphql(`
  mutation ResetTwoFactor($userId: ID!) {
    resetTwoFactor(userId: $userId)
  }
`);
