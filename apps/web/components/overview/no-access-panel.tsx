/** Shown instead of API settings to accounts without the API access grant. */
export function NoAccessPanel() {
  return (
    <section className="panel" aria-labelledby="no-access-heading" data-testid="no-api-access">
      <h2 id="no-access-heading">API access is not enabled for this account</h2>
      <p>
        Calling the Reelscout API needs an API access grant, given by invitation. Ask the person who
        invited you, or your Reelscout administrator, to grant API access to this account. Once it
        is granted, an <strong>API settings</strong> tab appears here, where you create and revoke
        keys.
      </p>
      <p className="muted">Credit and usage stay visible in the meantime.</p>
    </section>
  );
}
