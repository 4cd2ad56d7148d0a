'use client';

import './globals.css';

/** A failure in the root layout itself. No details: they belong in logs, not on screen. */
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <main id="main" className="centered">
          <div className="panel">
            <h1>Something went wrong</h1>
            <p>Reelscout could not show this page.</p>
            <button type="button" className="button" onClick={reset}>
              Try again
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
