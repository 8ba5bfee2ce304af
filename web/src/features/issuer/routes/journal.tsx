/** Placeholder until the issuer screens land: the issuer area mounts it at its route. */
export function JournalPage() {
  return <h1>Journal</h1>;
}
