import { Navigate } from 'react-router';
import { adminLoginSchema } from '@ledgerwell/shared/admin-auth';
import { APP_NAME } from '@ledgerwell/shared/app-info';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { PasswordSignIn } from '../../../components/sign-in/password-sign-in';
import { staffAccountApi } from '../account-api';
import { useAdminAuth } from '../auth-context';
import { AdminLoginFrame } from '../components/login-frame';
import { landingPath } from '../utils/guard';

const USERNAME = { name: 'username', label: 'Username', autoComplete: 'username' } as const;

export function AdminLoginPage() {
  useDocumentMeta('Admin sign in', `Sign in to the ${APP_NAME} admin portal.`);
  const { session, login, completeMfaLogin } = useAdminAuth();

  if (session.status === 'authenticated') {
    return <Navigate to={landingPath(session.admin)} replace />;
  }

  return (
    <AdminLoginFrame>
      <PasswordSignIn
        api={staffAccountApi}
        identifier={USERNAME}
        schema={adminLoginSchema}
        login={login}
        completeMfaLogin={completeMfaLogin}
        sessionNotice={session.status === 'anonymous' ? session.notice : undefined}
      />
    </AdminLoginFrame>
  );
}
