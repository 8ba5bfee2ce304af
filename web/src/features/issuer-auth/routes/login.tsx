import { Link, Navigate } from 'react-router';
import { APP_NAME } from '@ledgerwell/shared/app-info';
import { issuerLoginSchema } from '@ledgerwell/shared/issuer-auth';
import { paths } from '../../../config/paths';
import { useDocumentMeta } from '../../../hooks/use-document-meta';
import { PasswordSignIn } from '../../../components/sign-in/password-sign-in';
import { issuerAccountApi } from '../account-api';
import { useIssuerAuth } from '../auth-context';
import { IssuerLoginFrame } from '../components/login-frame';
import { issuerLandingPath } from '../utils/guard';

const EMAIL = { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' } as const;

/** E-mail and password, then the second factor: the staff sign-in's steps against /api/issuer. */
export function IssuerLoginPage() {
  useDocumentMeta('Issuer sign in', `Sign in to the ${APP_NAME} issuer portal.`);
  const { session, login, completeMfaLogin } = useIssuerAuth();

  if (session.status === 'authenticated') return <Navigate to={issuerLandingPath(session.user)} replace />;

  return (
    <IssuerLoginFrame>
      <PasswordSignIn
        api={issuerAccountApi}
        identifier={EMAIL}
        schema={issuerLoginSchema}
        login={login}
        completeMfaLogin={completeMfaLogin}
        sessionNotice={session.status === 'anonymous' ? session.notice : undefined}
      />
      <p className="auth-card__links">
        Not an issuer client yet? <Link to={paths.issuerPortal}>Apply to become one</Link>
      </p>
    </IssuerLoginFrame>
  );
}
