/** Wiring of the office access rules: the table (second factor, sessions, throttles) and TOTP. */
import { randomUUID } from 'node:crypto';
import type { OfficeAccessDeps } from '#core/office/access';
import { secondFactorStore } from '#storage/second-factor';
import { officeSessions } from '#storage/sessions';
import { throttle } from '#storage/throttle';
import { secrets } from '#lib/crypto';
import { newRecoveryCode, totp } from '#lib/totp';

export const officeAccessDeps: OfficeAccessDeps = {
  secondFactors: secondFactorStore,
  sessions: officeSessions,
  throttle,
  secrets,
  totp,
  newRecoveryCode,
  newId: () => randomUUID(),
};
