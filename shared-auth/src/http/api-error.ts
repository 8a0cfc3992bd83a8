import type { ApiErrorBody } from '../rules/types.js';

/** Raised for every failed call: a non-OK answer (status, parsed JSON body or null) or no answer (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null, message?: string) {
    super(message ?? body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** True for an ApiError, also when it came from another copy of this module. */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError || (error instanceof Error && error.name === 'ApiError' && 'status' in error)
  );
}
