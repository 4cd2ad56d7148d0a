/**
 * The dashboard's Content-Security-Policy, one per page response (middleware.ts makes the nonce).
 * Scripts and styles come from the dashboard itself, inline ones only with this response's nonce
 * (Next.js puts it on its own); no inline handlers or style attributes, no eval. Images and media
 * come only from the dashboard's origin: covers, frames, videos and sound previews are served by
 * our own media routes (/account/jobs/…/media, proxied to the API), never hot-linked from the
 * platforms, and the fonts are self-hosted. Nothing may frame the dashboard.
 */
export function contentSecurityPolicy(nonce: string, options: { dev?: boolean } = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Next.js's development server evaluates code; a production build never does.
    'script-src': ["'self'", `'nonce-${nonce}'`, ...(options.dev ? ["'unsafe-eval'"] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'style-src-attr': ["'none'"],
    'img-src': ["'self'"],
    'media-src': ["'self'"],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** A fresh nonce: 128 random bits, base64 (Edge and Node both have Web Crypto and btoa). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
