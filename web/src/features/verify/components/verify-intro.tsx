/** What the three photos are, before the camera opens: phones, and every device in the portal. */
export function VerifyIntro({ onStart }: { onStart: () => void }) {
  return (
    <section className="card verify-intro" aria-labelledby="verify-intro-heading">
      <h2 id="verify-intro-heading">Three photos, about two minutes</h2>
      <ol className="verify-intro__list">
        <li>A selfie: your face inside the oval, in good light.</li>
        <li>The front of your ID: a passport, driving licence or national ID card.</li>
        <li>The back of your ID.</li>
      </ol>
      <p className="muted">
        Your photos are checked on this device, kept here until they are sent, and sent over a secure connection.
      </p>
      <button type="button" className="button button--block" onClick={onStart}>
        Start Verification
      </button>
    </section>
  );
}
