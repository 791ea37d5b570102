/** Google API errors in the JSON shape Google answers with: {error:{code,message,status,errors:[...]}}. */
export interface GoogleApiError {
  httpStatus: number;
  body: {
    error: {
      code: number;
      message: string;
      status: string;
      errors: { message: string; domain: string; reason: string; location?: string; locationType?: string }[];
    };
  };
  headers?: Record<string, string>;
}

function apiError(
  httpStatus: number,
  status: string,
  message: string,
  detail: { message: string; domain: string; reason: string; location?: string; locationType?: string },
  headers?: Record<string, string>,
): GoogleApiError {
  return { httpStatus, body: { error: { code: httpStatus, message, status, errors: [detail] } }, ...(headers ? { headers } : {}) };
}

export const gmailErrors = {
  loginRequired: () =>
    apiError(
      401,
      "UNAUTHENTICATED",
      "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
      { message: "Login Required.", domain: "global", reason: "required", location: "Authorization", locationType: "header" },
      { "www-authenticate": 'Bearer realm="https://accounts.google.com/"' },
    ),
  invalidCredentials: () =>
    apiError(
      401,
      "UNAUTHENTICATED",
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
      { message: "Invalid Credentials", domain: "global", reason: "authError", location: "Authorization", locationType: "header" },
      { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    ),
  insufficientScopes: () =>
    apiError(403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.", {
      message: "Insufficient Permission",
      domain: "global",
      reason: "insufficientPermissions",
    }, { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="https://www.googleapis.com/auth/gmail.readonly"' }),
  delegationDenied: (userId: string) =>
    apiError(403, "PERMISSION_DENIED", `Delegation denied for ${userId}`, { message: `Delegation denied for ${userId}`, domain: "global", reason: "forbidden" }),
  notFound: () =>
    apiError(404, "NOT_FOUND", "Requested entity was not found.", { message: "Requested entity was not found.", domain: "global", reason: "notFound" }),
  invalidArgument: (message: string) =>
    apiError(400, "INVALID_ARGUMENT", message, { message, domain: "global", reason: "invalidArgument" }),
  badRequest: (message: string) => apiError(400, "FAILED_PRECONDITION", message, { message, domain: "global", reason: "failedPrecondition" }),
  methodNotFound: () =>
    apiError(404, "NOT_FOUND", "Method not found.", { message: "Method not found.", domain: "global", reason: "notFound" }),
  userRateLimitExceeded: (retryAt: Date, retryAfterSeconds: number) =>
    apiError(
      429,
      "RESOURCE_EXHAUSTED",
      `User-rate limit exceeded.  Retry after ${retryAt.toISOString()}`,
      { message: "User-rate limit exceeded.", domain: "usageLimits", reason: "userRateLimitExceeded" },
      { "retry-after": String(retryAfterSeconds) },
    ),
  rateLimitExceeded: () =>
    apiError(
      429,
      "RESOURCE_EXHAUSTED",
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'gmail.googleapis.com'.",
      { message: "Rate Limit Exceeded", domain: "usageLimits", reason: "rateLimitExceeded" },
    ),
  backendError: () => apiError(500, "INTERNAL", "Internal error encountered.", { message: "Backend Error", domain: "global", reason: "backendError" }),
  unavailable: () =>
    apiError(503, "UNAVAILABLE", "The service is currently unavailable.", { message: "The service is currently unavailable.", domain: "global", reason: "backendError" }),
};
