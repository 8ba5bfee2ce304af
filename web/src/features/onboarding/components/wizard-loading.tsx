import { Spinner } from '../../../components/ui/spinner';

/** The wizard's place while its code or the device's draft loads: as tall as a step, so nothing below it moves. */
export function WizardLoading() {
  return (
    <section className="onboarding-wizard onboarding-wizard--loading" aria-label="Issuer onboarding application">
      <Spinner label="Loading your application" />
    </section>
  );
}
