/**
 * Where the process is in its life, for the readiness probe: `starting` until the app is ready to serve
 * (migrations ran, every plugin loaded), `ready`, then `draining` from the moment it was told to stop (SIGTERM):
 * a load balancer sends it no new visitors while the requests in flight finish.
 */
export type LifecycleState = 'starting' | 'ready' | 'draining';

export interface Lifecycle {
  readonly state: LifecycleState;
  markReady(): void;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let state: LifecycleState = 'starting';
  return {
    get state() {
      return state;
    },
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    startDraining() {
      state = 'draining';
    },
  };
}

/** A request id a proxy may hand us (X-Request-Id): short, and nothing that could break a log line. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** The id a request's log lines carry: the proxy's X-Request-Id when proxies are trusted and it is sane, else new. */
export function requestIdFrom(header: string | string[] | undefined, trustProxy: boolean, generate: () => string): string {
  return trustProxy && typeof header === 'string' && REQUEST_ID.test(header) ? header : generate();
}
