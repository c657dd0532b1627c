import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasRole, type Role } from '@tours-cms/contract';
import { useAuth } from '../../lib/session';
import { FullPageSpinner } from '../../components/ui/spinner';
import { ForbiddenState } from '../../components/ui/states';

/** Where a user whose role requires two-factor sign-in is sent until they have set it up. */
export const ACCOUNT_PATH = '/admin/account';

/**
 * Every admin route but /admin needs a session; a spinner while it loads, else back to /admin. A user whose role
 * requires two-factor sign-in and who has not set it up yet is sent to the Account screen (the server refuses
 * them everything else until then).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <FullPageSpinner label="Loading your session" />;
  if (!user) return <Navigate to="/admin" replace />;
  if (user.two_factor_setup_required && pathname.replace(/\/+$/, '') !== ACCOUNT_PATH)
    return <Navigate to={ACCOUNT_PATH} replace />;
  return children;
}

/** Screens for a higher role show why they are closed instead of failing requests. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { user } = useAuth();
  if (!user || !hasRole(user.role, role)) return <ForbiddenState />;
  return children;
}
