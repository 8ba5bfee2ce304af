import type { AppDeps } from './lib/context';
import { seedDemoRequests } from './features/portal-requests/demo-requests';
import { seedDemoRegistry } from './features/registry/demo-registry';

/** DEMO_DATA=1 and `pnpm db:seed-demo`: the demo registry, then sample requests of every type. */
export async function seedDemoData(deps: AppDeps) {
  const shareholders = await seedDemoRegistry(deps);
  const requests = await seedDemoRequests(deps);
  return { shareholders, requests };
}
