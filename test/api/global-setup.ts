import type { TestProject } from 'vitest/node';
import { portalEnv, startTestPortal } from '../../scripts/test-portal';

type PortalEnv = ReturnType<typeof portalEnv>;

function provideAll(project: TestProject, env: PortalEnv) {
  for (const [k, v] of Object.entries(env)) project.provide(k as never, v as never);
}

/**
 * Starts a throw-away portal unless one runs already: `npm test` starts it (API_ORIGIN set), and
 * when several projects (api, fuzz) use this setup in one run, the first one starts it for all.
 */
export default async function setup(project: TestProject) {
  if (process.env.API_ORIGIN) {
    // Names of the environment a portal sets (see portalEnv), provided as they are.
    const names = ['API_ORIGIN', 'MAIL_ORIGIN', 'S3_ORIGIN', 'DYNAMODB_ORIGIN', 'SQS_ORIGIN', 'STRIPE_ORIGIN', 'STRIPE_SECRET_KEY'] as const;
    for (const name of names) if (process.env[name]) project.provide(name as never, process.env[name] as never);
    return;
  }
  const portal = await startTestPortal();
  const env = portalEnv(portal);
  Object.assign(process.env, env);
  provideAll(project, env);
  return async () => {
    await portal.stop();
    for (const k of Object.keys(env)) delete process.env[k];
  };
}
