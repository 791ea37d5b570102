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
