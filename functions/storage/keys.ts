/**
 * Every key of the single table is built here, so that entities cannot collide and an access
 * pattern reads as its name. Secrets never appear in keys: tokens are keyed by their hash.
 */
export const keys = {
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  /** Claims an address for one user (unique e-mail under concurrent sign-ups). */
  email: (email: string) => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
  session: (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' }),
  token: (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' }),
  throttle: (key: string, windowStart: number) => ({ pk: `THROTTLE#${key}#${windowStart}`, sk: 'THROTTLE' }),
  cooldown: (key: string) => ({ pk: `COOLDOWN#${key}`, sk: 'COOLDOWN' }),
};

export const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);
