import { Field, Int, ObjectType } from 'type-graphql';

/** The viewer's two-factor sign-in state. */
@ObjectType({ description: 'The viewer’s two-factor sign-in (authenticator app codes)' })
export class TwoFactorState {
  @Field(() => Boolean, { description: 'True when sign-in asks for a code' })
  enabled!: boolean;

  @Field(() => Int, { description: 'Unused recovery codes left (0 when off)' })
  recoveryCodesLeft!: number;

  @Field(() => Boolean, { description: 'Off while the workspace requires it of the viewer (Admin › Security): the app asks them to set it up' })
  setupRequired!: boolean;
}

/** What set-up answers once. */
@ObjectType({ description: 'A two-factor set-up in progress: the secret for the authenticator app (shown only now)' })
export class TwoFactorSetupInfo {
  @Field(() => String, { description: 'The Base32 secret, to type into an app that cannot scan' })
  secret!: string;

  @Field(() => String, { description: 'The otpauth:// address the QR code holds' })
  otpauthUri!: string;

  @Field(() => String, { description: 'The QR code as a data: URL (PNG)' })
  qrCodeDataUrl!: string;
}
