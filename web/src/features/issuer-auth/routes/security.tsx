import { paths } from '../../../config/paths';
import { SecurityScreen } from '../../../components/sign-in/security-screen';
import { issuerAccountApi, issuerFactorAccount } from '../account-api';
import { useCurrentIssuerUser, useIssuerAuth } from '../auth-context';

/** The issuer user's second factor: required before anything else, then on to the cap table. */
export function IssuerSecurityPage() {
  const user = useCurrentIssuerUser();
  const { refreshProfile } = useIssuerAuth();
  return (
    <SecurityScreen
      api={issuerAccountApi}
      account={issuerFactorAccount(user)}
      refreshProfile={refreshProfile}
      homePath={paths.issuer.capTable}
    />
  );
}
