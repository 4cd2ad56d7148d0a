import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SignInForm } from '../../../components/auth/sign-in-form';
import { Loading } from '../../../components/ui/loading';

export const metadata: Metadata = { title: 'Sign in' };

export default function SignInPage() {
  return (
    <Suspense fallback={<Loading />}>
      <SignInForm />
    </Suspense>
  );
}
