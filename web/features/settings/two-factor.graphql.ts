import { graphql } from '../../gql';

/** The viewer's two-factor state (Settings › Security › Two-factor sign-in). */
export const TwoFactorStateQuery = graphql(`
  query SettingsTwoFactor {
    twoFactor {
      enabled
      recoveryCodesLeft
      setupRequired
    }
  }
`);

export const StartTwoFactorSetupMutation = graphql(`
  mutation StartTwoFactorSetup {
    startTwoFactorSetup {
      secret
      qrCodeDataUrl
    }
  }
`);

export const ConfirmTwoFactorSetupMutation = graphql(`
  mutation ConfirmTwoFactorSetup($code: String!) {
    confirmTwoFactorSetup(code: $code)
  }
`);

export const TurnOffTwoFactorMutation = graphql(`
  mutation TurnOffTwoFactor($code: String!) {
    turnOffTwoFactor(code: $code)
  }
`);

export const NewRecoveryCodesMutation = graphql(`
  mutation NewRecoveryCodes($code: String!) {
    newRecoveryCodes(code: $code)
  }
`);
