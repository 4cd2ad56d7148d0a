/**
 * The first call a new key can make, as copyable commands (POSIX shell): the key goes into
 * REELSCOUT_API_KEY (the leading space keeps the line out of bash's history, with the default
 * HISTCONTROL), and the call uses the variable, as the README's quickstart does.
 */
export function firstCallCurl(baseUrl: string, key: string): string {
  return [
    ` export REELSCOUT_API_KEY='${key}'`,
    `curl -sS ${baseUrl}/v1/assist \\`,
    `  -H "Authorization: Bearer $REELSCOUT_API_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"message": "show me trending home espresso reels"}'`,
  ].join('\n');
}
