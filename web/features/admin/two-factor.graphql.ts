import { graphql } from '../../gql';

/** Admins: turns a person's two-factor sign-in off (a lost phone). */
export const ResetTwoFactorMutation = graphql(`
  mutation ResetTwoFactor($userId: ID!) {
    resetTwoFactor(userId: $userId)
  }
`);

/** Admin › Security: who must use two-factor sign-in (off, admins or everyone). */
export const TwoFactorRequirementQuery = graphql(`
  query AdminTwoFactorRequirement {
    twoFactorRequirement
  }
`);

export const SetTwoFactorRequirementMutation = graphql(`
  mutation SetTwoFactorRequirement($required: String!) {
    setTwoFactorRequirement(required: $required)
  }
`);
