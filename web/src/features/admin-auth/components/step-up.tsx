import { StepUpProvider } from '../../../components/sign-in/step-up-dialog';
import { staffAccountApi, staffFactorAccount } from '../account-api';
import { useCurrentAdmin } from '../auth-context';

const WHY =
  'Changing users or the IP whitelist and exporting data need a recent confirmation, so that nobody else can do it from this session.';

/** The staff area's step-up dialog, mounted once in the admin layout. */
export function AdminStepUp() {
  const admin = useCurrentAdmin();
  return <StepUpProvider api={staffAccountApi} account={staffFactorAccount(admin)} why={WHY} />;
}
