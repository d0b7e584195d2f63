/** Sessions, keyed by the hash of their api_token (SESSION#hash). Expired ones are ignored on read. */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionRecord, SessionStore } from '#core/accounts/ports';
import type { OfficeSessions } from '#core/office/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { epochSeconds, keys } from './keys';

export const sessionStore: SessionStore = {
  async create(tokenHash, session) {
    await documentClient().send(
      new PutCommand({
        TableName: env.tableName(),
        Item: {
          ...keys.session(tokenHash),
          entity: 'session',
          user_id: session.userId,
          epoch: session.epoch,
          expires_at: epochSeconds(session.expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },
  async get(tokenHash): Promise<SessionRecord | undefined> {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.session(tokenHash) }));
    if (!r.Item) return undefined;
    const at = (value: unknown) => (typeof value === 'string' ? new Date(value) : undefined);
    return {
      userId: r.Item.user_id as string,
      epoch: r.Item.epoch as number,
      expiresAt: new Date((r.Item.expires_at as number) * 1000),
      secondFactorAt: at(r.Item.second_factor_at),
      secondFactorPass:
        typeof r.Item.pass_factor === 'string' && typeof r.Item.pass_grant === 'string' ? { factor: r.Item.pass_factor, grant: r.Item.pass_grant } : undefined,
      officeSeenAt: at(r.Item.office_seen_at),
    };
  },
  async delete(tokenHash) {
    await documentClient().send(new DeleteCommand({ TableName: env.tableName(), Key: keys.session(tokenHash) }));
  },
};

/** The office's marks on a session (the item must still exist: a logged-out session is not revived). */
async function mark(tokenHash: string, attribute: 'second_factor_at' | 'office_seen_at', at: Date, also?: { set: string; values: Record<string, string> }) {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: keys.session(tokenHash),
        UpdateExpression: `SET ${attribute} = :at${also ? `, ${also.set}` : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at.toISOString(), ...also?.values },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

export const officeSessions: OfficeSessions = {
  // The pass names the enrolment and the grant it was made under (core/office/access.ts checks both).
  markSecondFactor: (tokenHash, at, pass) =>
    mark(tokenHash, 'second_factor_at', at, { set: 'office_seen_at = :at, pass_factor = :factor, pass_grant = :grant', values: { ':factor': pass.factor, ':grant': pass.grant } }),
  touch: (tokenHash, at) => mark(tokenHash, 'office_seen_at', at),
};
