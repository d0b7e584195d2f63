/** The response envelope of every API call (spec section 7): code 200 means success. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** Validation failures carry the message of each field, keyed by its dotted path. */
export interface ValidationErrorData {
  errors: Record<string, string>;
}
