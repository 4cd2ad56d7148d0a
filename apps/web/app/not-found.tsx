import Link from 'next/link';

export default function NotFound() {
  return (
    <main id="main" className="centered">
      <div className="panel">
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <p>
          <Link className="button" href="/">
            Go to the overview
          </Link>
        </p>
      </div>
    </main>
  );
}
