import { NeedsJavaScript } from '../../../components/ui/needs-javascript';
import { Spinner } from '../../../components/ui/spinner';

/**
 * The wizard's place while its code or the device's draft loads: as tall as a step, so nothing below it
 * moves. It is also what the prerendered page holds (the draft is on the device), so the note is here.
 */
export function WizardLoading() {
  return (
    <section className="onboarding-wizard onboarding-wizard--loading" aria-label="Issuer onboarding application">
      <NeedsJavaScript subject="The onboarding form" />
      <Spinner label="Loading your application" />
    </section>
  );
}
