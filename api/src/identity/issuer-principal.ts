/** The signed-in issuer user a request acts for: every /api/issuer read and write is scoped by issuerId. */
export interface IssuerPrincipal {
  userId: string;
  issuerId: string;
  role: 'ISSUER_ADMIN' | 'ISSUER_VIEWER';
  email: string;
  sessionId: string;
}
