import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasRole, type Role } from '@tours-cms/contract';
import { useAuth } from '../../lib/session';
import { FullPageSpinner } from '../../components/spinner';
import { ForbiddenState } from '../../components/states';

/** Every admin route but /admin needs a session; a spinner while it loads, else back to /admin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner label="Loading your session" />;
  if (!user) return <Navigate to="/admin" replace />;
  return children;
}

/** Screens for a higher role show why they are closed instead of failing requests. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { user } = useAuth();
  if (!user || !hasRole(user.role, role)) return <ForbiddenState />;
  return children;
}
