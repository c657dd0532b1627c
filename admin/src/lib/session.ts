import { createContext, useContext } from 'react';
import { hasRole, type RegisterInput, type SessionUser } from '@tours-cms/contract';

export interface AuthState {
  user: SessionUser | null;
  /** True while a stored token is being checked at start. */
  isLoading: boolean;
  /** Signs in; throws an Error whose message is the server's detail, else 'Login failed'. */
  login(username: string, password: string): Promise<void>;
  /** Revokes the token on the server (best effort) and forgets it here. */
  logout(): Promise<void>;
  /** Creates an account; throws the server's detail, else 'Registration failed'. */
  register(input: RegisterInput): Promise<void>;
  /**
   * Reads the signed-in user again, after they changed their own name or email. Never throws: if the read fails
   * the session keeps the user it had (a 401 still ends the session, as any does).
   */
  refreshUser(): Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

/** The session; only inside <AuthProvider>. */
export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

/** True when the signed-in user may change content (editors and admins); plain users read only. */
export function useCanEdit(): boolean {
  const { user } = useAuth();
  return !!user && hasRole(user.role, 'editor');
}
