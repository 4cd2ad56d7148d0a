/** Wire shapes of the invite routes (`GET /auth/invites/:token`, `POST /account/invites`). */

export const INVITE_STATES = ['valid', 'expired', 'used', 'unknown'] as const;
export type InviteState = (typeof INVITE_STATES)[number];

/** `GET /auth/invites/:token`: what the sign-up page may say about an invite link. */
export interface InviteView {
  state: InviteState;
  /** The address the invite is bound to; only while the invite is `valid`. */
  email: string | null;
}

/** `POST /account/invites`: the link carries the token, which exists nowhere else. */
export interface CreatedInviteView {
  id: string;
  url: string;
  expiresAt: string;
  email: string | null;
  grantsApiAccess: boolean;
}
