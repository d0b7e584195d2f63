import type { TestProject } from 'vitest/node';
import { portalEnv, startTestPortal } from '../../scripts/test-portal';

/** Starts a throw-away portal unless `npm test` already runs one (API_ORIGIN set). */
export default async function setup(project: TestProject) {
  if (process.env.API_ORIGIN) return;
  const portal = await startTestPortal();
  const env = portalEnv(portal);
  Object.assign(process.env, env);
  for (const [k, v] of Object.entries(env)) project.provide(k as never, v as never);
  return () => portal.stop();
}
