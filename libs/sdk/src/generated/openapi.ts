/**
 * Generated from the OpenAPI document the API serves (GET /openapi.json) by
 * `npm run generate` (openapi-typescript + prettier). Do not edit by hand.
 */
export interface paths {
  '/v1/assist': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Classify a chat message (scan / chat / refuse) and write a self-contained search query
     * @description Charged 0.010000 USD per call. Never calls a video provider and never runs the scan. Deadline 30 s.
     */
    post: operations['assist'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/scan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Find reels on one network that match a brief, scored for relevance, ranked by traction
     * @description Holds 0.007500 × `limit` before work and charges 0.007500 per reel delivered (`reels: []` is free). Typical 20–30 s; deadline 90 s. Never mixes networks. Cover URLs expire within hours. Each reel carries its author's follower count and an outlier score, `ln(playCount / authorFollowers) × ln(authorFollowers)` (≥ 35 exceptional, 25–35 very_strong, 18–25 strong, 10–18 promising, else ordinary), from counts already fetched: no extra provider call. `sort` picks the order: `traction` (default), `outlier` or `relevance`; the price is the same.
     */
    post: operations['scan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/playbook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Watch one video and write the shoot-ready remake plan: transcript, hook, scene map, script, shot list, editing guide, experiments
     * @description Charged 0.200000 USD per playbook (held before work; any error is free). Typical 50–90 s; deadline 300 s (504 `timeout`). Only the first 120 s are analyzed (`analyzedSeconds`); a longer video is clipped, never refused, and the document describes nothing after it. Every timing (scenes, transcript, overlays, script beats, hook) comes from our own measurement of the video: scene cuts by ffmpeg scene detection, the platform caption track or a transcription. There is no OCR: on-screen text is known text, or text the model read in a key frame, timed by its scene.
     */
    post: operations['playbook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/music': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rank the sounds of one video's own network by how well they fit that video
     * @description Reads the video's cut rhythm and audio (tempo, energy, mood), gathers up to 50 candidate sounds (the video's own sound, sounds of similar videos, sound search, the market's rising and popular charts), reads each sound from its own audio (cached permanently, so a repeat niche is much faster) and ranks them by `finalScore = 0.85 × fit.score + 0.15 × trend.strength`. The market is the video's network (Instagram and YouTube → network_a); there is no parameter. Holds and charges 0.250000 whatever `limit`; `suggestions: []` is 200 and free. Typical 35 s for a familiar niche, up to 150 s for an unfamiliar one; deadline 300 s. Preview URLs expire within hours.
     */
    post: operations['music'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/trends': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Which sounds or hashtags of a network are new, rising, steady or fading
     * @description Reads the history Reelscout keeps of both networks’ sound charts and hashtag lists (one observation per item per day, collected daily and from what music and scan read) and labels each item by a public rule applied to the `history` it returns, so every label can be checked: `history` holds one point per day for the last `2 × window` days ending at `asOf` (a day with no observation is `null`). `current` = Σ values of the last `window` days, `previous` = Σ values of the `window` days before (null points count as 0). `growth` = `current / previous` rounded to 2 decimals (null when `previous` is 0). `stage`: `new` when `previous` is 0; otherwise, reading the rounded growth, `rising` when growth ≥ 1.5, `fading` when growth ≤ 0.67, else `steady`. A day’s `value` is the uses (views, for hashtags) gained that day where the network gives counts, or the network’s own popularity value where it gives only a curve; `source` says which. The call reads the store, not the network; on a fresh install with no observation yet for the market and kind, one bounded collection runs first and the call waits for it. Holds and charges 0.050000 whatever `limit`; `items: []` is 200 and free.
     */
    post: operations['trends'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness and readiness of this instance
     * @description For load balancers and probes: no authentication, no rate limit, not cached.
     */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The signed-in account
     * @description `apiAccess: false`: no API settings and no key routes.
     */
    get: operations['accountGet'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/sign-in': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with e-mail and password
     * @description Starts a session: the `rs_session` cookie is set on the response.
     */
    post: operations['authSignIn'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/sign-up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an account from an invite
     * @description Invite-only: the invite token and its e-mail address. Signs the new account in (sets the `rs_session` cookie).
     */
    post: operations['authSignUp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/sign-out': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign out
     * @description Ends the session, if there is one, and clears its cookie. Always succeeds.
     */
    post: operations['authSignOut'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who is signed in
     * @description `signedIn: false` (not an error) without a valid session.
     */
    get: operations['authGetSession'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/invites/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check an invite link before signing up
     * @description Its state (`valid`, `used`, `expired`, `unknown`) and the e-mail it is for.
     */
    get: operations['authInspectInvite'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/password-reset/request': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * E-mail a password reset link
     * @description Answers 202 at once, the same for any address; the link is made and e-mailed afterwards (only to an existing account, only when SMTP is configured).
     */
    post: operations['authRequestPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/password-reset/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a new password with a reset link
     * @description Ends every session of the account and voids its other unused reset links. A used, expired or unknown token is 400.
     */
    post: operations['authConfirmPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/invites': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite someone (administrators)
     * @description A one-time sign-up link, optionally bound to an e-mail and granting API access.
     */
    post: operations['accountCreateInvite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the account's API keys
     * @description Live and test, revoked, expiring and expired ones included, each with its settings and spend; never the key itself.
     */
    get: operations['accountListKeys'];
    put?: never;
    /**
     * Create an API key
     * @description With optional spend limits, scopes (`operations`), expiry and subject limits. An account has at most `API_KEYS_MAX_PER_ACCOUNT` live keys (100 by default).
     */
    post: operations['accountCreateKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One API key and its audit trail
     * @description The key as listed, and every change to it (who, when, before → after), newest first.
     */
    get: operations['accountGetKey'];
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description Calls with it get 401 from then on (a rolled key in its grace period included). Revoking a revoked key changes nothing.
     */
    delete: operations['accountRevokeKey'];
    options?: never;
    head?: never;
    /**
     * Change an API key's settings
     * @description Only the fields sent change; `null` clears a limit, the expiry, or the scopes (all operations). Recorded in the audit trail.
     */
    patch: operations['accountUpdateKey'];
    trace?: never;
  };
  '/account/keys/{id}/roll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Roll an API key
     * @description Creates a new key with the same settings (shown once); the old one keeps working for `graceSeconds`, then it is revoked. Only an active key can be rolled (400 otherwise).
     */
    post: operations['accountRollKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/subject-limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Per-subject spend limits
     * @description The account's spend limits per end customer (`x-subject`) per UTC day and month; a key's `subjectLimits` override them.
     */
    get: operations['accountGetSubjectLimits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change the per-subject spend limits
     * @description Only the fields sent change; `null` clears one. Recorded in the audit trail.
     */
    patch: operations['accountUpdateSubjectLimits'];
    trace?: never;
  };
  '/account/usage/buckets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Usage in hour or day buckets (as `GET /v1/usage`)
     * @description The same query and numbers as `GET /v1/usage`, over the whole account; `mode` and `source` filter (default: both). `group_by=subject` is the by-customer view.
     */
    get: operations['accountUsageBuckets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/usage/buckets.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Usage buckets as CSV (as `GET /v1/usage` with `Accept: text/csv`) */
    get: operations['accountUsageBucketsCsv'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the account's calls, newest first
     * @description Filter by mode, operation, subject, key, source (`api` or `dashboard`) and date; page with `cursor` and `limit`. `group_by=key|subject` adds the calls and spend per key or subject.
     */
    get: operations['accountListUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/usage/daily': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Spend and calls per day */
    get: operations['accountDailyUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/usage/export.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export the account's calls as CSV
     * @description The same filters as the list, with key (label and display start) and subject columns; `group_by=key|subject` exports one row per group instead. Errors are JSON like everywhere else.
     */
    get: operations['accountExportUsageCsv'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/credit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Balances, spend this month and purchase options */
    get: operations['accountGetCredit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/credit/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start buying live credit (Stripe Checkout)
     * @description Between 5.00 and 1000.00 USD, in whole cents.
     */
    post: operations['accountCreateCheckout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/credit/checkout/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How a checkout stands */
    get: operations['accountGetCheckout'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/credit/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add free test credit
     * @description For `rs_test_` keys; 10.00 USD unless `amountUsd` says otherwise, at most `limitsUsd.testMax` at a time.
     */
    post: operations['accountAddTestCredit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/jobs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List jobs, newest first
     * @description Filter by operation, status and creation time; page with `limit` and `starting_after`. A key sees its account's jobs of its own mode; a key restricted to some operations sees only the jobs it created (or a key it was rolled from created), and another key's job is `not_found`.
     */
    get: operations['listJobs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/jobs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a job
     * @description Its status and progress; once it ended, its result or error and what it cost. A key sees its account's jobs of its own mode; a key restricted to some operations sees only the jobs it created (or a key it was rolled from created), and another key's job is `not_found`.
     */
    get: operations['getJob'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/jobs/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a job
     * @description Queued: ends at once, nothing charged. Running: stops at its next step and ends `canceled`, nothing charged (a stopped operation has delivered nothing). Ended: 409 `job_not_cancelable`. A key sees its account's jobs of its own mode; a key restricted to some operations sees only the jobs it created (or a key it was rolled from created), and another key's job is `not_found`.
     */
    post: operations['cancelJob'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/jobs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the account's jobs of one mode, newest first */
    get: operations['accountListJobs'];
    put?: never;
    /**
     * Run an operation from the dashboard (an async job)
     * @description The playground: runs `operation` with `input` (exactly the body of `POST /v1/<operation>`) as an async job of the signed-in account, the way `Prefer: respond-async` does on /v1: the same validation (a field error is `invalid_request` with `param` prefixed `input.`), the hold before any work (402 `insufficient_credit` when the credit is short), the same capture or void. The run has no key: its job and usage record say `source: dashboard`. Live runs must confirm the price (`confirm_price_usd`); test runs are free of that. `Idempotency-Key` works as on /v1. Poll the job at `Location` (`GET /account/jobs/{id}?mode=`).
     */
    post: operations['accountRunJob'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/jobs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a job */
    get: operations['accountGetJob'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/jobs/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cancel a job */
    post: operations['accountCancelJob'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Usage in hour or day buckets
     * @description Calls, charged calls, charge and refused calls per UTC day or hour (`granularity`), optionally per operation, subject and key (`group_by`), between `from` and `to` (default: the last 30 days; at most 400 days for days, 31 for hours). Free and never charged; rate ceilings as for the other reads. A key sees its own mode's usage: an unrestricted key the whole account's, a key restricted to some operations only its own key line's (the keys it was rolled from included). `Accept: text/csv` streams every matching row as CSV with a header row (RFC 4180), whatever the size; `limit` and `cursor` then do not apply. Charged calls are recorded in the transaction that charges them, so the charges here always equal the ledger's. Calls refused before they ran (400, 402, 429…) are recorded after the answer, best-effort: while the database is unreachable the answer does not wait for it, and such records can be lost (never a charge, which is not made without the database).
     */
    get: operations['listUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/usage/records': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Usage records, newest first
     * @description One record per call, charged or not, with its request id, job, subject, key, status and charge; the same filters as the buckets. Free and never charged; rate ceilings as for the other reads. A key sees its own mode's usage: an unrestricted key the whole account's, a key restricted to some operations only its own key line's (the keys it was rolled from included). `Accept: text/csv` streams every matching row as CSV with a header row (RFC 4180), whatever the size; `limit` and `cursor` then do not apply. Charged calls are recorded in the transaction that charges them, so the charges here always equal the ledger's. Calls refused before they ran (400, 402, 429…) are recorded after the answer, best-effort: while the database is unreachable the answer does not wait for it, and such records can be lost (never a charge, which is not made without the database).
     */
    get: operations['listUsageRecords'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook_endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook endpoints, newest first
     * @description The endpoints of this key’s mode; page with `limit` and `starting_after`. Needs an unrestricted key: a key restricted to some operations gets 403 `resource_not_allowed`.
     */
    get: operations['listWebhookEndpoints'];
    put?: never;
    /**
     * Create a webhook endpoint
     * @description An HTTPS URL at a public address (test mode: http too; a private or loopback address only when the operator allows it) that receives the events it subscribes to, signed with its own secret. The secret is in this response only (and in the one of a rotation). At most 16 endpoints per account and mode (`resource_limit_reached` past that). Needs an unrestricted key: a key restricted to some operations gets 403 `resource_not_allowed`.
     */
    post: operations['createWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook_endpoints/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a webhook endpoint
     * @description Needs an unrestricted key: a key restricted to some operations gets 403 `resource_not_allowed`.
     */
    get: operations['getWebhookEndpoint'];
    put?: never;
    post?: never;
    /**
     * Delete a webhook endpoint
     * @description It receives nothing more; deliveries still pending to it end as failed. Needs an unrestricted key: a key restricted to some operations gets 403 `resource_not_allowed`.
     */
    delete: operations['deleteWebhookEndpoint'];
    options?: never;
    head?: never;
    /**
     * Update a webhook endpoint
     * @description Change its URL or events, or disable and enable it. Needs an unrestricted key: a key restricted to some operations gets 403 `resource_not_allowed`.
     */
    patch: operations['updateWebhookEndpoint'];
    trace?: never;
  };
  '/v1/webhook_endpoints/{id}/rotate_secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate a webhook endpoint's signing secret
     * @description A new secret, shown in this response only. For 24 hours deliveries carry signatures with both the old and the new one. Needs an unrestricted key: a key restricted to some operations gets 403 `resource_not_allowed`.
     */
    post: operations['rotateWebhookEndpointSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook_endpoints/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a webhook endpoint's deliveries, newest first
     * @description Each with its attempts; page with `limit` and `starting_after`. Needs an unrestricted key: a key restricted to some operations gets 403 `resource_not_allowed`.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook_endpoints/{id}/deliveries/{deliveryId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a webhook delivery again, now
     * @description One more attempt with the same `webhook-id` (receivers deduplicate on it). The endpoint must be enabled (400 otherwise). Needs an unrestricted key: a key restricted to some operations gets 403 `resource_not_allowed`.
     */
    post: operations['redeliverWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/webhook-endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List webhook endpoints of one mode */
    get: operations['accountListWebhookEndpoints'];
    put?: never;
    /**
     * Create a webhook endpoint
     * @description In the mode `?mode=` names; its signing secret is in this response only. At most 16 endpoints per account and mode.
     */
    post: operations['accountCreateWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/webhook-endpoints/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a webhook endpoint */
    get: operations['accountGetWebhookEndpoint'];
    put?: never;
    post?: never;
    /** Delete a webhook endpoint */
    delete: operations['accountDeleteWebhookEndpoint'];
    options?: never;
    head?: never;
    /** Update a webhook endpoint */
    patch: operations['accountUpdateWebhookEndpoint'];
    trace?: never;
  };
  '/account/webhook-endpoints/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rotate a webhook endpoint's signing secret */
    post: operations['accountRotateWebhookEndpointSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/webhook-endpoints/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a webhook endpoint's deliveries */
    get: operations['accountListWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a webhook delivery again, now */
    post: operations['accountRedeliverWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/balance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get the balance
     * @description The calling key's account balance in the key's mode (live credit for `rs_live_` keys, test credit for `rs_test_`), and what a new call may hold: the balance less what running calls hold.
     */
    get: operations['getBalance'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/ledger': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the account's ledger entries, newest first
     * @description Filter by mode, operation and date; page with `cursor` and `limit`.
     */
    get: operations['accountListLedger'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/jobs/{id}/media/cover/{index}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A cover image of a job’s result (JPEG)
     * @description scan: the cover of reel `index` (0-based, in result order). playbook and music: `index` 0, the analysed video’s cover (its post’s cover, else a frame of the video).
     */
    get: operations['accountJobCover'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/jobs/{id}/media/frame/{index}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The frame of a playbook scene (JPEG)
     * @description Scene `index` (0-based, as in `playbook.scenes`), taken with ffmpeg just after its measured cut from the analysed video. All scenes’ frames are extracted at the first request, once per video. 404 for a job that analysed no scenes (not a succeeded playbook).
     */
    get: operations['accountJobFrame'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/jobs/{id}/media/video': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The video a playbook or music job analysed
     * @description For the player: `Range` requests are answered 206 with `Content-Range`, so it can seek.
     */
    get: operations['accountJobVideo'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/jobs/{id}/media/audio/{index}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The audio preview of a music suggestion
     * @description Suggestion `index` (0-based, as ranked). `Range` requests are answered 206, for the player.
     */
    get: operations['accountJobAudio'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/watches': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List watches, newest first
     * @description The watches of this key’s mode; page with `limit` and `starting_after`.
     */
    get: operations['listWatches'];
    put?: never;
    /**
     * Create a watch
     * @description A niche watch (`kind: "niche"`, the default) is a scan of `query` that runs every hour or every day and delivers only reels it has not delivered before (webhook `watch.new_reels`), each run billed as a scan of the reels it delivers. A creator watch (`kind: "creator"`) follows one creator (`creator`: a profile link, or an `@handle` with `market`): each run records a follower snapshot and the posts not seen before, each against the creator’s median (webhooks `creator.new_posts`, `creator.outlier_post`), at a flat price per successful run. An unknown or private creator is 404 `not_found`, not charged. Its runs are this key’s scans: its spend limits and its `x-subject` apply. The key needs the `scan` scope. At most `WATCHES_MAX_PER_MODE` (50) per account and mode, both kinds counted.
     */
    post: operations['createWatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/watches/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a watch */
    get: operations['getWatch'];
    put?: never;
    post?: never;
    /**
     * Delete a watch
     * @description It runs no more; a run already queued fails without a charge.
     */
    delete: operations['deleteWatch'];
    options?: never;
    head?: never;
    /**
     * Update a watch
     * @description Pause or resume it, change its interval or its `min_outlier_score`. Resuming, or a new interval, puts the next run an interval from now.
     */
    patch: operations['updateWatch'];
    trace?: never;
  };
  '/v1/watches/{id}/snapshots': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A creator watch’s follower history
     * @description The snapshots its runs recorded, oldest first, within `from`–`to`; page with `limit` and `starting_after` (the last snapshot’s `at`). Free. A niche watch has none (400).
     */
    get: operations['listWatchSnapshots'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/watches/{id}/posts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A creator watch’s posts, newest first
     * @description Every post its runs found, with its counts when first seen and its multiple of the creator’s median; page with `limit` and `starting_after` (a post’s `id`). Free. A niche watch has none (400).
     */
    get: operations['listWatchPosts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/watches/{id}/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run a watch now
     * @description A niche watch runs a scan of its brief that delivers only reels it has not delivered: it holds 0.007500 × the watch's `limit` and charges 0.007500 per new reel (a run with nothing new is free). A creator watch reads the creator's profile and newest posts and answers `{ watch_id, creator, snapshot, posts }` with the posts new in this run: 0.020000 per successful run; a failed run is not charged. Answers like `POST /v1/scan`: at once, with `Prefer: wait=N`, or 202 with the job under `Prefer: respond-async`.
     */
    post: operations['runWatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/watches': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the account's watches of one mode, newest first */
    get: operations['accountListWatches'];
    put?: never;
    /**
     * Create a watch
     * @description In the mode `?mode=` names, with no key. At most `WATCHES_MAX_PER_MODE` (50) per account and mode: past it, 409 `resource_limit_reached` (`param`: `watches`).
     */
    post: operations['accountCreateWatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/watches/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a watch */
    get: operations['accountGetWatch'];
    put?: never;
    post?: never;
    /** Delete a watch */
    delete: operations['accountDeleteWatch'];
    options?: never;
    head?: never;
    /** Pause, resume or change a watch */
    patch: operations['accountUpdateWatch'];
    trace?: never;
  };
  '/account/watches/{id}/snapshots': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A creator watch’s follower history, oldest first */
    get: operations['accountListWatchSnapshots'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/watches/{id}/posts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A creator watch’s posts, newest first */
    get: operations['accountListWatchPosts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/account/watches/{id}/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run a watch now (an async job)
     * @description The run `POST /v1/watches/{id}/run` starts, as an async job of the account with no key (`source: dashboard`): held before work (402 `insufficient_credit`); a niche watch’s run is charged per new reel delivered (free when nothing is new), a creator watch’s at its flat price. Live runs must confirm the price (`confirm_price_usd`). Poll the job at `Location`.
     */
    post: operations['accountRunWatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'job.succeeded': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * job.succeeded
     * @description A job succeeded: `data.result` is the operation's 200 body, `data.billing` what it cost. Retried with backoff for about 28 hours until your endpoint answers 2xx within 10 s; redirects are not followed.
     */
    post: operations['webhookJobSucceeded'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'job.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * job.failed
     * @description A job failed: `data.error` is the error body the synchronous call would have returned; nothing charged. Retried with backoff for about 28 hours until your endpoint answers 2xx within 10 s; redirects are not followed.
     */
    post: operations['webhookJobFailed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'job.canceled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * job.canceled
     * @description A job was canceled before it finished; nothing charged. Retried with backoff for about 28 hours until your endpoint answers 2xx within 10 s; redirects are not followed.
     */
    post: operations['webhookJobCanceled'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    AssistResponseDto: {
      /** @enum {string} */
      intent: 'scan' | 'chat' | 'refuse';
      /** @description A conversational reply, for every intent. */
      reply: string;
      /** @description Only when intent is `scan`: a self-contained brief, ready to pass to /v1/scan. assist never runs the scan. */
      query?: string;
    };
    AssistHistoryEntryDto: {
      /** @enum {string} */
      role: 'user' | 'agent';
      text: string;
    };
    AssistRequestDto: {
      /** @example What dog food reels are working right now? */
      message: string;
      /** @description Prior turns, most recent last. Only the last 10 are used; older entries are ignored. */
      history?: components['schemas']['AssistHistoryEntryDto'][];
    };
    ErrorDetailDto: {
      /**
       * @description Stable, machine-readable: branch on it.
       * @example invalid_request
       * @enum {string}
       */
      code:
        | 'invalid_request'
        | 'price_confirmation_required'
        | 'unauthorized'
        | 'insufficient_credit'
        | 'key_spend_limit_reached'
        | 'subject_spend_limit_reached'
        | 'credit_shortfall'
        | 'payment_disputed'
        | 'forbidden'
        | 'operation_not_allowed'
        | 'resource_not_allowed'
        | 'not_found'
        | 'idempotency_key_in_use'
        | 'job_canceled'
        | 'job_not_cancelable'
        | 'resource_limit_reached'
        | 'payload_too_large'
        | 'unsupported_media_type'
        | 'idempotency_key_reused'
        | 'rate_limited'
        | 'queue_limit_reached'
        | 'internal_error'
        | 'provider_error'
        | 'provider_unavailable'
        | 'timeout';
      /**
       * @description For a human; safe to show, may change.
       * @example `limit` must not be greater than 20.
       */
      message: string;
      /**
       * @description The offending field (`history[2].text`), query parameter or header (`x-subject`).
       * @example limit
       */
      param?: string;
      /**
       * @description The `x-request-id` of this request; quote it to support.
       * @example req_7f3a9c2e4b1d4e6f
       */
      requestId: string;
    };
    ErrorDto: {
      error: components['schemas']['ErrorDetailDto'];
    };
    JobBillingDto: {
      /**
       * @description Held when the job was created.
       * @example 0.150000
       */
      held_usd: string;
      /** @example 0.075000 */
      charged_usd: string | null;
      /** @example 9.925000 */
      balance_usd: string | null;
    };
    JobDto: {
      /** @example job_3f0c1c2e9b6a4f0e8d7c6b5a49382716 */
      id: string;
      /** @enum {string} */
      object: 'job';
      /** @enum {string} */
      operation: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
      /**
       * @description `sync`: the call waited for it (default, or `Prefer: wait`); `async`: `Prefer: respond-async`.
       * @enum {string}
       */
      mode: 'sync' | 'async';
      /** @description Made with a live key (true) or a test key (false). */
      livemode: boolean;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
      /** @example 0.5 */
      progress: number;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      started_at: string | null;
      /** Format: date-time */
      finished_at: string | null;
      /** @description The x-request-id of the call that created the job. */
      request_id: string;
      /** @description The x-subject of that call. */
      subject: string | null;
      /** @description The status the synchronous call answered (or would have): 200 or the error status. */
      http_status: number | null;
      /** @description The operation's response body, exactly as the synchronous call returns it (succeeded jobs, until purged). */
      result: {
        [key: string]: unknown;
      } | null;
      /** @description The error body the synchronous call would have returned (failed and canceled jobs). */
      error: components['schemas']['ErrorDto'] | null;
      billing: components['schemas']['JobBillingDto'];
      /** Format: date-time */
      result_expires_at: string | null;
      /** @description The result (and the request) were purged after the retention period. */
      result_purged: boolean;
    };
    ScanRelevanceDto: {
      score: number;
      reason: string;
    };
    ScanOutlierDto: {
      /**
       * @description `ln(multiple) × ln(authorFollowers)`, natural logarithms, computed from the unrounded multiple and rounded to 2 decimals (halves up). Negative when the reel has fewer plays than its author has followers.
       * @example 39.17
       */
      score: number;
      /**
       * @description `playCount / authorFollowers`, rounded to 2 decimals (a multiple below 0.005 reads 0).
       * @example 133.33
       */
      multiple: number;
      /**
       * @description From the rounded `score`: ≥ 35 `exceptional`, 25 to < 35 `very_strong`, 18 to < 25 `strong`, 10 to < 18 `promising`, below 10 `ordinary`.
       * @enum {string}
       */
      band: 'exceptional' | 'very_strong' | 'strong' | 'promising' | 'ordinary';
    };
    ScanReelDto: {
      /** @description Provider id; network_b ids are `network_b:<id>`. */
      id: string;
      /** @description Canonical permalink. */
      url: string;
      /** @description Thumbnail; expires within hours. */
      coverUrl: string | null;
      authorHandle: string | null;
      authorName: string | null;
      /** @description The author's follower count as the provider reported it with the reel; null when it did not. */
      authorFollowers: number | null;
      caption: string | null;
      playCount: number;
      likeCount: number;
      commentCount: number;
      shareCount: number;
      durationSec: number | null;
      /** @description ISO 8601. */
      postedAt: string | null;
      /** @description null when the relevance pass was unavailable (degraded). */
      relevance: components['schemas']['ScanRelevanceDto'] | null;
      /** @description How far the reel outran its author's audience (`multiple`) weighted by that audience's size (`score`), with its `band`. null when `authorFollowers` is null or 0, or the reel has no plays. Never costs an extra provider call. */
      outlier: components['schemas']['ScanOutlierDto'] | null;
    };
    ScanResponseDto: {
      /** @enum {string} */
      market: 'network_a' | 'network_b';
      /** @description Short human label of what was searched. */
      niche: string;
      /** @description Search phrases actually run against the provider. */
      queries: string[];
      /** @description Ordered by play count (ties by likes) unless the request chose another `sort`. `[]` is 200 and free. */
      reels: components['schemas']['ScanReelDto'][];
      /** @description true when the relevance pass could not run: order is by traction alone and every `relevance` is null. */
      degraded: boolean;
    };
    ScanRequestDto: {
      /**
       * @description A plain-language brief: a niche, a product description, or a request naming competitors (@handles).
       * @example home espresso tips for beginners
       */
      query: string;
      /**
       * @description `auto` infers the network from the brief: Simplified Chinese or a mainland place → network_b; Traditional Chinese or Taiwan/Hong Kong/Macau → network_a; otherwise network_a.
       * @default auto
       * @enum {string}
       */
      market?: 'network_a' | 'network_b' | 'auto';
      /**
       * @description Reels to return; charged 0.007500 per reel delivered.
       * @default 20
       */
      limit?: number;
      /**
       * @description How the relevant reels are ranked before `limit` applies. `traction`: by play count, ties by likes (the default). `outlier`: by `outlier.score`, highest first, reels without one last, ties in traction order; it can bring in reels that play count alone would leave out. `relevance`: by relevance score, highest first, ties in traction order (a degraded answer has no scores and falls back to traction). The price is the same for every order.
       * @default traction
       * @enum {string}
       */
      sort?: 'traction' | 'outlier' | 'relevance';
    };
    PlaybookReelDto: {
      /**
       * @description Provider id: plain for network_a; `network_b:<id>`, `instagram:<code>`, `youtube:<id>` otherwise.
       * @example 7400000443622845792
       */
      id: string;
      /** @description Canonical permalink. */
      url: string;
      /**
       * @description Instagram and YouTube videos belong to network_a.
       * @enum {string}
       */
      market: 'network_a' | 'network_b';
      authorHandle: string | null;
      caption: string | null;
      /** @description Full runtime, seconds. */
      durationSec: number | null;
    };
    PlaybookOverviewDto: {
      /** @description What the video is. */
      summary: string;
      /** @description Who it is for. */
      audience: string;
      /** @description Seconds the document covers (same as the response field). */
      analyzedSeconds: number;
      /** @description Full runtime of the video. */
      durationSec: number | null;
      /** @description True when the video is longer than the 120 s analyzed. */
      clipped: boolean;
    };
    PlaybookHookDto: {
      /** @description The opening line or on-screen promise. */
      text: string;
      /** @description Why it holds attention. */
      why: string;
      /** @description Always 0. */
      start: number;
      /** @description End of the opening line or on-screen text (else of the first scene). */
      end: number;
    };
    PlaybookTimedTextDto: {
      /** @description Seconds from the start of the video. */
      start: number;
      end: number;
      text: string;
    };
    PlaybookTranscriptDto: {
      /** @description Language of the text (`en`, `zh-Hans`, …). Chinese speech is written in the script of the requested language; other speech as spoken. */
      language: string | null;
      /**
       * @description `platform_captions`: the platform’s own caption track; `transcription`: speech-to-text of the audio; `none`: the video has no audio.
       * @enum {string}
       */
      source: 'platform_captions' | 'transcription' | 'none';
      fullText: string;
      /** @description Timed as measured, within the span. */
      segments: components['schemas']['PlaybookTimedTextDto'][];
    };
    PlaybookSceneDto: {
      /** @description Measured cut (ffmpeg scene detection), seconds. */
      start: number;
      /** @description The next measured cut, or the end of the analyzed span. */
      end: number;
      description: string;
    };
    PlaybookOverlayDto: {
      start: number;
      end: number;
      text: string;
      /**
       * @description `platform_metadata` / `sandbox_spec`: known text with exact timing. `key_frame`: text read in a key frame (there is no OCR); its span is the scene that frame belongs to.
       * @enum {string}
       */
      source: 'platform_metadata' | 'sandbox_spec' | 'key_frame';
    };
    PlaybookPacingDto: {
      analyzedSeconds: number;
      sceneCount: number;
      averageSceneSec: number;
      cutsPerMinute: number;
      /**
       * @description Average scene < 2.5 s fast, ≤ 5 s medium, else slow.
       * @enum {string}
       */
      rhythm: 'fast' | 'medium' | 'slow';
      notes: string;
    };
    PlaybookFormatDto: {
      /** @description The repeatable format underneath this video. */
      name: string;
      description: string;
      whyItWorks: string;
    };
    PlaybookScriptLineDto: {
      /** @description When the beat happens in the original, seconds; snapped to a measured event. */
      t: number;
      line: string;
    };
    PlaybookSetupDto: {
      camera: string;
      lighting: string;
      audio: string;
      props: string[];
    };
    PlaybookEditingGuideDto: {
      /** @description Measured average scene length. */
      cutEverySec: number;
      captions: string;
      music: string;
      notes: string[];
    };
    PlaybookPlanDto: {
      script: components['schemas']['PlaybookScriptLineDto'][];
      shotList: string[];
      setup: components['schemas']['PlaybookSetupDto'];
      editingGuide: components['schemas']['PlaybookEditingGuideDto'];
      /** @description A ready-to-post caption. */
      caption: string;
      cta: string;
    };
    PlaybookExperimentDto: {
      idea: string;
      why: string;
    };
    PlaybookDocumentDto: {
      /**
       * @description Schema version, currently 2.
       * @enum {integer}
       */
      version: 2;
      /**
       * @description Every playbook is full depth.
       * @enum {string}
       */
      tier: 'full';
      overview: components['schemas']['PlaybookOverviewDto'];
      hook: components['schemas']['PlaybookHookDto'];
      transcript: components['schemas']['PlaybookTranscriptDto'];
      /** @description In order, contiguous, covering [0, analyzedSeconds]. */
      scenes: components['schemas']['PlaybookSceneDto'][];
      overlays: components['schemas']['PlaybookOverlayDto'][];
      pacing: components['schemas']['PlaybookPacingDto'];
      format: components['schemas']['PlaybookFormatDto'];
      /** @description The remake plan. */
      playbook: components['schemas']['PlaybookPlanDto'];
      experiments: components['schemas']['PlaybookExperimentDto'][];
      /** @description What would not transfer to a different brand. */
      caveats: string[];
    };
    PlaybookResponseDto: {
      reel: components['schemas']['PlaybookReelDto'];
      /**
       * @description The language the playbook is written in.
       * @enum {string}
       */
      language: 'en' | 'zh-Hans' | 'zh-Hant';
      /** @description Seconds actually watched: min(duration, 120). Nothing after it is described. */
      analyzedSeconds: number | null;
      playbook: components['schemas']['PlaybookDocumentDto'];
    };
    PlaybookRequestDto: {
      /**
       * @description Link to one video: network_a (`tiktok.com/@h/video/ID`, `vm.`/`vt.tiktok.com/CODE`, …), network_b (`douyin.com/video/ID`, `v.douyin.com/CODE/`, …), Instagram reels (`/reel/`, `/reels/`, `/p/`, `/tv/`, `/share/reel/`) or YouTube shorts (`/shorts/ID`, `youtu.be/ID`). A pasted share text containing one such link works too. Unsupported link → 400 `param: "url"`; a missing post or one without a video (photo, slides) → 404. Neither is charged.
       * @example https://www.tiktok.com/@brewwithmaya/video/7400000443622845792
       */
      url: string;
      /**
       * @description Language to write the playbook in: `en`, `zh-Hans` or `zh-Hant` (Traditional characters). Aliases, case-insensitive: `english`; `chinese`, `simplified`, `zh`, `zh-CN` → zh-Hans; `traditional`, `zh-TW`, `zh-HK` → zh-Hant. Default: `zh-Hans` for network_b videos, `en` otherwise.
       * @example en
       */
      language?: string;
    };
    MusicVideoDto: {
      /** @description The video's public id: network_b `network_b:<id>`, `instagram:<code>`, `youtube:<id>`. */
      id: string;
      /** @description Canonical permalink. */
      url: string;
      /** @description Full runtime, seconds. */
      durationSec: number;
    };
    SoundVibeDto: {
      /** @description Beats per minute read from the audio (60–200; very slow or fast tracks can read at half or double); null without a steady beat. */
      tempoBpm: number | null;
      /** @description Loudness and busyness, 0 (quiet, sparse) to 1. */
      energy: number;
      /**
       * @description The valence/arousal quadrant.
       * @enum {string}
       */
      mood: 'upbeat' | 'calm' | 'dark' | 'tense';
      /** @description Dark (0) to bright (1): mode, tonal clarity, brightness. */
      valence: number;
      /** @description Calm (0) to excited (1). */
      arousal: number;
    };
    SoundTrendDto: {
      /**
       * @description From the usage history (last quarter against first quarter: ≥ +25 % rising, ≤ −20 % fading); without a history, from chart movement; `unknown` only when the network gave neither a usage history nor a chart placement that moved (never guessed).
       * @enum {string}
       */
      direction: 'rising' | 'steady' | 'fading' | 'unknown';
      /** @description Videos using the sound, as the network reports it. */
      usageCount: number | null;
      /** @description Relative change of usage over the history: 0.35 is +35 %, −0.5 is half. null without a history, or when usage rose from zero (no ratio measures that). */
      growth: number | null;
      /** @description Momentum (60 %) and reach (40 %): the trend input of `finalScore`. */
      strength: number;
      /**
       * @description What the reading rests on.
       * @enum {string}
       */
      basis: 'usage_history' | 'chart_movement' | 'none';
      /**
       * @description The stage `POST /v1/trends` gives this sound, by the same rule on its last 14 days (window 7) in the trend history Reelscout keeps; absent when there is no history of the sound.
       * @enum {string}
       */
      stage?: 'new' | 'rising' | 'steady' | 'fading';
    };
    SoundCommercialDto: {
      /** @description In the network's commercial music library; null when the network did not say. */
      inCommercialLibrary: boolean | null;
      /** @description Cleared for brand and sponsored posts (true only for commercial-library tracks). */
      clearedForBrandUse: boolean;
      /** @description A creator's original sound rather than a released track. */
      originalSound: boolean | null;
    };
    SoundFitPartsDto: {
      /** @description Tempo against the video's cut rhythm; half and double time count. Weight 0.40. */
      tempo: number;
      /** @description Energy against the video's audio and pace. Weight 0.25. */
      energy: number;
      /** @description Valence/arousal distance to the video's own audio. Weight 0.20. */
      mood: number;
      /** @description Usable slice against the video's length. Weight 0.15. */
      length: number;
    };
    SoundFitDto: {
      /** @description Weighted sum of `parts`. */
      score: number;
      /** @description The deciding reasons, in plain words. */
      why: string;
      /** @description Each ingredient of the score, 0..1 (0.5 where the data to judge it is missing). */
      parts: components['schemas']['SoundFitPartsDto'];
    };
    SoundSuggestionDto: {
      /** @description Sound id; network_b ids are `network_b:<id>`. */
      soundId: string;
      title: string | null;
      /** @description Track artist or original creator. */
      author: string | null;
      /** @description Artwork; expires. */
      coverUrl: string | null;
      /** @description Streamable audio; expires, usually within hours. */
      previewUrl: string | null;
      /** @description Link to the sound on its platform (the name is the same on both networks). */
      tiktokUrl: string;
      /** @description Full track length, seconds. */
      durationSec: number | null;
      /** @description Slice usable in an edit, seconds. */
      shootDurationSec: number | null;
      /** @description Reading of the sound's own audio. */
      vibe: components['schemas']['SoundVibeDto'] | null;
      trend: components['schemas']['SoundTrendDto'];
      commercial: components['schemas']['SoundCommercialDto'];
      fit: components['schemas']['SoundFitDto'];
      /** @description 0.85 × fit.score + 0.15 × trend.strength: the ranking key. A fit lead above 0.18 always wins, whatever the trends. */
      finalScore: number;
      /** @description Caveats, never errors. */
      warnings: string[];
    };
    MusicResponseDto: {
      /**
       * @description Catalogue searched, from the video's network (Instagram and YouTube → network_a).
       * @enum {string}
       */
      market: 'network_a' | 'network_b';
      video: components['schemas']['MusicVideoDto'];
      /** @description Best first (by `finalScore`), at most `limit`. `[]` is 200 and free. */
      suggestions: components['schemas']['SoundSuggestionDto'][];
      /** @description How many sounds were scored. */
      considered: number;
      /** @description Notes about the run: a thin pool, cache share, sounds left out. */
      notes: string[];
    };
    MusicRequestDto: {
      /**
       * @description Link to the video to match sounds against: a network_a or network_b video, an Instagram reel or a YouTube short (both matched against network_a's catalogue); short share links and pasted share texts that contain one link work too. Unsupported link → 400 (`param: "url"`); a valid link to a missing post or to a post without a video → 404 `not_found`.
       * @example https://www.tiktok.com/@brewwithmaya/video/7400000443622845792
       */
      url: string;
      /**
       * @description Suggestions to return, best first. Does not change the price.
       * @default 10
       */
      limit?: number;
      /**
       * @description Only tracks in the network's commercial music library (cleared for brand posts).
       * @default false
       */
      requireCommercial?: boolean;
    };
    TrendPointDto: {
      /**
       * @description UTC date, YYYY-MM-DD.
       * @example 2026-03-01
       */
      date: string;
      /** @description The day’s value (see `source`); null: no observation that day (never invented). */
      value: number | null;
    };
    TrendItemDto: {
      /** @description Sounds: the sound id as music returns it (plain on network_a, `network_b:<id>` on network_b); hashtags likewise. */
      id: string;
      /** @description Sounds: the title. */
      title?: string | null;
      /** @description Hashtags: the name, without `#`. */
      name?: string | null;
      /** @description Sounds: the artist. */
      author?: string | null;
      /** @description The item on its network. */
      url: string | null;
      /** @description Cover image; may expire. */
      coverUrl: string | null;
      /** @description Sounds: in the network's commercial music library; null when unknown. */
      commercial?: boolean | null;
      /**
       * @description From `history` by the rule above.
       * @enum {string}
       */
      stage: 'new' | 'rising' | 'steady' | 'fading';
      /** @description Σ values of the last `window` days of `history`. */
      current: number;
      /** @description Σ values of the `window` days before. */
      previous: number;
      /** @description `current / previous` rounded to 2 decimals; null when `previous` is 0. */
      growth: number | null;
      /** @description Chart rank on `asOf`; null when not ranked that day. */
      rank: number | null;
      /** @description Rank `window` days before `asOf` minus rank on `asOf` (positive: climbed); null when either is unknown. */
      rankChange: number | null;
      /**
       * @description `counts`: a day's value is the uses (views, for hashtags) gained that day; `curve`: the provider's own popularity value.
       * @enum {string}
       */
      source: 'counts' | 'curve';
      /** @description One point per day for the `2 × window` days ending at `asOf`, oldest first. */
      history: components['schemas']['TrendPointDto'][];
    };
    TrendsResponseDto: {
      /** @enum {string} */
      market: 'network_a' | 'network_b';
      /** @enum {string} */
      kind: 'sounds' | 'hashtags';
      /** @enum {number} */
      window: 7 | 30;
      /**
       * @description The last day of `history` (UTC): the latest day observed, never after today.
       * @example 2026-03-01
       */
      asOf: string;
      items: components['schemas']['TrendItemDto'][];
      /** @description Plain-language remarks: history that ends before today, thin coverage. */
      notes: string[];
    };
    TrendsRequestDto: {
      /**
       * @description Sounds or hashtags.
       * @enum {string}
       */
      kind: 'sounds' | 'hashtags';
      /**
       * @description The network whose charts are read.
       * @enum {string}
       */
      market: 'network_a' | 'network_b';
      /**
       * @description Days in each half of the comparison; `history` holds `2 × window` days.
       * @default 7
       * @enum {number}
       */
      window?: 7 | 30;
      /** @description Only items in any of these stages (default: every stage). */
      stage?: ('new' | 'rising' | 'steady' | 'fading')[];
      /**
       * @description Sounds only: only tracks in the network's commercial music library. With `kind: hashtags` → 400.
       * @default false
       */
      commercialOnly?: boolean;
      /**
       * @description `growth`: `new` items first (by `current`), then by `growth`; `volume`: by `current`. Ties by id.
       * @default growth
       * @enum {string}
       */
      sort?: 'growth' | 'volume';
      /**
       * @description Items to return. Does not change the price.
       * @default 20
       */
      limit?: number;
    };
    AccountResponseDto: {
      /** Format: uuid */
      id: string;
      /** @example ada@example.com */
      email: string;
      /** @description `false`: no API settings and no key routes (403). */
      apiAccess: boolean;
      /** @description May create invites. */
      isAdmin: boolean;
      /** Format: date-time */
      createdAt: string;
    };
    SignInDto: {
      /** @example ada@example.com */
      email: string;
      password: string;
    };
    SignInResponseDto: {
      account: components['schemas']['AccountResponseDto'];
    };
    SignUpDto: {
      /** @description The token from the invite link (the last path segment). */
      token: string;
      /** @example ada@example.com */
      email: string;
      password: string;
    };
    SignUpResponseDto: {
      account: components['schemas']['AccountResponseDto'];
    };
    SignOutResponseDto: {
      /** @enum {boolean} */
      signedOut: true;
    };
    SessionResponseDto: {
      signedIn: boolean;
      account: components['schemas']['AccountResponseDto'] | null;
    };
    InviteInspectResponseDto: {
      /** @enum {string} */
      state: 'valid' | 'expired' | 'used' | 'unknown';
      /** @description The address the invite is bound to; only while it is `valid`. */
      email: string | null;
    };
    PasswordResetRequestDto: {
      email: string;
      /**
       * @description The language of the e-mail: the dashboard sends the one it is shown in.
       * @default en
       * @enum {string}
       */
      locale?: 'en' | 'zh-Hans';
    };
    PasswordResetRequestResponseDto: {
      /** @enum {boolean} */
      accepted: true;
    };
    PasswordResetConfirmDto: {
      token: string;
      password: string;
    };
    PasswordResetConfirmResponseDto: {
      /** @enum {boolean} */
      reset: true;
    };
    InviteCreateDto: {
      /** @description Only this address may use the invite. */
      email?: string;
      /**
       * @description The new account gets API access.
       * @default false
       */
      apiAccess?: boolean;
    };
    InviteCreateResponseDto: {
      /** Format: uuid */
      id: string;
      /** @description The sign-up link, carrying the invite token; shown once. */
      url: string;
      /** Format: date-time */
      expiresAt: string;
      /** @description Only this address may use it. */
      email: string | null;
      grantsApiAccess: boolean;
    };
    KeyLimitsResponseDto: {
      /** @example 50000000 */
      totalMicros: number | null;
      /** @example 5000000 */
      dailyMicros: number | null;
      /** @example null */
      monthlyMicros: number | null;
    };
    SubjectLimitsResponseDto: {
      /** @example 1000000 */
      dailyMicros: number | null;
      /** @example null */
      monthlyMicros: number | null;
    };
    KeySpendResponseDto: {
      /**
       * @description Micro-USD charged in all.
       * @example 1250000
       */
      totalMicros: number;
      /**
       * @description This UTC day.
       * @example 150000
       */
      dailyMicros: number;
      /**
       * @description This UTC month.
       * @example 900000
       */
      monthlyMicros: number;
    };
    ApiKeyResponseDto: {
      /** Format: uuid */
      id: string;
      /** @example production server */
      name: string;
      /** @enum {string} */
      mode: 'live' | 'test';
      /**
       * @description The prefix and first characters, for recognising the key; the rest is never stored.
       * @example rs_test_AbCd…
       */
      start: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      lastUsedAt: string | null;
      /**
       * Format: date-time
       * @description May lie in the future: a rolled key works until then (`expiring`).
       */
      revokedAt: string | null;
      /**
       * @description `expiring`: rolled, working until `revokedAt`; `expired`: past `expiresAt` or its grace period.
       * @enum {string}
       */
      status: 'active' | 'expiring' | 'expired' | 'revoked';
      limits: components['schemas']['KeyLimitsResponseDto'];
      /** @description The operations the key may call; null: all. */
      operations: ('assist' | 'scan' | 'playbook' | 'music' | 'trends')[] | null;
      /** Format: date-time */
      expiresAt: string | null;
      /** @description This key's per-subject limits; a null field: the account's applies. */
      subjectLimits: components['schemas']['SubjectLimitsResponseDto'];
      /**
       * Format: uuid
       * @description The key this one was rolled from.
       */
      rolledFrom: string | null;
      /** @description What the key has charged. */
      spend: components['schemas']['KeySpendResponseDto'];
    };
    ApiKeyListResponseDto: {
      keys: components['schemas']['ApiKeyResponseDto'][];
    };
    KeyLimitsDto: {
      /**
       * @description Lifetime spend limit of the key. Micro-USD (1 USD = 1 000 000); null: no limit.
       * @example 5000000
       */
      totalMicros?: number | null;
      /**
       * @description Spend limit per UTC day. Micro-USD (1 USD = 1 000 000); null: no limit.
       * @example 5000000
       */
      dailyMicros?: number | null;
      /**
       * @description Spend limit per UTC month. Micro-USD (1 USD = 1 000 000); null: no limit.
       * @example 5000000
       */
      monthlyMicros?: number | null;
    };
    SubjectLimitsDto: {
      /**
       * @description Spend limit per end customer (`x-subject`) per UTC day. Micro-USD (1 USD = 1 000 000); null: no limit.
       * @example 5000000
       */
      dailyMicros?: number | null;
      /**
       * @description Spend limit per end customer (`x-subject`) per UTC month. Micro-USD (1 USD = 1 000 000); null: no limit.
       * @example 5000000
       */
      monthlyMicros?: number | null;
    };
    ApiKeyCreateDto: {
      /** @description Spend limits of the key; a field left out is unchanged (none on create). */
      limits?: components['schemas']['KeyLimitsDto'] | null;
      /**
       * @description The operations the key may call (`403 operation_not_allowed` for others); null: all.
       * @example [
       *       "assist",
       *       "scan"
       *     ]
       */
      operations?: ('assist' | 'scan' | 'playbook' | 'music' | 'trends')[] | null;
      /**
       * Format: date-time
       * @description When the key stops working (401, like a revoked key); in the future. null: never.
       * @example 2026-12-31T00:00:00Z
       */
      expiresAt?: string | null;
      /** @description Per end customer (`x-subject`) limits for this key's calls, overriding the account's. */
      subjectLimits?: components['schemas']['SubjectLimitsDto'] | null;
      /** @example production server */
      name: string;
      /**
       * @description `test` keys use the sandbox and the test balance.
       * @enum {string}
       */
      mode: 'live' | 'test';
    };
    ApiKeyCreateResponseDto: {
      /** Format: uuid */
      id: string;
      /** @example production server */
      name: string;
      /** @enum {string} */
      mode: 'live' | 'test';
      /**
       * @description The prefix and first characters, for recognising the key; the rest is never stored.
       * @example rs_test_AbCd…
       */
      start: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      lastUsedAt: string | null;
      /**
       * Format: date-time
       * @description May lie in the future: a rolled key works until then (`expiring`).
       */
      revokedAt: string | null;
      /**
       * @description `expiring`: rolled, working until `revokedAt`; `expired`: past `expiresAt` or its grace period.
       * @enum {string}
       */
      status: 'active' | 'expiring' | 'expired' | 'revoked';
      limits: components['schemas']['KeyLimitsResponseDto'];
      /** @description The operations the key may call; null: all. */
      operations: ('assist' | 'scan' | 'playbook' | 'music' | 'trends')[] | null;
      /** Format: date-time */
      expiresAt: string | null;
      /** @description This key's per-subject limits; a null field: the account's applies. */
      subjectLimits: components['schemas']['SubjectLimitsResponseDto'];
      /**
       * Format: uuid
       * @description The key this one was rolled from.
       */
      rolledFrom: string | null;
      /** @description What the key has charged. */
      spend: components['schemas']['KeySpendResponseDto'];
      /** @description The key itself: shown once, here, and never again. Only its hash is stored. */
      key: string;
    };
    KeyAuditEntryResponseDto: {
      /** Format: uuid */
      id: string;
      /**
       * @description `account`: the signed-in account (dashboard); `operator`: the operator CLI.
       * @enum {string}
       */
      actor: 'account' | 'operator';
      /** @enum {string} */
      action: 'create' | 'update' | 'roll' | 'revoke' | 'subject_limits';
      /** @description The changed fields before the change (null for a create). */
      before: {
        [key: string]: unknown;
      } | null;
      /** @description The changed fields after it. */
      after: {
        [key: string]: unknown;
      } | null;
      /** Format: date-time */
      createdAt: string;
    };
    ApiKeyDetailResponseDto: {
      /** Format: uuid */
      id: string;
      /** @example production server */
      name: string;
      /** @enum {string} */
      mode: 'live' | 'test';
      /**
       * @description The prefix and first characters, for recognising the key; the rest is never stored.
       * @example rs_test_AbCd…
       */
      start: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      lastUsedAt: string | null;
      /**
       * Format: date-time
       * @description May lie in the future: a rolled key works until then (`expiring`).
       */
      revokedAt: string | null;
      /**
       * @description `expiring`: rolled, working until `revokedAt`; `expired`: past `expiresAt` or its grace period.
       * @enum {string}
       */
      status: 'active' | 'expiring' | 'expired' | 'revoked';
      limits: components['schemas']['KeyLimitsResponseDto'];
      /** @description The operations the key may call; null: all. */
      operations: ('assist' | 'scan' | 'playbook' | 'music' | 'trends')[] | null;
      /** Format: date-time */
      expiresAt: string | null;
      /** @description This key's per-subject limits; a null field: the account's applies. */
      subjectLimits: components['schemas']['SubjectLimitsResponseDto'];
      /**
       * Format: uuid
       * @description The key this one was rolled from.
       */
      rolledFrom: string | null;
      /** @description What the key has charged. */
      spend: components['schemas']['KeySpendResponseDto'];
      /** @description Newest first. */
      audit: components['schemas']['KeyAuditEntryResponseDto'][];
    };
    ApiKeyUpdateDto: {
      /** @description Spend limits of the key; a field left out is unchanged (none on create). */
      limits?: components['schemas']['KeyLimitsDto'] | null;
      /**
       * @description The operations the key may call (`403 operation_not_allowed` for others); null: all.
       * @example [
       *       "assist",
       *       "scan"
       *     ]
       */
      operations?: ('assist' | 'scan' | 'playbook' | 'music' | 'trends')[] | null;
      /**
       * Format: date-time
       * @description When the key stops working (401, like a revoked key); in the future. null: never.
       * @example 2026-12-31T00:00:00Z
       */
      expiresAt?: string | null;
      /** @description Per end customer (`x-subject`) limits for this key's calls, overriding the account's. */
      subjectLimits?: components['schemas']['SubjectLimitsDto'] | null;
      /** @example production server */
      name?: string;
    };
    ApiKeyRollDto: {
      /**
       * @description How long the old key keeps working: 0 (not at all), 3600 (1 h), 86400 (24 h) or 604800 (7 days).
       * @example 86400
       * @enum {integer}
       */
      graceSeconds: 0 | 3600 | 86400 | 604800;
    };
    RolledApiKeyResponseDto: {
      /** @description The new key, with the same settings; `key` is shown once, here. */
      created: components['schemas']['ApiKeyCreateResponseDto'];
      /** @description The old key: `expiring` until `revokedAt`, or `expired` with no grace. */
      previous: components['schemas']['ApiKeyResponseDto'];
    };
    SubjectLimitsUpdateDto: {
      /**
       * @description Spend limit per end customer (`x-subject`) per UTC day. Micro-USD (1 USD = 1 000 000); null: no limit.
       * @example 5000000
       */
      dailyMicros?: number | null;
      /**
       * @description Spend limit per end customer (`x-subject`) per UTC month. Micro-USD (1 USD = 1 000 000); null: no limit.
       * @example 5000000
       */
      monthlyMicros?: number | null;
    };
    UsageBucketDto: {
      /**
       * Format: date-time
       * @example 2026-11-01T00:00:00.000Z
       */
      start: string;
      /**
       * Format: date-time
       * @description Exclusive.
       * @example 2026-11-02T00:00:00.000Z
       */
      end: string;
      /**
       * @description With `group_by=operation`.
       * @enum {string}
       */
      operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
      /** @description With `group_by=subject`; null: calls without `x-subject`. */
      subject?: string | null;
      /**
       * Format: uuid
       * @description With `group_by=key`; null: runs in the dashboard (no key).
       */
      key_id?: string | null;
      /**
       * @description Calls recorded, charged or not.
       * @example 42
       */
      calls: number;
      /**
       * @description Calls charged more than zero.
       * @example 30
       */
      charged_calls: number;
      /**
       * @description What those calls were charged, USD with six decimals (like the billing headers).
       * @example 2.250000
       */
      charged_usd: string;
      /**
       * @description Calls answered with an error (4xx or 5xx); never charged.
       * @example 3
       */
      refused_calls: number;
    };
    UsageListDto: {
      /** @enum {string} */
      object: 'list';
      data: components['schemas']['UsageBucketDto'][];
      has_more: boolean;
      /** @description Pass as `cursor` for the next page. */
      next_cursor: string | null;
    };
    UsageResponseDto: {
      /** @example 2071 */
      id: string;
      /** @description The call's `x-request-id`. */
      requestId: string;
      /** Format: date-time */
      createdAt: string;
      /** @example scan */
      operation: string;
      /** @enum {string} */
      mode: 'live' | 'test';
      /** @description The `x-subject` header, if sent. */
      subject: string | null;
      /** @example network_a */
      market: string | null;
      /**
       * @description The HTTP status answered.
       * @example 200
       */
      status: number;
      /**
       * @description The error code of a failed call.
       * @example insufficient_credit
       */
      errorCode: string | null;
      /**
       * @description Micro-USD charged; 0 for a failed call.
       * @example 37500
       */
      chargedMicros: number;
      /** @example 1840 */
      durationMs: number;
      /**
       * Format: uuid
       * @description The key the call was made with; null for a dashboard run.
       */
      keyId: string | null;
      /**
       * @description `api`: made with a key; `dashboard`: a playground run in the dashboard (no key).
       * @enum {string}
       */
      source: 'api' | 'dashboard';
    };
    UsageGroupResponseDto: {
      /**
       * @description The key id (`group_by=key`) or the subject; null: calls without one.
       * @example customer-42
       */
      group: string | null;
      /**
       * @description `group_by=key`: the key's label.
       * @example production server
       */
      keyName: string | null;
      /**
       * @description `group_by=key`: the key's display start.
       * @example rs_live_AbCd…
       */
      keyStart: string | null;
      /**
       * @description Calls made, charged or not.
       * @example 12
       */
      calls: number;
      /**
       * @description Micro-USD charged.
       * @example 450000
       */
      chargedMicros: number;
    };
    UsagePageResponseDto: {
      items: components['schemas']['UsageResponseDto'][];
      /** @description With `group_by`: every matching call grouped by key or subject, most charged first; otherwise null. */
      groups: components['schemas']['UsageGroupResponseDto'][] | null;
      /** @description Pass back as `cursor` for the next page; `null` on the last page. */
      nextCursor: string | null;
    };
    DailySpendResponseDto: {
      /**
       * Format: date
       * @description A UTC day.
       * @example 2025-11-03
       */
      day: string;
      /** @example scan */
      operation: string;
      /**
       * @description Micro-USD charged.
       * @example 112500
       */
      chargedMicros: number;
      /**
       * @description Calls made, charged or not.
       * @example 3
       */
      calls: number;
    };
    DailySpendListResponseDto: {
      days: components['schemas']['DailySpendResponseDto'][];
    };
    BalanceResponseDto: {
      /**
       * @description Micro-USD credited and not yet charged.
       * @example 25000000
       */
      balance: number;
      /**
       * @description Micro-USD held by calls still running.
       * @example 0
       */
      held: number;
      /**
       * @description Micro-USD a new call may hold: `balance - held`.
       * @example 25000000
       */
      available: number;
    };
    ModeBalancesResponseDto: {
      /** @description Bought credit, for `rs_live_` keys. */
      live: components['schemas']['BalanceResponseDto'];
      /** @description Free credit, for `rs_test_` keys. */
      test: components['schemas']['BalanceResponseDto'];
    };
    ModeSpendResponseDto: {
      /**
       * @description Micro-USD charged to the live balance.
       * @example 112500
       */
      live: number;
      /**
       * @description Micro-USD charged to the test balance.
       * @example 37500
       */
      test: number;
    };
    LivePurchasesResponseDto: {
      /** @description `false` when payments are not configured on this deployment. */
      available: boolean;
      /** @description Why live credit cannot be bought; `null` while `available`. */
      reason: string | null;
    };
    LiveSuspensionResponseDto: {
      /**
       * @description Micro-USD a refund or a lost dispute took back after it was spent or held. While above 0, live calls are refused with 402 `credit_shortfall`; added live credit pays it first.
       * @example 0
       */
      shortfallMicros: number;
      /**
       * @description Disputes of live purchases still open. While above 0, live calls are refused with 402 `payment_disputed`.
       * @example 0
       */
      openDisputes: number;
    };
    CreditLimitsResponseDto: {
      /**
       * @description Smallest live purchase.
       * @example 5.00
       */
      min: string;
      /**
       * @description Largest live purchase.
       * @example 1000.00
       */
      max: string;
      /**
       * @description Most test credit added at a time.
       * @example 100.00
       */
      testMax: string;
    };
    CreditOverviewResponseDto: {
      balances: components['schemas']['ModeBalancesResponseDto'];
      /** @description Charged since the start of the current UTC month. */
      spendThisMonth: components['schemas']['ModeSpendResponseDto'];
      livePurchases: components['schemas']['LivePurchasesResponseDto'];
      liveSuspension: components['schemas']['LiveSuspensionResponseDto'];
      /**
       * @description The purchase amounts the dashboard offers, in decimal USD.
       * @example [
       *       "10.00",
       *       "25.00",
       *       "50.00",
       *       "100.00"
       *     ]
       */
      presetsUsd: string[];
      limitsUsd: components['schemas']['CreditLimitsResponseDto'];
    };
    CheckoutCreateDto: {
      /**
       * @description USD, 5.00 to 1000.00, at most two decimals.
       * @example 25.00
       */
      amountUsd: string;
    };
    CheckoutCreateResponseDto: {
      /**
       * @description The Checkout session id; `GET /account/credit/checkout/{id}` tells how it ended.
       * @example cs_test_a1b2c3
       */
      id: string;
      /** @description Stripe's hosted payment page for this purchase. */
      url: string;
    };
    CheckoutStatusResponseDto: {
      /**
       * @description `open` until Stripe's webhook says how the checkout ended: `paid` (credited), `failed` (a delayed payment was refused) or `expired` (never paid); the last two charged and credited nothing.
       * @enum {string}
       */
      status: 'open' | 'paid' | 'failed' | 'expired';
      /**
       * @description The purchase, in micro-USD.
       * @example 25000000
       */
      amountMicros: number;
      /**
       * @description The live balance now, in micro-USD.
       * @example 25000000
       */
      liveBalanceMicros: number;
    };
    TestCreditDto: {
      /**
       * @description USD; default 10.00.
       * @example 10.00
       */
      amountUsd?: string;
    };
    TestCreditResponseDto: {
      /**
       * @description The test balance after the grant, in micro-USD.
       * @example 25000000
       */
      balanceMicros: number;
    };
    JobListDto: {
      /** @enum {string} */
      object: 'list';
      data: components['schemas']['JobDto'][];
      has_more: boolean;
    };
    UsageRecordDto: {
      /** @description The call's `x-request-id`. */
      request_id: string;
      /** @description The job the call ran as, if any. */
      job_id: string | null;
      /** Format: date-time */
      created_at: string;
      /** @enum {string} */
      operation: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
      /** @example network_a */
      market: string | null;
      subject: string | null;
      /** Format: uuid */
      key_id: string | null;
      /**
       * @description The HTTP status answered.
       * @example 200
       */
      status: number;
      /** @example 0.075000 */
      charged_usd: string;
      /** @example 1840 */
      duration_ms: number;
    };
    UsageRecordListDto: {
      /** @enum {string} */
      object: 'list';
      data: components['schemas']['UsageRecordDto'][];
      has_more: boolean;
      /** @description Pass as `cursor` for the next page. */
      next_cursor: string | null;
    };
    CreateWebhookEndpointDto: {
      /**
       * @description Where events are POSTed. Live mode: https, a public address. Test mode may also use http and loopback (`http://localhost:3000/…`).
       * @example https://example.com/webhooks/reelscout
       */
      url: string;
      /** @description The events to receive; when left out, the job events (`job.*`): watch events (`watch.*`) go only to endpoints that name them. */
      events?: (
        | 'job.succeeded'
        | 'job.failed'
        | 'job.canceled'
        | 'watch.new_reels'
        | 'watch.paused'
        | 'creator.new_posts'
        | 'creator.outlier_post'
      )[];
    };
    CreatedWebhookEndpointResponseDto: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'webhook_endpoint';
      url: string;
      events: (
        | 'job.succeeded'
        | 'job.failed'
        | 'job.canceled'
        | 'watch.new_reels'
        | 'watch.paused'
        | 'creator.new_posts'
        | 'creator.outlier_post'
      )[];
      /** @enum {string} */
      status: 'enabled' | 'disabled';
      disabled_reason: string | null;
      /** Format: date-time */
      failing_since: string | null;
      livemode: boolean;
      /** Format: date-time */
      created_at: string;
      /**
       * @description The signing secret (Standard Webhooks): shown here, in the create and rotate answers, and never again.
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret: string;
    };
    WebhookEndpointResponseDto: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'webhook_endpoint';
      url: string;
      events: (
        | 'job.succeeded'
        | 'job.failed'
        | 'job.canceled'
        | 'watch.new_reels'
        | 'watch.paused'
        | 'creator.new_posts'
        | 'creator.outlier_post'
      )[];
      /** @enum {string} */
      status: 'enabled' | 'disabled';
      disabled_reason: string | null;
      /** Format: date-time */
      failing_since: string | null;
      livemode: boolean;
      /** Format: date-time */
      created_at: string;
    };
    WebhookEndpointListResponseDto: {
      /** @enum {string} */
      object: 'list';
      data: components['schemas']['WebhookEndpointResponseDto'][];
      has_more: boolean;
    };
    UpdateWebhookEndpointDto: {
      url?: string;
      events?: (
        | 'job.succeeded'
        | 'job.failed'
        | 'job.canceled'
        | 'watch.new_reels'
        | 'watch.paused'
        | 'creator.new_posts'
        | 'creator.outlier_post'
      )[];
      /**
       * @description `enabled` also clears the failing state of an endpoint the service disabled.
       * @enum {string}
       */
      status?: 'enabled' | 'disabled';
    };
    DeletedWebhookEndpointResponseDto: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'webhook_endpoint';
      /** @enum {boolean} */
      deleted: true;
    };
    WebhookDeliveryAttemptResponseDto: {
      attempt: number;
      /** Format: date-time */
      attempted_at: string;
      /** @description The receiver’s status; null when it did not answer. */
      status_code: number | null;
      latency_ms: number;
      /** @example timed out after 10000 ms */
      error: string | null;
    };
    WebhookDeliveryResponseDto: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'webhook_delivery';
      /** Format: uuid */
      endpoint_id: string;
      /**
       * @description `webhook-id`.
       * @example msg_2f1c9e0b7a6d4c3b8e5f1a2b3c4d5e6f
       */
      message_id: string;
      /** @example job.succeeded */
      event_type: string;
      job_id: string | null;
      /** @enum {string} */
      status: 'pending' | 'succeeded' | 'failed';
      attempt_count: number;
      /** Format: date-time */
      next_attempt_at: string | null;
      last_status_code: number | null;
      /**
       * @description Why it ended without being sent: `backlog_full`, the account already had `WEBHOOK_MAX_PENDING_PER_ACCOUNT` pending deliveries in this mode when the event was written (the job stays readable with `GET /v1/jobs/{id}`; redeliver to send it). Null otherwise.
       * @enum {string|null}
       */
      failure_reason: 'backlog_full' | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      finished_at: string | null;
      attempts: components['schemas']['WebhookDeliveryAttemptResponseDto'][];
    };
    WebhookDeliveryListResponseDto: {
      /** @enum {string} */
      object: 'list';
      data: components['schemas']['WebhookDeliveryResponseDto'][];
      has_more: boolean;
    };
    BalanceDto: {
      /**
       * @example balance
       * @enum {string}
       */
      object: 'balance';
      /**
       * @description true for an `rs_live_` key (bought credit), false for `rs_test_` (test credit).
       * @example false
       */
      livemode: boolean;
      /**
       * @description USD credited and not yet charged, six decimals.
       * @example 12.500000
       */
      balance_usd: string;
      /**
       * @description USD a new call may hold: `balance_usd` less what calls still running hold. A call whose price does not fit is refused with 402 `insufficient_credit`.
       * @example 12.400000
       */
      available_usd: string;
    };
    LedgerEntryResponseDto: {
      /** @example 1042 */
      id: string;
      /** @enum {string} */
      mode: 'live' | 'test';
      /**
       * @description `purchase`, `grant`, `charge`, `refund` (credit given back to you) or `adjustment`; and, negative, `payment_refund` (a refunded purchase taken back), `chargeback` (a lost dispute taken back) or `shortfall_payment` (added credit paying what a refund or dispute could not take back).
       * @example charge
       */
      kind: string;
      /**
       * @description Micro-USD; negative for a charge, a payment_refund, a chargeback or a shortfall_payment.
       * @example -37500
       */
      amountMicros: number;
      /**
       * @description The mode's balance after this entry, in micro-USD.
       * @example 24962500
       */
      balanceAfterMicros: number;
      /**
       * @description The operation a charge paid for.
       * @example scan
       */
      operation: string | null;
      /** @description The charged call's `x-request-id`. */
      requestId: string | null;
      /** @example test credit from the dashboard */
      reason: string | null;
      /** Format: date-time */
      createdAt: string;
    };
    LedgerPageResponseDto: {
      items: components['schemas']['LedgerEntryResponseDto'][];
      /** @description Pass back as `cursor` for the next page; `null` on the last page. */
      nextCursor: string | null;
    };
    PlaygroundRunDto: {
      /**
       * @example scan
       * @enum {string}
       */
      operation: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
      /**
       * @description Exactly the body of `POST /v1/<operation>`, validated the same way; an invalid field is 400 `invalid_request` with `param` prefixed `input.` (`input.limit`).
       * @example {
       *       "query": "latte art at home",
       *       "limit": 5
       *     }
       */
      input:
        | components['schemas']['AssistRequestDto']
        | components['schemas']['ScanRequestDto']
        | components['schemas']['PlaybookRequestDto']
        | components['schemas']['MusicRequestDto']
        | components['schemas']['TrendsRequestDto'];
      /**
       * @description Live mode only, and required there: the most the run can cost (USD, six decimals), as the dashboard showed it: `0.010000` assist, `0.007500` × `limit` scan (`0.150000` for 20), `0.200000` playbook, `0.250000` music, `0.050000` trends. Any other value is 400 `price_confirmation_required`, nothing charged. Ignored in test mode.
       * @example 0.150000
       */
      confirm_price_usd?: string;
    };
    CreateWatchDto: {
      /**
       * @description `niche`: a saved scan of `query`. `creator`: follows one creator (`creator`), recording follower snapshots and new posts against the creator’s median.
       * @default niche
       * @enum {string}
       */
      kind?: 'niche' | 'creator';
      /**
       * @description A creator watch’s creator: a profile link (`https://www.tiktok.com/@handle`, `https://www.douyin.com/user/<id>`) or an `@handle` (then `market` is required). Required for `kind: "creator"`, not allowed otherwise.
       * @example @brewwithmaya
       */
      creator?: string;
      /**
       * @description A creator watch flags a new post as an outlier when its plays are at least this many times the median of the creator’s newest 30 known posts.
       * @default 2
       */
      outlier_multiple?: number;
      /**
       * @description The brief each run scans, as `query` of `POST /v1/scan`. Required for a niche watch, not allowed for a creator watch.
       * @example home espresso tips for beginners
       */
      query?: string;
      /**
       * @default auto
       * @enum {string}
       */
      market?: 'network_a' | 'network_b' | 'auto';
      /**
       * @description Reels each run's scan considers (and the most one run can deliver and charge).
       * @default 20
       */
      limit?: number;
      /**
       * @description How often it runs: every hour or every day, counted from its creation.
       * @enum {string}
       */
      interval: 'hourly' | 'daily';
      /** @description Deliver only reels whose `outlier.score` is at least this; reels without a score are left out. */
      min_outlier_score?: number;
      /**
       * @description The order of the scan each run makes, as `sort` of `POST /v1/scan`.
       * @enum {string}
       */
      sort?: 'traction' | 'outlier' | 'relevance';
    };
    CreatorResponseDto: {
      /** @enum {string} */
      market: 'network_a' | 'network_b';
      handle: string | null;
      name: string | null;
      /** @description The profile link. */
      url: string;
    };
    WatchRunResponseDto: {
      /** @description The run's job (`GET /v1/jobs/{id}`). */
      job_id: string;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      finished_at: string | null;
      /** @description New reels it delivered (and charged); null until it has succeeded. */
      new_reels: number | null;
      /** @example 0.015000 */
      charged_usd: string | null;
    };
    WatchResponseDto: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'watch';
      /** @enum {string} */
      kind: 'niche' | 'creator';
      /** @description A creator watch’s creator; null for a niche watch. */
      creator: components['schemas']['CreatorResponseDto'] | null;
      /** @description null for a niche watch. */
      outlier_multiple: number | null;
      /** @description A niche watch’s brief; a creator watch’s creator as `@handle`. */
      query: string;
      /** @enum {string} */
      market: 'network_a' | 'network_b' | 'auto';
      limit: number;
      /** @enum {string} */
      interval: 'hourly' | 'daily';
      min_outlier_score: number | null;
      /** @enum {string|null} */
      sort: 'traction' | 'outlier' | 'relevance' | null;
      /** @enum {string} */
      status: 'active' | 'paused';
      /**
       * @description Why the service paused it: a run could not pay (`insufficient_credit`, or a spend limit of its key or subject), or no key of its key line (its key and the keys rolled from it) can still run scans (`key_unusable`), or the account has lost API access (`access_revoked`), or a creator watch’s creator went private or was deleted (`creator_unavailable`). null otherwise.
       * @enum {string|null}
       */
      status_reason:
        | 'insufficient_credit'
        | 'key_spend_limit_reached'
        | 'subject_spend_limit_reached'
        | 'key_unusable'
        | 'access_revoked'
        | 'creator_unavailable'
        | null;
      /**
       * Format: date-time
       * @description null while paused.
       */
      next_run_at: string | null;
      /** Format: date-time */
      created_at: string;
      livemode: boolean;
      /** @description Its latest run; null before the first. */
      last_run: components['schemas']['WatchRunResponseDto'] | null;
    };
    WatchListResponseDto: {
      /** @enum {string} */
      object: 'list';
      data: components['schemas']['WatchResponseDto'][];
      has_more: boolean;
    };
    UpdateWatchDto: {
      /**
       * @description `paused` stops its runs; `active` resumes them, the next one an interval from now.
       * @enum {string}
       */
      status?: 'active' | 'paused';
      /**
       * @description The next run moves to an interval from now.
       * @enum {string}
       */
      interval?: 'hourly' | 'daily';
      /** @description `null` removes the minimum. */
      min_outlier_score?: number | null;
      /** @description A creator watch’s outlier threshold (from its next run on). */
      outlier_multiple?: number;
    };
    CreatorSnapshotResponseDto: {
      /** Format: date-time */
      at: string;
      followers: number | null;
      /** @description Likes over all the creator’s posts. */
      likes: number | null;
      videos: number | null;
      /** @description From the previous snapshot; null on the first. */
      followersDelta: number | null;
      likesDelta: number | null;
      videosDelta: number | null;
    };
    CreatorSnapshotListResponseDto: {
      /** @enum {string} */
      object: 'list';
      data: components['schemas']['CreatorSnapshotResponseDto'][];
      has_more: boolean;
    };
    CreatorPostResponseDto: {
      /** @description Plain on network_a, `network_b:<id>` on network_b (as scan’s reels). */
      id: string;
      url: string;
      caption: string | null;
      /** Format: date-time */
      postedAt: string | null;
      playCount: number | null;
      likeCount: number | null;
      commentCount: number | null;
      shareCount: number | null;
      /** @description Plays ÷ the median plays of the creator’s newest 30 posts known before this one; null until 5 are known, or without a play count. */
      multipleOfMedian: number | null;
      /** @description `multipleOfMedian` ≥ the watch’s `outlier_multiple`; null when the multiple is. */
      outlier: boolean | null;
    };
    CreatorPostListResponseDto: {
      /** @enum {string} */
      object: 'list';
      data: components['schemas']['CreatorPostResponseDto'][];
      has_more: boolean;
    };
    DeletedWatchResponseDto: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'watch';
      /** @enum {boolean} */
      deleted: true;
    };
    WatchRunResultDto: {
      /** @enum {string} */
      market: 'network_a' | 'network_b';
      /** @description Short human label of what was searched. */
      niche: string;
      /** @description Search phrases actually run against the provider. */
      queries: string[];
      /** @description Ordered by play count (ties by likes) unless the request chose another `sort`. `[]` is 200 and free. */
      reels: components['schemas']['ScanReelDto'][];
      /** @description true when the relevance pass could not run: order is by traction alone and every `relevance` is null. */
      degraded: boolean;
      /** Format: uuid */
      watch_id: string;
    };
    CreatorRunResultDto: {
      /** Format: uuid */
      watch_id: string;
      creator: components['schemas']['CreatorResponseDto'];
      snapshot: components['schemas']['CreatorSnapshotResponseDto'];
      /** @description The posts new in this run, newest first. */
      posts: components['schemas']['CreatorPostResponseDto'][];
    };
    AccountWatchRunDto: {
      /**
       * @description Live runs only: the run's price as the dashboard showed it (a niche watch: its `limit` × the scan price per reel; a creator watch: the creator run's price), six decimals.
       * @example 0.200000
       */
      confirm_price_usd?: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  assist: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description 1–255 printable ASCII characters without spaces; a retry with the same key and the same request replays the stored response (kept at least 24 h) with `Idempotent-Replayed: true`. */
        'Idempotency-Key'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
        /** @description RFC 7240. `respond-async`: answer 202 at once with the job (run by a worker; poll `Location` or receive a webhook). `wait=N` (1–60): wait up to N seconds, then 200 with the result or 202 with the job if it is still running. Without it the call waits for its job. Other preferences are ignored; a `wait` outside 1–60 is 400 (`param: "Prefer"`). */
        Prefer?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AssistRequestDto'];
      };
    };
    responses: {
      /** @description Success. Charged the amount in `x-service-charged-usd`; `x-service-balance-usd` is the balance after it. `x-job-id` names the job, so a client that hung up can fetch the result at `/v1/jobs/{id}`. */
      200: {
        headers: {
          /** @description What this call charged, USD, six decimal places (`0.000000` when free; a replay repeats the original charge without charging again). */
          'x-service-charged-usd'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssistResponseDto'];
        };
      };
      /** @description Accepted (`Prefer: respond-async`, or `Prefer: wait=N` ran out): the job as it stands when answered: queued or running (a quick `respond-async` job may already have ended). Poll `Location`; its `result` is this operation's 200 body once it succeeded. */
      202: {
        headers: {
          /** @description `/v1/jobs/{id}`. */
          Location?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key (only the `Authorization: Bearer` header is read). No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description Before any work; nothing charged. `insufficient_credit`: the available balance is short (`x-service-balance-usd`). `key_spend_limit_reached`: the key's total, daily or monthly spend limit; `subject_spend_limit_reached`: the `x-subject` customer's daily or monthly limit (`param`: `x-subject`). A limit's message and headers name the window, the limit and when it resets (docs/key-controls.md). Live keys only: `credit_shortfall`, a refund or a lost dispute took back credit that was already spent, and live calls wait until added credit covers it; `payment_disputed`, a payment of the account is disputed, and live calls wait until the dispute closes. */
      402: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The most this call can cost (the hold it needs), USD, six decimal places: add at least the difference to the available balance. */
          'x-service-price-usd'?: string;
          /** @description A spend-limit 402: the window whose limit refused the call. */
          'x-service-limit-window'?: 'total' | 'day' | 'month';
          /** @description A spend-limit 402: that window's limit, USD, six decimal places. */
          'x-service-limit-usd'?: string;
          /** @description A spend-limit 402 of a daily or monthly window: when it resets (ISO 8601, UTC midnight or the first of the next month). Absent for a total limit, which never resets. */
          'x-service-limit-resets-at'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `operation_not_allowed`: the key's scopes do not include this operation (the message names them); before any hold, nothing charged. Counts against the key's per-key ceiling. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_in_use`: the same key is still running (`x-job-id` names its job); `job_canceled`: the job was canceled before it finished. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_reused`: the key was used with a different request. */
      422: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. `queue_limit_reached` (`Prefer: respond-async` only): the account already has `JOBS_MAX_QUEUED_PER_ACCOUNT` jobs of this mode queued; nothing held or queued, retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. Not charged. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: a provider failed or answered garbage. Not charged. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: a provider is not configured or its circuit is open. Not charged. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `timeout`: the deadline passed. Not charged. */
      504: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  scan: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description 1–255 printable ASCII characters without spaces; a retry with the same key and the same request replays the stored response (kept at least 24 h) with `Idempotent-Replayed: true`. */
        'Idempotency-Key'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
        /** @description RFC 7240. `respond-async`: answer 202 at once with the job (run by a worker; poll `Location` or receive a webhook). `wait=N` (1–60): wait up to N seconds, then 200 with the result or 202 with the job if it is still running. Without it the call waits for its job. Other preferences are ignored; a `wait` outside 1–60 is 400 (`param: "Prefer"`). */
        Prefer?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ScanRequestDto'];
      };
    };
    responses: {
      /** @description Success. Charged the amount in `x-service-charged-usd`; `x-service-balance-usd` is the balance after it. `x-job-id` names the job, so a client that hung up can fetch the result at `/v1/jobs/{id}`. */
      200: {
        headers: {
          /** @description What this call charged, USD, six decimal places (`0.000000` when free; a replay repeats the original charge without charging again). */
          'x-service-charged-usd'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ScanResponseDto'];
        };
      };
      /** @description Accepted (`Prefer: respond-async`, or `Prefer: wait=N` ran out): the job as it stands when answered: queued or running (a quick `respond-async` job may already have ended). Poll `Location`; its `result` is this operation's 200 body once it succeeded. */
      202: {
        headers: {
          /** @description `/v1/jobs/{id}`. */
          Location?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key (only the `Authorization: Bearer` header is read). No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description Before any work; nothing charged. `insufficient_credit`: the available balance is short (`x-service-balance-usd`). `key_spend_limit_reached`: the key's total, daily or monthly spend limit; `subject_spend_limit_reached`: the `x-subject` customer's daily or monthly limit (`param`: `x-subject`). A limit's message and headers name the window, the limit and when it resets (docs/key-controls.md). Live keys only: `credit_shortfall`, a refund or a lost dispute took back credit that was already spent, and live calls wait until added credit covers it; `payment_disputed`, a payment of the account is disputed, and live calls wait until the dispute closes. */
      402: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The most this call can cost (the hold it needs), USD, six decimal places: add at least the difference to the available balance. */
          'x-service-price-usd'?: string;
          /** @description A spend-limit 402: the window whose limit refused the call. */
          'x-service-limit-window'?: 'total' | 'day' | 'month';
          /** @description A spend-limit 402: that window's limit, USD, six decimal places. */
          'x-service-limit-usd'?: string;
          /** @description A spend-limit 402 of a daily or monthly window: when it resets (ISO 8601, UTC midnight or the first of the next month). Absent for a total limit, which never resets. */
          'x-service-limit-resets-at'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `operation_not_allowed`: the key's scopes do not include this operation (the message names them); before any hold, nothing charged. Counts against the key's per-key ceiling. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_in_use`: the same key is still running (`x-job-id` names its job); `job_canceled`: the job was canceled before it finished. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_reused`: the key was used with a different request. */
      422: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. `queue_limit_reached` (`Prefer: respond-async` only): the account already has `JOBS_MAX_QUEUED_PER_ACCOUNT` jobs of this mode queued; nothing held or queued, retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. Not charged. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: a provider failed or answered garbage. Not charged. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: a provider is not configured or its circuit is open. Not charged. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `timeout`: the deadline passed. Not charged. */
      504: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  playbook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description 1–255 printable ASCII characters without spaces; a retry with the same key and the same request replays the stored response (kept at least 24 h) with `Idempotent-Replayed: true`. */
        'Idempotency-Key'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
        /** @description RFC 7240. `respond-async`: answer 202 at once with the job (run by a worker; poll `Location` or receive a webhook). `wait=N` (1–60): wait up to N seconds, then 200 with the result or 202 with the job if it is still running. Without it the call waits for its job. Other preferences are ignored; a `wait` outside 1–60 is 400 (`param: "Prefer"`). */
        Prefer?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PlaybookRequestDto'];
      };
    };
    responses: {
      /** @description Success. Charged the amount in `x-service-charged-usd`; `x-service-balance-usd` is the balance after it. `x-job-id` names the job, so a client that hung up can fetch the result at `/v1/jobs/{id}`. */
      200: {
        headers: {
          /** @description What this call charged, USD, six decimal places (`0.000000` when free; a replay repeats the original charge without charging again). */
          'x-service-charged-usd'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlaybookResponseDto'];
        };
      };
      /** @description Accepted (`Prefer: respond-async`, or `Prefer: wait=N` ran out): the job as it stands when answered: queued or running (a quick `respond-async` job may already have ended). Poll `Location`; its `result` is this operation's 200 body once it succeeded. */
      202: {
        headers: {
          /** @description `/v1/jobs/{id}`. */
          Location?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key (only the `Authorization: Bearer` header is read). No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description Before any work; nothing charged. `insufficient_credit`: the available balance is short (`x-service-balance-usd`). `key_spend_limit_reached`: the key's total, daily or monthly spend limit; `subject_spend_limit_reached`: the `x-subject` customer's daily or monthly limit (`param`: `x-subject`). A limit's message and headers name the window, the limit and when it resets (docs/key-controls.md). Live keys only: `credit_shortfall`, a refund or a lost dispute took back credit that was already spent, and live calls wait until added credit covers it; `payment_disputed`, a payment of the account is disputed, and live calls wait until the dispute closes. */
      402: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The most this call can cost (the hold it needs), USD, six decimal places: add at least the difference to the available balance. */
          'x-service-price-usd'?: string;
          /** @description A spend-limit 402: the window whose limit refused the call. */
          'x-service-limit-window'?: 'total' | 'day' | 'month';
          /** @description A spend-limit 402: that window's limit, USD, six decimal places. */
          'x-service-limit-usd'?: string;
          /** @description A spend-limit 402 of a daily or monthly window: when it resets (ISO 8601, UTC midnight or the first of the next month). Absent for a total limit, which never resets. */
          'x-service-limit-resets-at'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `operation_not_allowed`: the key's scopes do not include this operation (the message names them); before any hold, nothing charged. Counts against the key's per-key ceiling. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: a valid link to a missing post, or a post without a video. Not charged. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_in_use`: the same key is still running (`x-job-id` names its job); `job_canceled`: the job was canceled before it finished. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_reused`: the key was used with a different request. */
      422: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. `queue_limit_reached` (`Prefer: respond-async` only): the account already has `JOBS_MAX_QUEUED_PER_ACCOUNT` jobs of this mode queued; nothing held or queued, retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. Not charged. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: a provider failed or answered garbage. Not charged. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: a provider is not configured or its circuit is open. Not charged. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `timeout`: the deadline passed. Not charged. */
      504: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  music: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description 1–255 printable ASCII characters without spaces; a retry with the same key and the same request replays the stored response (kept at least 24 h) with `Idempotent-Replayed: true`. */
        'Idempotency-Key'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
        /** @description RFC 7240. `respond-async`: answer 202 at once with the job (run by a worker; poll `Location` or receive a webhook). `wait=N` (1–60): wait up to N seconds, then 200 with the result or 202 with the job if it is still running. Without it the call waits for its job. Other preferences are ignored; a `wait` outside 1–60 is 400 (`param: "Prefer"`). */
        Prefer?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['MusicRequestDto'];
      };
    };
    responses: {
      /** @description Success. Charged the amount in `x-service-charged-usd`; `x-service-balance-usd` is the balance after it. `x-job-id` names the job, so a client that hung up can fetch the result at `/v1/jobs/{id}`. */
      200: {
        headers: {
          /** @description What this call charged, USD, six decimal places (`0.000000` when free; a replay repeats the original charge without charging again). */
          'x-service-charged-usd'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MusicResponseDto'];
        };
      };
      /** @description Accepted (`Prefer: respond-async`, or `Prefer: wait=N` ran out): the job as it stands when answered: queued or running (a quick `respond-async` job may already have ended). Poll `Location`; its `result` is this operation's 200 body once it succeeded. */
      202: {
        headers: {
          /** @description `/v1/jobs/{id}`. */
          Location?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key (only the `Authorization: Bearer` header is read). No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description Before any work; nothing charged. `insufficient_credit`: the available balance is short (`x-service-balance-usd`). `key_spend_limit_reached`: the key's total, daily or monthly spend limit; `subject_spend_limit_reached`: the `x-subject` customer's daily or monthly limit (`param`: `x-subject`). A limit's message and headers name the window, the limit and when it resets (docs/key-controls.md). Live keys only: `credit_shortfall`, a refund or a lost dispute took back credit that was already spent, and live calls wait until added credit covers it; `payment_disputed`, a payment of the account is disputed, and live calls wait until the dispute closes. */
      402: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The most this call can cost (the hold it needs), USD, six decimal places: add at least the difference to the available balance. */
          'x-service-price-usd'?: string;
          /** @description A spend-limit 402: the window whose limit refused the call. */
          'x-service-limit-window'?: 'total' | 'day' | 'month';
          /** @description A spend-limit 402: that window's limit, USD, six decimal places. */
          'x-service-limit-usd'?: string;
          /** @description A spend-limit 402 of a daily or monthly window: when it resets (ISO 8601, UTC midnight or the first of the next month). Absent for a total limit, which never resets. */
          'x-service-limit-resets-at'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `operation_not_allowed`: the key's scopes do not include this operation (the message names them); before any hold, nothing charged. Counts against the key's per-key ceiling. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: a valid link to a missing post, or a post without a video. Not charged. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_in_use`: the same key is still running (`x-job-id` names its job); `job_canceled`: the job was canceled before it finished. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_reused`: the key was used with a different request. */
      422: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. `queue_limit_reached` (`Prefer: respond-async` only): the account already has `JOBS_MAX_QUEUED_PER_ACCOUNT` jobs of this mode queued; nothing held or queued, retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. Not charged. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: a provider failed or answered garbage. Not charged. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: a provider is not configured or its circuit is open. Not charged. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `timeout`: the deadline passed. Not charged. */
      504: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  trends: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description 1–255 printable ASCII characters without spaces; a retry with the same key and the same request replays the stored response (kept at least 24 h) with `Idempotent-Replayed: true`. */
        'Idempotency-Key'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
        /** @description RFC 7240. `respond-async`: answer 202 at once with the job (run by a worker; poll `Location` or receive a webhook). `wait=N` (1–60): wait up to N seconds, then 200 with the result or 202 with the job if it is still running. Without it the call waits for its job. Other preferences are ignored; a `wait` outside 1–60 is 400 (`param: "Prefer"`). */
        Prefer?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TrendsRequestDto'];
      };
    };
    responses: {
      /** @description Success. Charged the amount in `x-service-charged-usd`; `x-service-balance-usd` is the balance after it. `x-job-id` names the job, so a client that hung up can fetch the result at `/v1/jobs/{id}`. */
      200: {
        headers: {
          /** @description What this call charged, USD, six decimal places (`0.000000` when free; a replay repeats the original charge without charging again). */
          'x-service-charged-usd'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TrendsResponseDto'];
        };
      };
      /** @description Accepted (`Prefer: respond-async`, or `Prefer: wait=N` ran out): the job as it stands when answered: queued or running (a quick `respond-async` job may already have ended). Poll `Location`; its `result` is this operation's 200 body once it succeeded. */
      202: {
        headers: {
          /** @description `/v1/jobs/{id}`. */
          Location?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key (only the `Authorization: Bearer` header is read). No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description Before any work; nothing charged. `insufficient_credit`: the available balance is short (`x-service-balance-usd`). `key_spend_limit_reached`: the key's total, daily or monthly spend limit; `subject_spend_limit_reached`: the `x-subject` customer's daily or monthly limit (`param`: `x-subject`). A limit's message and headers name the window, the limit and when it resets (docs/key-controls.md). Live keys only: `credit_shortfall`, a refund or a lost dispute took back credit that was already spent, and live calls wait until added credit covers it; `payment_disputed`, a payment of the account is disputed, and live calls wait until the dispute closes. */
      402: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The most this call can cost (the hold it needs), USD, six decimal places: add at least the difference to the available balance. */
          'x-service-price-usd'?: string;
          /** @description A spend-limit 402: the window whose limit refused the call. */
          'x-service-limit-window'?: 'total' | 'day' | 'month';
          /** @description A spend-limit 402: that window's limit, USD, six decimal places. */
          'x-service-limit-usd'?: string;
          /** @description A spend-limit 402 of a daily or monthly window: when it resets (ISO 8601, UTC midnight or the first of the next month). Absent for a total limit, which never resets. */
          'x-service-limit-resets-at'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `operation_not_allowed`: the key's scopes do not include this operation (the message names them); before any hold, nothing charged. Counts against the key's per-key ceiling. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_in_use`: the same key is still running (`x-job-id` names its job); `job_canceled`: the job was canceled before it finished. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_reused`: the key was used with a different request. */
      422: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. `queue_limit_reached` (`Prefer: respond-async` only): the account already has `JOBS_MAX_QUEUED_PER_ACCOUNT` jobs of this mode queued; nothing held or queued, retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. Not charged. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: a provider failed or answered garbage. Not charged. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: a provider is not configured or its circuit is open. Not charged. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `timeout`: the deadline passed. Not charged. */
      504: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The API and its database answer. `degraded` when an optional dependency (Redis) is down. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'ok' | 'degraded' | 'down';
            /** @description One entry per dependency: `database`, and `redis` when configured. */
            checks: {
              [key: string]: {
                /** @enum {string} */
                status: 'ok' | 'down' | 'disabled';
                latencyMs?: number;
              };
            };
          };
        };
      };
      /** @description `invalid_request`: the query string holds a NUL character (`%00`), which every route refuses; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description The database does not answer: `status` is `down`. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'ok' | 'degraded' | 'down';
            /** @description One entry per dependency: `database`, and `redis` when configured. */
            checks: {
              [key: string]: {
                /** @enum {string} */
                status: 'ok' | 'down' | 'disabled';
                latencyMs?: number;
              };
            };
          };
        };
      };
    };
  };
  accountGet: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  authSignIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignInDto'];
      };
    };
    responses: {
      /** @description Signed in; the session cookie is set. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignInResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: wrong e-mail or password. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceilings of the dashboard and of auth attempts, or too many failed sign-ins for this e-mail; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  authSignUp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignUpDto'];
      };
    };
    responses: {
      /** @description The account exists and is signed in; the session cookie is set. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignUpResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard, or the lower one of sign-in, sign-up and password-reset attempts; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  authSignOut: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SignOutResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  authGetSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  authInspectInvite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InviteInspectResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  authRequestPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordResetRequestDto'];
      };
    };
    responses: {
      /** @description The same answer whether or not an account has this address. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PasswordResetRequestResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard, or the lower one of sign-in, sign-up and password-reset attempts; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  authConfirmPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordResetConfirmDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PasswordResetConfirmResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard, or the lower one of sign-in, sign-up and password-reset attempts; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountCreateInvite: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InviteCreateDto'];
      };
    };
    responses: {
      /** @description The invite; its token exists only in `url`, shown once. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InviteCreateResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account is not an administrator. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountListKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountCreateKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ApiKeyCreateDto'];
      };
    };
    responses: {
      /** @description The new key; `key` is shown once, in this response, and never again. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyCreateResponseDto'];
        };
      };
      /** @description `invalid_request`: a field is invalid (`param` names it): a limit that is not an integer of micro-USD ≥ 1, an unknown operation (the message lists the allowed ones), an expiry that is not in the future. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `resource_limit_reached`: the account already has as many live keys as it may (`param`: `api_keys`); revoke one first. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountGetKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyDetailResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no key with this id in the account. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountRevokeKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The key, now revoked. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no key with this id in the account. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountUpdateKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ApiKeyUpdateDto'];
      };
    };
    responses: {
      /** @description The key with its new settings. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyResponseDto'];
        };
      };
      /** @description `invalid_request`: a field is invalid (`param` names it): a limit that is not an integer of micro-USD ≥ 1, an unknown operation (the message lists the allowed ones), an expiry that is not in the future. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no key with this id in the account. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountRollKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ApiKeyRollDto'];
      };
    };
    responses: {
      /** @description The new key (`created.key` is shown once, here) and the old one. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RolledApiKeyResponseDto'];
        };
      };
      /** @description `invalid_request`: a field is invalid (`param` names it): a limit that is not an integer of micro-USD ≥ 1, an unknown operation (the message lists the allowed ones), an expiry that is not in the future. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no key with this id in the account. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountGetSubjectLimits: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubjectLimitsResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountUpdateSubjectLimits: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubjectLimitsUpdateDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubjectLimitsResponseDto'];
        };
      };
      /** @description `invalid_request`: a field is invalid (`param` names it): a limit that is not an integer of micro-USD ≥ 1, an unknown operation (the message lists the allowed ones), an expiry that is not in the future. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountUsageBuckets: {
    parameters: {
      query?: {
        /** @description ISO 8601: a date (`2026-11-01`, UTC midnight) or a date-time (`2026-11-01T10:00:00Z`, `…+02:00`; UTC without an offset). Inclusive; default: `to` less 30 days. */
        from?: string;
        /** @description ISO 8601: a date (`2026-11-01`, UTC midnight) or a date-time (`2026-11-01T10:00:00Z`, `…+02:00`; UTC without an offset). Exclusive; default: now. */
        to?: string;
        /** @description Only this operation. */
        operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
        /** @description Only calls made with this `x-subject`. */
        subject?: string;
        /** @description Only calls made with this key. */
        key_id?: string;
        limit?: number;
        /** @description The previous page's `next_cursor`. */
        cursor?: string;
        /** @description UTC days or UTC hours. `from` and `to` are widened to whole buckets. */
        granularity?: 'day' | 'hour';
        /** @description One bucket per combination of these (comma-separated or repeated): `operation`, `subject` (the `x-subject`), `key` (the key id). */
        group_by?: ('operation' | 'subject' | 'key')[];
        mode?: 'live' | 'test';
        source?: 'api' | 'dashboard';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of buckets, oldest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UsageListDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountUsageBucketsCsv: {
    parameters: {
      query?: {
        /** @description ISO 8601: a date (`2026-11-01`, UTC midnight) or a date-time (`2026-11-01T10:00:00Z`, `…+02:00`; UTC without an offset). Inclusive; default: `to` less 30 days. */
        from?: string;
        /** @description ISO 8601: a date (`2026-11-01`, UTC midnight) or a date-time (`2026-11-01T10:00:00Z`, `…+02:00`; UTC without an offset). Exclusive; default: now. */
        to?: string;
        /** @description Only this operation. */
        operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
        /** @description Only calls made with this `x-subject`. */
        subject?: string;
        /** @description Only calls made with this key. */
        key_id?: string;
        limit?: number;
        /** @description The previous page's `next_cursor`. */
        cursor?: string;
        /** @description UTC days or UTC hours. `from` and `to` are widened to whole buckets. */
        granularity?: 'day' | 'hour';
        /** @description One bucket per combination of these (comma-separated or repeated): `operation`, `subject` (the `x-subject`), `key` (the key id). */
        group_by?: ('operation' | 'subject' | 'key')[];
        mode?: 'live' | 'test';
        source?: 'api' | 'dashboard';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every matching bucket as a CSV attachment, oldest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountListUsage: {
    parameters: {
      query?: {
        mode?: 'live' | 'test';
        /** @description From the previous page's `nextCursor`. */
        cursor?: string;
        limit?: number;
        operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
        /** @description A date (`2024-01-05`, UTC midnight) or a date-time (`2024-01-05T10:00:00Z`, `…+02:00`; UTC without an offset). Inclusive. */
        from?: string;
        /** @description A date (`2024-01-05`, UTC midnight) or a date-time (`2024-01-05T10:00:00Z`, `…+02:00`; UTC without an offset). Exclusive. */
        to?: string;
        /** @description Only calls with this `x-subject`. */
        subject?: string;
        /** @description Only calls made with this key. */
        key_id?: string;
        /** @description Only calls made with a key (`api`) or run in the dashboard (`dashboard`). */
        source?: 'api' | 'dashboard';
        /** @description Also return `groups`: calls and spend per key or per subject over every matching call (the CSV: one row per group). */
        group_by?: 'key' | 'subject';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of calls, newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UsagePageResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountDailyUsage: {
    parameters: {
      query?: {
        mode?: 'live' | 'test';
        /** @description From the previous page's `nextCursor`. */
        cursor?: string;
        limit?: number;
        operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
        /** @description A date (`2024-01-05`, UTC midnight) or a date-time (`2024-01-05T10:00:00Z`, `…+02:00`; UTC without an offset). Inclusive. */
        from?: string;
        /** @description A date (`2024-01-05`, UTC midnight) or a date-time (`2024-01-05T10:00:00Z`, `…+02:00`; UTC without an offset). Exclusive. */
        to?: string;
        /** @description Only calls with this `x-subject`. */
        subject?: string;
        /** @description Only calls made with this key. */
        key_id?: string;
        /** @description Only calls made with a key (`api`) or run in the dashboard (`dashboard`). */
        source?: 'api' | 'dashboard';
        /** @description Also return `groups`: calls and spend per key or per subject over every matching call (the CSV: one row per group). */
        group_by?: 'key' | 'subject';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Spend and calls per UTC day and operation, oldest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DailySpendListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountExportUsageCsv: {
    parameters: {
      query?: {
        mode?: 'live' | 'test';
        /** @description From the previous page's `nextCursor`. */
        cursor?: string;
        limit?: number;
        operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
        /** @description A date (`2024-01-05`, UTC midnight) or a date-time (`2024-01-05T10:00:00Z`, `…+02:00`; UTC without an offset). Inclusive. */
        from?: string;
        /** @description A date (`2024-01-05`, UTC midnight) or a date-time (`2024-01-05T10:00:00Z`, `…+02:00`; UTC without an offset). Exclusive. */
        to?: string;
        /** @description Only calls with this `x-subject`. */
        subject?: string;
        /** @description Only calls made with this key. */
        key_id?: string;
        /** @description Only calls made with a key (`api`) or run in the dashboard (`dashboard`). */
        source?: 'api' | 'dashboard';
        /** @description Also return `groups`: calls and spend per key or per subject over every matching call (the CSV: one row per group). */
        group_by?: 'key' | 'subject';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The matching calls as a CSV attachment, newest first (at most 50 000 rows). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountGetCredit: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Both balances, this month's spend and what may be bought. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreditOverviewResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountCreateCheckout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CheckoutCreateDto'];
      };
    };
    responses: {
      /** @description The Stripe Checkout session, recorded as `open`; send the buyer to `url`. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckoutCreateResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: Stripe could not start a checkout. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: payments are not configured. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountGetCheckout: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description How the checkout stands, and the live balance now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckoutStatusResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no checkout with this id in the account. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountAddTestCredit: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TestCreditDto'];
      };
    };
    responses: {
      /** @description The test balance after the grant. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TestCreditResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  listJobs: {
    parameters: {
      query?: {
        operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
        status?: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
        /** @description Jobs created at or after this instant (ISO 8601 date or date-time; UTC without an offset). */
        created_gte?: string;
        /** @description Jobs created before this instant (ISO 8601 date or date-time). */
        created_lt?: string;
        /** @description The `x-request-id` of the call that created the job: a client that hung up before the answer finds its job by the id it sent. */
        request_id?: string;
        limit?: number;
        /** @description The id of the last job of the previous page: the next page starts after it. */
        starting_after?: string;
      };
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of jobs, newest first. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobListDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  getJob: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no job with this id among the jobs this key can see: its account's, in its mode; for a key restricted to some operations, only the jobs it created (another key's job is answered exactly like a missing one). */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  cancelJob: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job, `canceled` (or still `running` until its next step). */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no job with this id among the jobs this key can see: its account's, in its mode; for a key restricted to some operations, only the jobs it created (another key's job is answered exactly like a missing one). */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `job_not_cancelable`: the job already ended (succeeded, failed or canceled). */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountListJobs: {
    parameters: {
      query: {
        operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
        status?: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
        limit?: number;
        /** @description The id of the last job of the previous page: the next page starts after it. */
        starting_after?: string;
        mode: 'live' | 'test';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Jobs of one mode, newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobListDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountRunJob: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PlaygroundRunDto'];
      };
    };
    responses: {
      /** @description The job, queued: poll it (`Location`) until it ends. */
      202: {
        headers: {
          /** @description Where to poll the job: `/account/jobs/{id}?mode=…`. */
          Location?: string;
          /** @description The job's id. */
          'x-job-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field of the body or of `input` is invalid (`param`: `operation`, `input.limit`, …). `price_confirmation_required`: a live run without `confirm_price_usd` equal to its price (`param: confirm_price_usd`; the price in `x-service-price-usd`); nothing is charged. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `insufficient_credit`: the available credit of the mode is below the run’s price; live runs only: `credit_shortfall` (a refund or a lost dispute left credit owed) or `payment_disputed` (a payment is disputed); nothing was held or run. */
      402: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_in_use`: a run with this `Idempotency-Key` is still going. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_reused`: this `Idempotency-Key` was used for another run. */
      422: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. `queue_limit_reached`: the account already has `JOBS_MAX_QUEUED_PER_ACCOUNT` jobs of the mode queued; nothing was held or queued; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: a live provider the operation needs is not configured. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountGetJob: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no job with this id among the account's jobs of this mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountCancelJob: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued: ends at once, nothing charged. Running: stops at its next step, nothing charged. Ended: 409 `job_not_cancelable`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no job with this id among the account's jobs of this mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `job_not_cancelable`: the job already ended. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  listUsage: {
    parameters: {
      query?: {
        /** @description ISO 8601: a date (`2026-11-01`, UTC midnight) or a date-time (`2026-11-01T10:00:00Z`, `…+02:00`; UTC without an offset). Inclusive; default: `to` less 30 days. */
        from?: string;
        /** @description ISO 8601: a date (`2026-11-01`, UTC midnight) or a date-time (`2026-11-01T10:00:00Z`, `…+02:00`; UTC without an offset). Exclusive; default: now. */
        to?: string;
        /** @description Only this operation. */
        operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
        /** @description Only calls made with this `x-subject`. */
        subject?: string;
        /** @description Only calls made with this key. */
        key_id?: string;
        limit?: number;
        /** @description The previous page's `next_cursor`. */
        cursor?: string;
        /** @description UTC days or UTC hours. `from` and `to` are widened to whole buckets. */
        granularity?: 'day' | 'hour';
        /** @description One bucket per combination of these (comma-separated or repeated): `operation`, `subject` (the `x-subject`), `key` (the key id). */
        group_by?: ('operation' | 'subject' | 'key')[];
      };
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of buckets, oldest first. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UsageListDto'];
          'text/csv': components['schemas']['UsageListDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  listUsageRecords: {
    parameters: {
      query?: {
        /** @description ISO 8601: a date (`2026-11-01`, UTC midnight) or a date-time (`2026-11-01T10:00:00Z`, `…+02:00`; UTC without an offset). Inclusive; default: `to` less 30 days. */
        from?: string;
        /** @description ISO 8601: a date (`2026-11-01`, UTC midnight) or a date-time (`2026-11-01T10:00:00Z`, `…+02:00`; UTC without an offset). Exclusive; default: now. */
        to?: string;
        /** @description Only this operation. */
        operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
        /** @description Only calls made with this `x-subject`. */
        subject?: string;
        /** @description Only calls made with this key. */
        key_id?: string;
        limit?: number;
        /** @description The previous page's `next_cursor`. */
        cursor?: string;
      };
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of records, newest first. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UsageRecordListDto'];
          'text/csv': components['schemas']['UsageRecordListDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
          'text/csv': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The last id of the previous page. */
        starting_after?: string;
      };
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of endpoints. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `resource_not_allowed`: the key is restricted to some operations; only an unrestricted key (or the dashboard) manages webhook endpoints, since an endpoint receives the events of every job of the account. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWebhookEndpointDto'];
      };
    };
    responses: {
      /** @description The endpoint, with its signing `secret` (shown here only). */
      201: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedWebhookEndpointResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `resource_not_allowed`: the key is restricted to some operations; only an unrestricted key (or the dashboard) manages webhook endpoints, since an endpoint receives the events of every job of the account. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `resource_limit_reached`: the account already has 16 webhook endpoints in this mode (`param`: `webhook_endpoints`); delete one first. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint (without its secret). */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `resource_not_allowed`: the key is restricted to some operations; only an unrestricted key (or the dashboard) manages webhook endpoints, since an endpoint receives the events of every job of the account. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no webhook endpoint with this id among this key's account and mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  deleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The id of the deleted endpoint. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedWebhookEndpointResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `resource_not_allowed`: the key is restricted to some operations; only an unrestricted key (or the dashboard) manages webhook endpoints, since an endpoint receives the events of every job of the account. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no webhook endpoint with this id among this key's account and mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWebhookEndpointDto'];
      };
    };
    responses: {
      /** @description The endpoint as it is now. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `resource_not_allowed`: the key is restricted to some operations; only an unrestricted key (or the dashboard) manages webhook endpoints, since an endpoint receives the events of every job of the account. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no webhook endpoint with this id among this key's account and mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  rotateWebhookEndpointSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint with its new `secret`. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedWebhookEndpointResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `resource_not_allowed`: the key is restricted to some operations; only an unrestricted key (or the dashboard) manages webhook endpoints, since an endpoint receives the events of every job of the account. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no webhook endpoint with this id among this key's account and mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The last id of the previous page. */
        starting_after?: string;
      };
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of deliveries. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `resource_not_allowed`: the key is restricted to some operations; only an unrestricted key (or the dashboard) manages webhook endpoints, since an endpoint receives the events of every job of the account. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no webhook endpoint with this id among this key's account and mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  redeliverWebhookDelivery: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery, pending again. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `resource_not_allowed`: the key is restricted to some operations; only an unrestricted key (or the dashboard) manages webhook endpoints, since an endpoint receives the events of every job of the account. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no such webhook endpoint, or no delivery with this id to it. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountListWebhookEndpoints: {
    parameters: {
      query: {
        limit?: number;
        /** @description The last id of the previous page. */
        starting_after?: string;
        mode: 'live' | 'test';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountCreateWebhookEndpoint: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWebhookEndpointDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedWebhookEndpointResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `resource_limit_reached`: the account already has 16 webhook endpoints in this mode (`param`: `webhook_endpoints`); delete one first. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountGetWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no webhook endpoint with this id in the account. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountDeleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedWebhookEndpointResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no webhook endpoint with this id in the account. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountUpdateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWebhookEndpointDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no webhook endpoint with this id in the account. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountRotateWebhookEndpointSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedWebhookEndpointResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no webhook endpoint with this id in the account. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountListWebhookDeliveries: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The last id of the previous page. */
        starting_after?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no webhook endpoint with this id in the account. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountRedeliverWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no such webhook endpoint in the account, or no such delivery to it. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  getBalance: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The key's balance and what a new call may hold. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BalanceDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountListLedger: {
    parameters: {
      query?: {
        mode?: 'live' | 'test';
        /** @description From the previous page's `nextCursor`. */
        cursor?: string;
        limit?: number;
        operation?: 'assist' | 'scan' | 'playbook' | 'music' | 'trends';
        /** @description A date (`2024-01-05`, UTC midnight) or a date-time (`2024-01-05T10:00:00Z`, `…+02:00`; UTC without an offset). Inclusive. */
        from?: string;
        /** @description A date (`2024-01-05`, UTC midnight) or a date-time (`2024-01-05T10:00:00Z`, `…+02:00`; UTC without an offset). Exclusive. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of entries, newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LedgerPageResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountJobCover: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
        index: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file (`image/jpeg`), from our own cache. */
      200: {
        headers: {
          /** @description `private, max-age=3600`. */
          'Cache-Control'?: string;
          /** @description Send it back in `If-None-Match`: 304 when unchanged. */
          ETag?: string;
          /** @description `bytes`. */
          'Accept-Ranges'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': string;
        };
      };
      /** @description Not modified (`If-None-Match` matched). */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no such job among the account’s jobs of this mode (`param: id`), the job has not succeeded or analysed no such media, or `index` is out of range (`param: index`). */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: the media could not be fetched from the provider. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: the live provider is not configured. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `timeout`: fetching or processing the media took too long. */
      504: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountJobFrame: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
        index: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file (`image/jpeg`), from our own cache. */
      200: {
        headers: {
          /** @description `private, max-age=3600`. */
          'Cache-Control'?: string;
          /** @description Send it back in `If-None-Match`: 304 when unchanged. */
          ETag?: string;
          /** @description `bytes`. */
          'Accept-Ranges'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': string;
        };
      };
      /** @description Not modified (`If-None-Match` matched). */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no such job among the account’s jobs of this mode (`param: id`), the job has not succeeded or analysed no such media, or `index` is out of range (`param: index`). */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: the media could not be fetched from the provider. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: the live provider is not configured. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `timeout`: fetching or processing the media took too long. */
      504: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountJobVideo: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file (`video/mp4`), from our own cache. */
      200: {
        headers: {
          /** @description `private, max-age=3600`. */
          'Cache-Control'?: string;
          /** @description Send it back in `If-None-Match`: 304 when unchanged. */
          ETag?: string;
          /** @description `bytes`. */
          'Accept-Ranges'?: string;
          [name: string]: unknown;
        };
        content: {
          'video/mp4': string;
        };
      };
      /** @description The byte range asked for with `Range`. */
      206: {
        headers: {
          /** @description `private, max-age=3600`. */
          'Cache-Control'?: string;
          /** @description Send it back in `If-None-Match`: 304 when unchanged. */
          ETag?: string;
          /** @description `bytes`. */
          'Accept-Ranges'?: string;
          /** @description `bytes start-end/size`. */
          'Content-Range'?: string;
          [name: string]: unknown;
        };
        content: {
          'video/mp4': string;
        };
      };
      /** @description Not modified (`If-None-Match` matched). */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'video/mp4': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'video/mp4': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'video/mp4': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no such job among the account’s jobs of this mode (`param: id`), the job has not succeeded or analysed no such media, or `index` is out of range (`param: index`). */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'video/mp4': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'video/mp4': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: the media could not be fetched from the provider. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'video/mp4': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: the live provider is not configured. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'video/mp4': components['schemas']['ErrorDto'];
        };
      };
      /** @description `timeout`: fetching or processing the media took too long. */
      504: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'video/mp4': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountJobAudio: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
        index: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file (`audio/mp4`, `audio/mpeg`, `audio/ogg`), from our own cache. */
      200: {
        headers: {
          /** @description `private, max-age=3600`. */
          'Cache-Control'?: string;
          /** @description Send it back in `If-None-Match`: 304 when unchanged. */
          ETag?: string;
          /** @description `bytes`. */
          'Accept-Ranges'?: string;
          [name: string]: unknown;
        };
        content: {
          'audio/mp4': string;
          'audio/mpeg': string;
          'audio/ogg': string;
        };
      };
      /** @description The byte range asked for with `Range`. */
      206: {
        headers: {
          /** @description `private, max-age=3600`. */
          'Cache-Control'?: string;
          /** @description Send it back in `If-None-Match`: 304 when unchanged. */
          ETag?: string;
          /** @description `bytes`. */
          'Accept-Ranges'?: string;
          /** @description `bytes start-end/size`. */
          'Content-Range'?: string;
          [name: string]: unknown;
        };
        content: {
          'audio/mp4': string;
          'audio/mpeg': string;
          'audio/ogg': string;
        };
      };
      /** @description Not modified (`If-None-Match` matched). */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'audio/mp4': components['schemas']['ErrorDto'];
          'audio/mpeg': components['schemas']['ErrorDto'];
          'audio/ogg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'audio/mp4': components['schemas']['ErrorDto'];
          'audio/mpeg': components['schemas']['ErrorDto'];
          'audio/ogg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'audio/mp4': components['schemas']['ErrorDto'];
          'audio/mpeg': components['schemas']['ErrorDto'];
          'audio/ogg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no such job among the account’s jobs of this mode (`param: id`), the job has not succeeded or analysed no such media, or `index` is out of range (`param: index`). */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'audio/mp4': components['schemas']['ErrorDto'];
          'audio/mpeg': components['schemas']['ErrorDto'];
          'audio/ogg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'audio/mp4': components['schemas']['ErrorDto'];
          'audio/mpeg': components['schemas']['ErrorDto'];
          'audio/ogg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: the media could not be fetched from the provider. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'audio/mp4': components['schemas']['ErrorDto'];
          'audio/mpeg': components['schemas']['ErrorDto'];
          'audio/ogg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: the live provider is not configured. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'audio/mp4': components['schemas']['ErrorDto'];
          'audio/mpeg': components['schemas']['ErrorDto'];
          'audio/ogg': components['schemas']['ErrorDto'];
        };
      };
      /** @description `timeout`: fetching or processing the media took too long. */
      504: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'audio/mp4': components['schemas']['ErrorDto'];
          'audio/mpeg': components['schemas']['ErrorDto'];
          'audio/ogg': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  listWatches: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The last id of the previous page. */
        starting_after?: string;
      };
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of watches. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  createWatch: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWatchDto'];
      };
    };
    responses: {
      /** @description The watch; its first run is an interval from now. */
      201: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: a creator watch’s creator is unknown, private or deleted. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `resource_limit_reached`: the account already has as many watches in this mode as it may (`WATCHES_MAX_PER_MODE`, 50 by default; `param`: `watches`); delete one first. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  getWatch: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The watch, with its latest run. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among this key's account and mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  deleteWatch: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The id of the deleted watch. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedWatchResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among this key's account and mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  updateWatch: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWatchDto'];
      };
    };
    responses: {
      /** @description The watch as it is now. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among this key's account and mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  listWatchSnapshots: {
    parameters: {
      query?: {
        /** @description Snapshots at or after this time. */
        from?: string;
        /** @description Snapshots at or before this time. */
        to?: string;
        limit?: number;
        /** @description The `at` of the last snapshot of the previous page (the list is oldest first). */
        starting_after?: string;
      };
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of snapshots. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatorSnapshotListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among this key's account and mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  listWatchPosts: {
    parameters: {
      query?: {
        limit?: number;
        /** @description The last id of the previous page. */
        starting_after?: string;
      };
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of posts. */
      200: {
        headers: {
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatorPostListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field, query parameter or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key. No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among this key's account and mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  runWatch: {
    parameters: {
      query?: never;
      header?: {
        /** @description Your end customer: 1–128 of [A-Za-z0-9._:@-]. Ceilings apply per key and per subject. */
        'x-subject'?: string;
        /** @description 1–255 printable ASCII characters without spaces; a retry with the same key and the same request replays the stored response (kept at least 24 h) with `Idempotent-Replayed: true`. */
        'Idempotency-Key'?: string;
        /** @description Your own id for this request, echoed in the `x-request-id` response header when it is 8–128 characters of [A-Za-z0-9._:-]; otherwise one is made. */
        'x-request-id'?: string;
        /** @description RFC 7240. `respond-async`: answer 202 at once with the job (run by a worker; poll `Location` or receive a webhook). `wait=N` (1–60): wait up to N seconds, then 200 with the result or 202 with the job if it is still running. Without it the call waits for its job. Other preferences are ignored; a `wait` outside 1–60 is 400 (`param: "Prefer"`). */
        Prefer?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. Charged the amount in `x-service-charged-usd`; `x-service-balance-usd` is the balance after it. `x-job-id` names the job, so a client that hung up can fetch the result at `/v1/jobs/{id}`. */
      200: {
        headers: {
          /** @description What this call charged, USD, six decimal places (`0.000000` when free; a replay repeats the original charge without charging again). */
          'x-service-charged-usd'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | components['schemas']['WatchRunResultDto']
            | components['schemas']['CreatorRunResultDto'];
        };
      };
      /** @description Accepted (`Prefer: respond-async`, or `Prefer: wait=N` ran out): the job as it stands when answered: queued or running (a quick `respond-async` job may already have ended). Poll `Location`; its `result` is this operation's 200 body once it succeeded. */
      202: {
        headers: {
          /** @description `/v1/jobs/{id}`. */
          Location?: string;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `invalid_request`: a field or header is invalid; `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: missing, malformed, unknown or revoked key (only the `Authorization: Bearer` header is read). No key to count against, so no RateLimit headers. */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description `Bearer`. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description Before any work; nothing charged. `insufficient_credit`: the available balance is short (`x-service-balance-usd`). `key_spend_limit_reached`: the key's total, daily or monthly spend limit; `subject_spend_limit_reached`: the `x-subject` customer's daily or monthly limit (`param`: `x-subject`). A limit's message and headers name the window, the limit and when it resets (docs/key-controls.md). Live keys only: `credit_shortfall`, a refund or a lost dispute took back credit that was already spent, and live calls wait until added credit covers it; `payment_disputed`, a payment of the account is disputed, and live calls wait until the dispute closes. */
      402: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The key's balance (live or test) after this call, USD, six decimal places. No second call is needed to read it. */
          'x-service-balance-usd'?: string;
          /** @description The most this call can cost (the hold it needs), USD, six decimal places: add at least the difference to the available balance. */
          'x-service-price-usd'?: string;
          /** @description A spend-limit 402: the window whose limit refused the call. */
          'x-service-limit-window'?: 'total' | 'day' | 'month';
          /** @description A spend-limit 402: that window's limit, USD, six decimal places. */
          'x-service-limit-usd'?: string;
          /** @description A spend-limit 402 of a daily or monthly window: when it resets (ISO 8601, UTC midnight or the first of the next month). Absent for a total limit, which never resets. */
          'x-service-limit-resets-at'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. `operation_not_allowed`: the key's scopes do not include this operation (the message names them); before any hold, nothing charged. Counts against the key's per-key ceiling. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among this key’s account and mode. Not charged. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_in_use`: the same key is still running (`x-job-id` names its job); `job_canceled`: the job was canceled before it finished. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description The job of this call (every paid call is a job): `GET /v1/jobs/{id}`. */
          'x-job-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `idempotency_key_reused`: the key was used with a different request. */
      422: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over a ceiling, or this watch ran (by its schedule or by hand) less than `WATCHES_MIN_RUN_GAP_S` (15 minutes by default) ago; retry after `Retry-After` seconds. Nothing was held or scanned. `queue_limit_reached` (`Prefer: respond-async` only): the account already has `JOBS_MAX_QUEUED_PER_ACCOUNT` jobs of this mode queued; nothing held or queued, retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `internal_error`: a bug on our side; no details leak. Not charged. */
      500: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_error`: a provider failed or answered garbage. Not charged. */
      502: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: a provider is not configured or its circuit is open. Not charged. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `timeout`: the deadline passed. Not charged. */
      504: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (nothing ran, nothing charged again); absent otherwise. */
          'Idempotent-Replayed'?: 'true';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountListWatches: {
    parameters: {
      query: {
        limit?: number;
        /** @description The last id of the previous page. */
        starting_after?: string;
        mode: 'live' | 'test';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountCreateWatch: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWatchDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `resource_limit_reached`: the account has as many watches in this mode as it may. */
      409: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountGetWatch: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among the account's watches of this mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountDeleteWatch: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeletedWatchResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among the account's watches of this mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountUpdateWatch: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWatchDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WatchResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among the account's watches of this mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountListWatchSnapshots: {
    parameters: {
      query: {
        /** @description Snapshots at or after this time. */
        from?: string;
        /** @description Snapshots at or before this time. */
        to?: string;
        limit?: number;
        /** @description The `at` of the last snapshot of the previous page (the list is oldest first). */
        starting_after?: string;
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatorSnapshotListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among the account's watches of this mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountListWatchPosts: {
    parameters: {
      query: {
        limit?: number;
        /** @description The last id of the previous page. */
        starting_after?: string;
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatorPostListResponseDto'];
        };
      };
      /** @description `invalid_request`: a field or query parameter is invalid (a NUL character in the query string included); `param` names it. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among the account's watches of this mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard; retry after `Retry-After` seconds. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  accountRunWatch: {
    parameters: {
      query: {
        mode: 'live' | 'test';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AccountWatchRunDto'];
      };
    };
    responses: {
      /** @description The job, queued: poll it (`Location`) until it ends; its result is the run’s. */
      202: {
        headers: {
          /** @description Where to poll the job: `/account/jobs/{id}?mode=…`. */
          Location?: string;
          /** @description The job's id. */
          'x-job-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobDto'];
        };
      };
      /** @description `price_confirmation_required`: a live run without `confirm_price_usd` equal to its price (in `x-service-price-usd`); nothing is charged. */
      400: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unauthorized`: not signed in (no, expired or ended session). */
      401: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `insufficient_credit`: the available credit of the mode is below the run’s price; live runs only: `credit_shortfall` or `payment_disputed`; nothing was held or run. */
      402: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `forbidden`: a browser request from another site (`Sec-Fetch-Site` or `Origin` not ours). Or: the account has no API access. */
      403: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `not_found`: no watch with this id among the account's watches of this mode. */
      404: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `payload_too_large`: the body is over 64 KiB. */
      413: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `unsupported_media_type`: the body is not `application/json`. */
      415: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `rate_limited`: over the per-IP ceiling of the dashboard, or this watch ran (by its schedule or by hand) less than `WATCHES_MIN_RUN_GAP_S` (15 minutes by default) ago; retry after `Retry-After` seconds. Nothing was held or run. */
      429: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          /** @description The ceiling of the tightest counter (per key, or per key and subject). */
          'RateLimit-Limit'?: number;
          /** @description Requests left in the current window of that counter. */
          'RateLimit-Remaining'?: number;
          /** @description Seconds until that window resets. */
          'RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
      /** @description `provider_unavailable`: a live provider a scan needs is not configured. */
      503: {
        headers: {
          /** @description The id of this request (yours, when you sent a sane `x-request-id`); quote it to support. */
          'x-request-id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorDto'];
        };
      };
    };
  };
  webhookJobSucceeded: {
    parameters: {
      query?: never;
      header: {
        /** @description The message id (`msg_…`): the same on every retry of one delivery; deduplicate on it. */
        'webhook-id': string;
        /** @description Unix seconds when this attempt was signed; refuse ones far from now. */
        'webhook-timestamp': string;
        /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (two during the 24 h after a rotation). */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'job.succeeded';
          /** Format: date-time */
          timestamp: string;
          data: components['schemas']['JobDto'];
        };
      };
    };
    responses: {
      /** @description Any 2xx: delivered. Anything else, or no answer in 10 s: retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhookJobFailed: {
    parameters: {
      query?: never;
      header: {
        /** @description The message id (`msg_…`): the same on every retry of one delivery; deduplicate on it. */
        'webhook-id': string;
        /** @description Unix seconds when this attempt was signed; refuse ones far from now. */
        'webhook-timestamp': string;
        /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (two during the 24 h after a rotation). */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'job.failed';
          /** Format: date-time */
          timestamp: string;
          data: components['schemas']['JobDto'];
        };
      };
    };
    responses: {
      /** @description Any 2xx: delivered. Anything else, or no answer in 10 s: retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhookJobCanceled: {
    parameters: {
      query?: never;
      header: {
        /** @description The message id (`msg_…`): the same on every retry of one delivery; deduplicate on it. */
        'webhook-id': string;
        /** @description Unix seconds when this attempt was signed; refuse ones far from now. */
        'webhook-timestamp': string;
        /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (two during the 24 h after a rotation). */
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'job.canceled';
          /** Format: date-time */
          timestamp: string;
          data: components['schemas']['JobDto'];
        };
      };
    };
    responses: {
      /** @description Any 2xx: delivered. Anything else, or no answer in 10 s: retried. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
