/**
 * The hostile-input suite (hardening issue, part 5): property-based requests over every route of
 * the route table through the local API, then a canary flow and the portal's integrity report.
 * Settings and replay: settings.ts; what is generated: generate.ts; what is checked: run.ts.
 */
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { routeList, routes } from '#core/routes';
import { canary } from './canary';
import { coverage, homeClock, organiserCalls, routeRequest } from './generate';
import type { Ref } from './model';
import { codeOf, newFigures, resolver, runWorker, type Failure, type Shared } from './run';
import { seeds } from './seeds';
import { fuzzSettings, replayCommand } from './settings';
import { describeRequest, send, toWire, type Resolver } from './wire';
import {
  CATEGORY_REGISTRATION_OPEN,
  OPEN,
  REGISTRATION_OPEN,
  changed,
  diff,
  furnish,
  furnishOffice,
  pairDevices,
  furnishOrders,
  mintSession,
  grantOrganiser,
  newDelegate,
  observe,
  passSecondFactor,
  settleMoneyEvents,
  publishBankAccount,
  setupCall,
  snapshot,
  type Delegate,
  type Origins,
} from './world';

const settings = fuzzSettings();
const setting = (name: 'API_ORIGIN' | 'MAIL_ORIGIN' | 'S3_ORIGIN' | 'DYNAMODB_ORIGIN') => process.env[name] ?? inject(name);

/** The portal's own report of what was added to the built-in prototypes of its process (local only). */
async function integrity(o: Origins): Promise<{ clean: boolean; polluted: string[] }> {
  const r = await fetch(`${o.api}/__local/integrity`);
  if (r.status !== 200 || !(r.headers.get('content-type') ?? '').includes('json')) {
    throw new Error(`GET /__local/integrity answered ${r.status} ${(await r.text()).slice(0, 200)}`);
  }
  const body = (await r.json()) as { prototypes_clean?: unknown; polluted?: unknown };
  if (typeof body.prototypes_clean !== 'boolean' || !Array.isArray(body.polluted)) throw new Error(`/__local/integrity answered ${JSON.stringify(body)}`);
  return { clean: body.prototypes_clean, polluted: body.polluted as string[] };
}

