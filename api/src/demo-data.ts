import type { AppDeps } from './lib/context';
import { seedDemoRequests } from './features/portal-requests/demo-requests';
import { seedDemoRegistry } from './features/registry/demo-registry';
import { seedDemoLedger } from './demo-ledger';

/** DEMO_DATA=1 and `pnpm db:seed-demo`: the demo registry, a history of ledger postings, then sample requests of every type. */
export async function seedDemoData(deps: AppDeps) {
  const shareholders = await seedDemoRegistry(deps);
  const postings = await seedDemoLedger(deps);
  const requests = await seedDemoRequests(deps);
  return { shareholders, postings, requests };
}
