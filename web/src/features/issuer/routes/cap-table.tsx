/** Placeholder until the issuer screens land: the issuer area mounts it at its route. */
export function CapTablePage() {
  return <h1>Cap table</h1>;
}
