import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { Pool } from 'pg';

declare module 'express-session' {
  interface SessionData {
    accountId?: string;
  }
}

export const SESSION_COOKIE = 'rs_session';

/**
 * Dashboard sessions, stored in Postgres (table `sessions`, created by our migrations).
 * Cookies: httpOnly, SameSite=Lax, Secure whenever the request came over https.
 */
export function sessionMiddleware(options: {
  pool: Pool;
  secret: string;
  ttlDays: number;
  prune: boolean;
}) {
  const PgStore = connectPgSimple(session);
  return session({
    name: SESSION_COOKIE,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: undefined, // follows Express's `trust proxy`
    store: new PgStore({
      pool: options.pool,
      tableName: 'sessions',
      createTableIfMissing: false,
      pruneSessionInterval: options.prune ? 15 * 60 : false,
    }),
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: options.ttlDays * 86_400_000,
      path: '/',
    },
  });
}