function report(failures: Failure[]): string {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = `${f.route} | ${f.check} | ${f.detail.split('\n')[0]!.replace(/[0-9a-f-]{36}/g, '<id>').slice(0, 120)}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const parts = [`${failures.length} failing requests in ${groups.size} groups (seed ${settings.seed}; repeat the run: ${replayCommand(settings)})`];
  for (const [key, list] of groups) {
    const f = list[0]!;
    parts.push(
      [
        `\n--- ${key} (${list.length}x)`,
        `check:   ${f.check}`,
        `detail:  ${f.detail}`,
        `request:\n${f.request}`,
        `answer:  ${f.answer}`,
        `replay:  ${replayCommand(settings, { worker: f.worker, index: f.index })}`,
      ].join('\n'),
    );
  }
  return parts.join('\n');
}

describe('hostile input over every route', () => {
  it('has a generator for every route of the table and seeds only for routes that exist', () => {
    const { generated, staleSeeds } = coverage();
    expect(generated.sort()).toEqual(routeList.map((r) => r.id).sort());
    expect(staleSeeds, 'seeds for routes that are no longer in the table').toEqual([]);
    // The office's routes and the order routes start from valid calls: fuzzed from {} they would only ever meet the schema.
    const mustHaveSeeds = coverage().withoutSeed.filter(
      (id) => organiserCalls(routes[id]) || homeClock(routes[id]) === REGISTRATION_OPEN || homeClock(routes[id]) === CATEGORY_REGISTRATION_OPEN,
    );
    expect(mustHaveSeeds, 'office and order routes without a seed (add one to test/fuzz/seeds.ts)').toEqual([]);
    // The registration by category's routes too, its GETs included: sent inside its 2019 fee period, they reach its rules.
    const categoryRoutes = routeList.filter((r) => homeClock(r) === CATEGORY_REGISTRATION_OPEN).map((r) => r.id);
    expect(categoryRoutes).toEqual(expect.arrayContaining(['register', 'confirmRegistrationDocument', 'getRegisterTypeFee']));
    expect(categoryRoutes.filter((id) => !seeds[id]), 'registration by category routes without a seed').toEqual([]);
    // Each route's generator yields requests that can be written (a path it cannot fill fails here).
    const dummy: Resolver = { ref: (r: Ref) => `ref-${r.name}`, token: () => 'token', expiredInstant: '2099-01-01T00:00:00Z', clientAddress: () => '198.51.100.1' };
    for (const route of routeList) {
      for (const spec of fc.sample(routeRequest(route), { seed: settings.seed, numRuns: 20 })) {
        expect(toWire(spec, dummy).path.startsWith('/api/'), route.id).toBe(true);
      }
    }
  });

  it(
    `answers ${settings.count} generated requests with an envelope, below 500, changing nothing it refuses; the process stays sound`,
    async () => {
      const started = Date.now();
      const origins: Origins = { api: setting('API_ORIGIN'), mail: setting('MAIL_ORIGIN'), s3: setting('S3_ORIGIN'), dynamo: setting('DYNAMODB_ORIGIN') };
      expect(await integrity(origins), 'the portal was polluted before the fuzz began').toEqual({ clean: true, polluted: [] });

      // The delegates: one victim for all, an attacker and an accomplice per worker; the organisers
      // (one past the second factor, one who never set it up). Orders need the bank account published.
      const workers = settings.replay ? [settings.replay.worker] : Array.from({ length: settings.workers }, (_, w) => w);
      // One after the other: each costs password hashes, which a loaded machine may not finish within the local Lambda's 10 s when several run at once.
      const victim = await newDelegate(origins, 'victim');
      const organiser = await newDelegate(origins, 'organiser');
      const pendingOrganiser = await newDelegate(origins, 'organiser-pending');
      await Promise.all([grantOrganiser(origins, organiser), grantOrganiser(origins, pendingOrganiser)]);
      await passSecondFactor(origins, organiser);
      const bankVersion = await publishBankAccount(origins, organiser);
      await furnish(origins, victim, 'victim');
      await furnishOrders(origins, victim, 'victim');
      const teams = await Promise.all(
        workers.map(async (w) => {
          const [own, other] = await Promise.all([newDelegate(origins, `attacker${w}`), newDelegate(origins, `accomplice${w}`)]);
          await Promise.all([furnish(origins, own, 'attacker'), furnish(origins, other, 'accomplice')]);
          await Promise.all([furnishOrders(origins, own, 'attacker'), furnishOrders(origins, other, 'accomplice')]);
          return { w, own, other };
        }),
      );
      const office = await furnishOffice(origins, organiser, bankVersion, teams[0]!.own);
      const devices = await pairDevices(origins, organiser);
      const setupSeconds = (Date.now() - started) / 1000;

      const shared: Shared = {
        origins,
        victim,
        organiser,
        pendingOrganiser,
        office,
        devices,
        victimBaseline: await snapshot(origins, victim.id),
        figures: newFigures(),
        failures: [],
        integrity: () => integrity(origins),
        timeoutMs: settings.timeoutMs,
        inFlight: new Map(),
        replay: (worker, index) => replayCommand(settings, { worker, index }),
      };

      // The seeds must still be valid calls: a seed refused by validation would make "nearly valid" mean nothing.
      await checkSeeds(shared, teams[0]!.own, teams[0]!.other);

      const deadline = Date.now() + settings.maxMinutes * 60_000;
      const perWorker = Math.ceil(settings.count / workers.length);
      const fuzzStarted = Date.now();
      await Promise.all(
        teams.map(({ w, own, other }) =>
          runWorker(shared, w, own, other, {
            seed: settings.seed + w,
            numRuns: perWorker,
            path: settings.replay ? String(settings.replay.index) : undefined,
            deadline,
          }),
        ),
      );
      const fuzzSeconds = (Date.now() - fuzzStarted) / 1000;

      // After the run: the victim as it was, a canary delegate, clean prototypes, no mail to a foreign origin.
      const afterProblems: string[] = [];
      if (shared.abort) afterProblems.push(`the run stopped early: ${shared.abort}`);
      else {
        const victimNow = await snapshot(origins, victim.id);
        const victimChange = changed(shared.victimBaseline, victimNow);
        if (victimChange.table || victimChange.objects) afterProblems.push(`the victim changed during the run:\n${diff(shared.victimBaseline, victimNow)}`);
        afterProblems.push(...(await canary(origins)));
        const integrityAtEnd = await integrity(origins);
        if (!integrityAtEnd.clean) afterProblems.push(`prototypes polluted after the run: ${integrityAtEnd.polluted.join(', ')}`);
        afterProblems.push(...(await mailProblems(origins)));
      }

      const f = shared.figures;
      const routesSeen = Object.entries(f.byRoute).sort(([a], [b]) => (a < b ? -1 : 1));
      const lines = [
        `\nhostile-input suite: seed ${settings.seed}, ${workers.length} workers, ${f.requests} requests in ${fuzzSeconds.toFixed(1)} s (${(f.requests / fuzzSeconds).toFixed(0)}/s; setup ${setupSeconds.toFixed(1)} s)`,
        `  status: ${Object.entries(f.byStatus).map(([s, n]) => `${s}: ${n}`).join(', ')}; 5xx: ${Object.entries(f.byStatus).filter(([s]) => Number(s) >= 500).reduce((a, [, n]) => a + n, 0)}`,
        `  refused ${f.refused}, snapshots ${f.snapshots}, integrity checks ${f.integrityChecks}, sessions re-made ${f.sessionsMinted}; waiting for answers ${(f.answerMs / 1000).toFixed(1)} s, checking ${(f.checkMs / 1000).toFixed(1)} s (all workers); slowest ${f.slowest.ms} ms (${f.slowest.route}, ${f.slowest.shape})`,
        `  bodies: ${Object.entries(f.byShape).sort(([, a], [, b]) => b - a).map(([s, n]) => `${s} ${n}`).join(', ')}`,
        `  per route (requests/successes): ${routesSeen.map(([r, n]) => `${r} ${n}/${f.okByRoute[r] ?? 0}`).join(', ')}`,
        `  routes fuzzed from {} (no seed): ${coverage().withoutSeed.join(', ') || 'none'}`,
        `  repeat: ${replayCommand(settings)}`,
      ];
      if (process.env.FUZZ_VERBOSE) {
        for (const [route, messages] of Object.entries(f.messagesByRoute).sort(([a], [b]) => (a < b ? -1 : 1))) {
          lines.push(`  ${route}: ${Object.entries(messages).sort(([, a], [, b]) => b - a).map(([m, n]) => `${n}x ${m}`).join(' | ')}`);
        }
      }
      console.log(lines.join('\n'));

      const message = [shared.failures.length ? report(shared.failures) : '', afterProblems.length ? `\nafter the run:\n${afterProblems.join('\n')}` : ''].join('');
      expect(shared.failures.length + afterProblems.length, message).toBe(0);
      if (!settings.replay && !shared.abort) {
        expect(f.requests, `fewer requests than asked (stopped after ${settings.maxMinutes} min?)`).toBeGreaterThanOrEqual(settings.count);
        // Every route of the table was fuzzed, and not just a little.
        const floor = Math.floor(settings.count / routeList.length / 3);
        for (const route of routeList) expect(f.byRoute[route.id] ?? 0, `requests to ${route.id}`).toBeGreaterThanOrEqual(floor);
      }
    },
    (settings.maxMinutes + 5) * 60_000,
  );
});

/**
 * Mails of the run: every link points at the site (never at an Origin or Host the fuzz sent), and
 * what delegates typed is escaped in the HTML (no markup of theirs survives).
 */
async function mailProblems(o: Origins): Promise<string[]> {
  const store = (await (await fetch(`${o.mail}/store`)).json()) as { emails: { subject: string; body: { html?: string } }[] };
  const problems = new Set<string>();
  for (const mail of store.emails) {
    const html = mail.body.html ?? '';
    for (const [, href] of html.matchAll(/href\s*=\s*["']?([^"' >]+)/gi)) {
      if (!href!.startsWith(`${o.api}/`) && !href!.startsWith('mailto:')) problems.add(`a mail links outside the site: ${href} (${mail.subject})`);
    }
    if (/<script|<img|\son\w+\s*=/i.test(html)) problems.add(`a mail carries markup a delegate typed (${mail.subject})`);
  }
  return [...problems].slice(0, 10);
}

/**
 * Sends every seed once, unchanged, with the route's own token (the organiser's on office routes)
 * and at the moment its rules are open: none may fail validation (422) or answer 5xx.
 */
async function checkSeeds(shared: Shared, own: Delegate, other: Delegate) {
  const o = shared.origins;
  const run = resolver(shared, own, other, 0);
  const resolverFor: Resolver = {
    ...run,
    ref: (r) => {
      if (r.name === 'fresh.email') return `fuzz-seed-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}@example.org`;
      // Never the real reset token: the run's seeds use it.
      if (r.name === 'own.resetToken') return 'seed-check-token-000000000000000000';
      return run.ref(r);
    },
    expiredInstant: OPEN,
    clientAddress: () => '192.0.2.250',
  };
  const refused: string[] = [];
  for (const route of routeList) {
    for (const seed of seeds[route.id] ?? []) {
      await observe(o, own);
      const body = seed.body === undefined ? ({ kind: 'none' } as const) : ({ kind: 'json', value: seed.body } as const);
      const wire = toWire(
        {
          route: route.id,
          method: route.method,
          params: seed.params ?? {},
          pathTail: '',
          query: seed.query ?? [],
          body,
          contentType: 'auto',
          tokens: [{ who: organiserCalls(route) ? 'organiser' : 'own', slot: 'bearer' }],
          at: homeClock(route) ?? OPEN,
          client: 0,
          headers: {},
          shape: 'seed',
        },
        resolverFor,
      );
      const answer = await send(o.api, wire, 20_000);
      const code = codeOf(answer);
      const onPurpose = code === 422 && seed.refusedWith !== undefined && answer.text.includes(JSON.stringify(seed.refusedWith));
      if (answer.status >= 500 || (code === 422 && !onPurpose)) refused.push(`${route.id}: HTTP ${answer.status} ${answer.text.slice(0, 300)}\n${describeRequest(wire, 3000)}`);
      if ((await setupCall(o, 'GET', '/get_person_info', { token: own.token })).code !== 200) await mintSession(o, own);
    }
  }
  await observe(o, own);
  await settleMoneyEvents(o, own);
  expect(refused, 'seed bodies that no longer pass validation (update test/fuzz/seeds.ts)').toEqual([]);
}
