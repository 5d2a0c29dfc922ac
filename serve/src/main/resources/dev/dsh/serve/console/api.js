// The JSON API as the page uses it: the session cookie, the CSRF token on state-changing
// requests, and every error body turned into an ApiError with the server's code and message.

/** An API answer that was not a success: `status`, `code`, `message` and the whole error body. */
export class ApiError extends Error {
  constructor(status, code, message, body = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

let csrf = null;

async function csrfToken() {
  if (csrf === null) {
    const session = await api('GET', '/api/session');
    csrf = session.signedIn ? session.csrf : '';
  }
  return csrf;
}

/** Forgets the CSRF token (after sign-out, or when the server refused it). */
export function forgetSession() {
  csrf = null;
}

/**
 * Sends one request. `body` is JSON unless it is a Blob (sent as a jar); options: `signIn`
 * (no CSRF, no redirect on 401), `refresh` (the page's own, not the user's: it does not keep the
 * session alive), `retried` (internal). Resolves to the JSON answer, the text of a text/plain
 * answer, or null for 204.
 */
export async function api(method, path, body, options = {}) {
  const headers = { Accept: 'application/json' };
  if (options.refresh) headers['X-Console-Refresh'] = '1';
  let payload;
  if (body instanceof Blob) {
    headers['Content-Type'] = 'application/java-archive';
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (method !== 'GET' && !options.signIn) {
    headers['X-CSRF-Token'] = await csrfToken();
  }
  const response =
    await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  if (response.ok) {
    if (response.status === 204) return null;
    const type = response.headers.get('Content-Type') || '';
    return type.includes('json') ? response.json() : response.text();
  }
  const error = await errorOf(response);
  if (error.code === 'CSRF' && !options.retried && !options.signIn) {
    forgetSession();
    return api(method, path, body, { ...options, retried: true });
  }
  if (response.status === 401 && !options.signIn) {
    location.assign(`/login?next=${encodeURIComponent(location.pathname)}`);
  }
  throw error;
}

async function errorOf(response) {
  let body = {};
  try {
    body = (await response.json()).error || {};
  } catch {
    // not JSON: the status line speaks
  }
  const error = new ApiError(response.status, body.code || `HTTP_${response.status}`,
    body.message || response.statusText || String(response.status), body);
  error.retryAfter = response.headers.get('Retry-After');
  return error;
}
