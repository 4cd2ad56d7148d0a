'use client';

/** Any rendering failure: a plain apology and a retry, never the error's details. */
export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <main id="main" className="centered">
      <div className="panel">
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Try again, or go back to the overview.</p>
        <p className="actions">
          <button type="button" className="button" onClick={reset}>
            Try again
          </button>
          <a className="button secondary" href="/">
            Overview
          </a>
        </p>
      </div>
    </main>
  );
}
