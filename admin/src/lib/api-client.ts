import { TOKEN_STORAGE_KEY, type ApiErrorBody, type FieldError } from '@tours-cms/contract';

/** The API base; the server mounts the same API at /api and /admin_vendor_api/api. */
export const API_BASE = '/api';

/**
 * An API failure. `detail` is the server's readable sentence, or '' when it sent none (so callers can fall back
 * to the spec's own wording); `message` is always something a person can read.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    /** The whole answer, for the fields some errors carry beside `detail` (a version conflict's current version). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(detail || (status === 0 ? 'Cannot reach the server' : `Request failed (${status})`));
    this.name = 'ApiError';
  }
}

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else localStorage.removeItem(TOKEN_STORAGE_KEY);
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** Called when any request answers 401, so the session can end wherever the user is. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Ends the session wherever the user is: for requests made outside apiFetch (the upload's XMLHttpRequest). */
export function reportUnauthorized(): void {
  unauthorizedListeners.forEach((listener) => listener());
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** A plain object is sent as JSON; FormData and URLSearchParams as they are. */
  body?: unknown;
}

/** Every call to the API goes through here: base URL, bearer token, JSON, and `{detail}` errors as ApiError. */
/** What a request that never reached the server says: a read, and a write (nothing was saved, nothing is lost). */
export const NETWORK_ERROR_READ = 'Cannot reach the server. Check your connection and try again.';
export const NETWORK_ERROR_WRITE =
  'Cannot reach the server, so nothing was saved. Your changes are still here: check your connection and try again.';

export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (init.body instanceof FormData || init.body instanceof URLSearchParams || init.body instanceof Blob) {
    body = init.body;
  } else if (init.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.body);
  }
  headers.set('Accept', 'application/json');

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { ...init, headers, body });
  } catch {
    // A save that never reached the server: the form keeps what was typed (and the editors keep a copy in this browser).
    const method = (init.method ?? 'GET').toUpperCase();
    throw new ApiError(0, method === 'GET' ? NETWORK_ERROR_READ : NETWORK_ERROR_WRITE);
  }
  if (response.status === 401 && token) reportUnauthorized();
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export async function toApiError(response: Response): Promise<ApiError> {
  let payload: Partial<ApiErrorBody> = {};
  try {
    payload = (await response.json()) as ApiErrorBody;
  } catch {
    // not JSON: fall through to a generic message
  }
  const detail = typeof payload.detail === 'string' ? payload.detail : '';
  return new ApiError(response.status, detail, payload.errors ?? [], payload as Record<string, unknown>);
}

/** The server's message for an error, else a fallback sentence. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}
