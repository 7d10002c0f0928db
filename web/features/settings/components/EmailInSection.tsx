import { useMutation, useQuery } from '@apollo/client/react';
import { EmailInQuery, RotateEmailInMutation } from '../settings.graphql';
import { SecretSection, type SecretWords } from './SecretSection';

const WORDS: SecretWords = {
  noun: 'address',
  loading: 'Loading address...',
  copyLabel: 'Email-in address',
  copied: 'Address copied',
  hint: 'Keep it private: anyone with the address can add tasks for you. Rotate it if it leaks.',
  rotate: 'Rotate',
  confirmTitle: 'Rotate the address?',
  confirmDescription: 'Mail to the current address will be refused. Update any forwarding rule that uses it.',
  rotated: { title: 'Address rotated', description: 'Mail to the old address is refused from now on.' },
};

/** Settings › Email-in: the viewer's private address that turns mail into tasks, copy and rotate (README, "Email-in"). */
export function EmailInSection() {
  const { data, loading, error, refetch } = useQuery(EmailInQuery);
  const [rotate] = useMutation(RotateEmailInMutation, {
    update(cache, result) {
      const emailIn = result.data?.rotateEmailIn;
      if (emailIn) cache.writeQuery({ query: EmailInQuery, data: { emailIn } });
    },
  });
  return (
    <SecretSection
      id="email-in"
      title="Email-in"
      description="Send or forward an email to this address to make it a task for you: the subject becomes the title (quick-add words such as “tomorrow 3pm !high” apply), the text the description. Replying to a notification email adds a comment."
      words={WORDS}
      testId="email-in-address"
      value={data?.emailIn.address}
      loading={loading}
      error={error}
      refetch={refetch}
      rotate={rotate}
      off={
        <p className="text-sm text-slate-600" data-testid="email-in-off">
          Email-in is not set up on this server. An administrator can turn it on (INBOUND_EMAIL_DOMAIN).
        </p>
      }
    />
  );
}
