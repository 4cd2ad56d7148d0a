import type { Metadata } from 'next';
import { InviteSignUp } from '../../../../components/auth/invite-sign-up';

export const metadata: Metadata = { title: 'Create your account', referrer: 'no-referrer' };

export default function InvitePage() {
  return <InviteSignUp />;
}
