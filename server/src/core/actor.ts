import type { SessionUser } from '@tours-cms/contract';

/**
 * Who makes a write: the signed-in user, and the address their request came from, which the activity log
 * records. The auth plugin makes one per request (`request.user`); the demo seed and tests may pass a bare
 * SessionUser, whose entries then have no address.
 */
export interface Actor extends SessionUser {
  address?: string | null;
}
