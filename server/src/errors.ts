/**
 * The errors meant for the caller (`httpError`) and the status texts: imported by every layer, domain/
 * included, so this file imports nothing. The handler that answers them, in one error shape for the whole
 * API, is plugins/error-handler.ts.
 */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

/** An error meant for the caller: its status and reason are sent as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Extra fields merged into the error body (e.g. `email` on a 412 of invitation accept). */
  readonly extra: Record<string, unknown>;

  constructor(status: number, reason: string, extra: Record<string, unknown> = {}) {
    super(reason);
    this.name = 'HttpError';
    this.statusCode = status;
    this.extra = extra;
  }
}

/** `throw httpError(404, 'Role 12 not found')` */
export function httpError(status: number, reason: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, reason, extra);
}
