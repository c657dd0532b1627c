import { createContext, useContext } from 'react';
import { hasRole, type CurrentUser, type RegisterInput } from '@tours-cms/contract';

/** What the password step of a sign-in led to: signed in, or a second factor to ask for (decisions §14). */
export type LoginResult = { signedIn: true } | { signedIn: false; challenge: string };

export interface AuthState {
  user: CurrentUser | null;
  /** True while a stored token is being checked at start. */
  isLoading: boolean;
  /**
   * Signs in with the password; throws an Error whose message is the server's detail, else 'Login failed'. For an
   * account with two-factor sign-in on, answers the challenge that `completeTwoFactor` takes with the code.
   */
  login(username: string, password: string): Promise<LoginResult>;
  /** The second step: the challenge and a code from the app (or a recovery code); throws the server's detail. */
  completeTwoFactor(challenge: string, code: string): Promise<void>;
  /** Revokes the token on the server (best effort) and forgets it here. */
  logout(): Promise<void>;
  /** Creates an account; throws the server's detail, else 'Registration failed'. */
  register(input: RegisterInput): Promise<void>;
  /**
   * Reads the signed-in user again, after they changed their own name or email or their second factor. Never throws: if the read fails
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
