/** A failed call to the API, as the application sees it: the HTTP status (null when no answer came) and the server's code and message. */
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

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

/** What the server said of a failed call, or the caller's own text when it said nothing. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (isRequestError(error) && error.serverMessage) || fallback;
}

/** The server refused to start a sync because one is running (409). */
export function isSyncAlreadyRunning(error: unknown): boolean {
  return isRequestError(error) && error.status === 409;
}
