import { StepUpProvider } from '../../../components/sign-in/step-up-dialog';
import { issuerAccountApi, issuerFactorAccount } from '../account-api';
import { useCurrentIssuerUser } from '../auth-context';

const WHY =
  'Exporting data and inviting or removing users need a recent confirmation, so that nobody else can do it from this session.';

/** The issuer area's step-up dialog, mounted once in its layout: answers the 'issuer' calls' MFA_STEP_UP_REQUIRED. */
export function IssuerStepUp() {
  return <StepUpProvider api={issuerAccountApi} account={issuerFactorAccount(useCurrentIssuerUser())} why={WHY} />;
}
