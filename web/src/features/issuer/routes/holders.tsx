/** Placeholder until the issuer screens land: the issuer area mounts it at its route. */
export function HoldersPage() {
  return <h1>Holders</h1>;
}
