/** A route's function name: `congress-production-login` (fixed per stage: alarms and the runbook name it). */
export const functionNameOf = (stage: string, routeId: string) => `congress-${stage}-${routeId}`;

/** The log group Lambda writes a function's logs to, by the function's fixed name. */
export const logGroupNameOf = (functionName: string) => `/aws/lambda/${functionName}`;
