/**
 * Gateways have one error style: a call resolves with its answer or throws one of these, and machines catch them in
 * `onError`. A failed call to the API, as the application sees it: the HTTP status (null when no answer came) and the
 * server's code and message.
 */
export class RequestError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string,
    message: string,
    /** What the server said, when it said anything; callers with their own fallback text use this. */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

/**
 * The server understood the call and said no, with its reason for a person (which may be empty): a spent sign-in
 * code, a sign-in started in another browser, a Google flow it will not start. Unlike other failures, the reason is
 * worth showing as it is.
 */
export class RefusedRequest extends RequestError {
  constructor(status: number, code: string, reason: string) {
    super(status, code, reason, reason);
    this.name = "RefusedRequest";
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

export function isRefusal(error: unknown): error is RefusedRequest {
  return error instanceof RefusedRequest;
}

/**
 * Whether a failed call says the session is over: the server answered that the credentials are no good (401), or that
 * it will not take the token it was given (400, 403). No answer, a server fault (5xx) or a rate limit (429) says
 * nothing of the session, which stays: the next call that reaches the server asks again.
 */
export function endsSession(error: unknown): boolean {
  return isRequestError(error) && (error.status === 400 || error.status === 401 || error.status === 403);
}

/** What the server said of a failed call, or the caller's own text when it said nothing. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (isRequestError(error) && error.serverMessage) || fallback;
}
