import { paths } from '../../../config/paths';
import { SecurityScreen } from '../../../components/sign-in/security-screen';
import { staffAccountApi, staffFactorAccount } from '../account-api';
import { useAdminAuth, useCurrentAdmin } from '../auth-context';
import { ActiveSessionsSection } from '../components/active-sessions';

/** The signed-in admin's second factor and sessions. */
export function SecurityPage() {
  const admin = useCurrentAdmin();
  const { refreshProfile } = useAdminAuth();
  return (
    <SecurityScreen
      api={staffAccountApi}
      account={staffFactorAccount(admin)}
      refreshProfile={refreshProfile}
      homePath={paths.admin.dashboard}
    >
      <ActiveSessionsSection />
    </SecurityScreen>
  );
}
