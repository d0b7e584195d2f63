import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/**
 * Puts the server's field messages (422 `data.errors`) on the form's fields; answers the
 * message to show above the form, or null when the call was cancelled (ignored silently).
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error && error.name === 'CancelledError' ? null : 'request failure.';
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    if (fields.includes(path.split('.')[0]!)) setError(path as Path<T>, { type: 'server', message });
  }
  return error.message;
}
