/* global process, console */
/**
 * Scans a niche and prints its top reels.
 *
 *   npm run sdk:build
 *   REELSCOUT_API_KEY=rs_test_… node examples/scan-a-niche.mjs "home espresso tips"
 *
 * REELSCOUT_BASE_URL defaults to http://localhost:4000 (what `npm start` serves).
 */
import { Reelscout, ReelscoutError } from '@reelscout/sdk';

const query = process.argv[2] ?? 'home espresso tips for beginners';
const client = new Reelscout(); // REELSCOUT_API_KEY, REELSCOUT_BASE_URL

try {
  const scan = await client.scan({ query, limit: 5 });
  const { chargedUsd, balanceUsd, requestId } = scan.lastResponse;
  console.log(`niche: ${scan.niche} (${scan.market}), ${scan.reels.length} reels`);
  scan.reels.forEach((reel, i) => {
    const author = reel.authorHandle ? `@${reel.authorHandle}` : 'unknown author';
    const plays = reel.playCount.toLocaleString('en-US');
    console.log(`${i + 1}. ${plays} plays, ${author}: ${reel.url}`);
  });
  console.log(`charged $${chargedUsd}, balance $${balanceUsd} (request ${requestId})`);
} catch (error) {
  if (!(error instanceof ReelscoutError)) throw error;
  // Typed errors: InvalidRequestError (error.param), InsufficientCreditError (error.balanceUsd)…
  console.error(`${error.name} ${error.status ?? ''} ${error.code ?? ''}: ${error.message}`);
  process.exitCode = 1;
}
