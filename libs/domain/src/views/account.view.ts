/**
 * Wire shapes of the dashboard's account and session routes (`/auth/*`, `GET /account`), shared
 * by the API that sends them and the dashboard that reads them. Timestamps are ISO 8601 strings.
 */

/** What the dashboard back end shows about an account (never the password hash). */
export interface AccountView {
  id: string;
  email: string;
  /** `false`: no API settings, no key routes. */
  apiAccess: boolean;
  isAdmin: boolean;
  createdAt: string;
}

/** `POST /auth/sign-in` and `POST /auth/sign-up`: the account the new session belongs to. */
export interface SignedInView {
  account: AccountView;
}

/** `GET /auth/session`: whether the cookie names a live session, and whose. */
export interface SessionView {
  signedIn: boolean;
  account: AccountView | null;
}

/** `POST /auth/sign-out`. */
export interface SignedOutView {
  signedOut: true;
}

/** `POST /auth/password-reset/request`: the same answer whether or not the address is known. */
export interface PasswordResetRequestedView {
  accepted: true;
}

/** `POST /auth/password-reset/confirm`. */
export interface PasswordResetConfirmedView {
  reset: true;
}
