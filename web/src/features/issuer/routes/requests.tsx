/** Placeholder until the issuer screens land: the issuer area mounts it at its route. */
export function RequestsPage() {
  return <h1>Requests</h1>;
}
