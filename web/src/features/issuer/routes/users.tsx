/** Placeholder until the issuer screens land: the issuer area mounts it at its route. */
export function UsersPage() {
  return <h1>Users</h1>;
}
