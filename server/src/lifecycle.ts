import proxyAddr from '@fastify/proxy-addr';

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

/** Whether the peer at this socket address is one of the proxies TRUST_PROXY names. */
export type ProxyCheck = (address: string | undefined) => boolean;

/**
 * TRUST_PROXY as a check of the connection's own peer: a hop count trusts whatever stands nearest (that many hops
 * are proxies by the operator's word), a list trusts only its addresses and ranges, false nobody.
 */
export function trustedProxyCheck(trust: false | number | readonly string[]): ProxyCheck {
  if (trust === false || trust === 0) return () => false;
  if (typeof trust === 'number') return () => true;
  const isTrusted = proxyAddr.compile([...trust]);
  return (address) => address !== undefined && isTrusted(address, 0);
}

/**
 * The id a request's log lines carry: the X-Request-Id of a trusted proxy (the connection's peer, not whoever the
 * header claims) when it is sane, else a new one. A client talking to the server directly never names its own.
 */
export function requestIdFrom(
  header: string | string[] | undefined,
  peer: string | undefined,
  isTrustedProxy: ProxyCheck,
  generate: () => string,
): string {
  return typeof header === 'string' && REQUEST_ID.test(header) && isTrustedProxy(peer) ? header : generate();
}
