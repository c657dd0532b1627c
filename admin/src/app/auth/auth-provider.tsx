import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, RegisterInput, TokenResponse, TwoFactorChallenge } from '@tours-cms/contract';
import { ApiError, apiFetch, getStoredToken, onUnauthorized, storeToken } from '../../lib/api-client';
import { AuthContext, type AuthState, type LoginResult } from '../../lib/session';

function fetchMe(): Promise<CurrentUser> {
  return apiFetch<CurrentUser>('/auth/me');
}

/** A sign-in call's failure as the Error the login form shows: the server's detail, else 'Login failed'. */
function loginError(error: unknown): Error {
  return new Error(error instanceof ApiError && error.detail ? error.detail : 'Login failed');
}

/**
 * The session: a token in localStorage under 'token'; at start it is checked with /auth/me and
 * dropped if that fails; any later 401 ends the session too.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [isLoading, setIsLoading] = useState(() => getStoredToken() !== null);

  const clearSession = useCallback(() => {
    storeToken(null);
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    if (!getStoredToken()) return;
    let cancelled = false;
    fetchMe()
      .then((me) => !cancelled && setUser(me))
      .catch((error: unknown) => {
        console.error('Could not load the signed-in user', error);
        if (!cancelled) clearSession();
      })
      .finally(() => !cancelled && setIsLoading(false));
    return () => {
      cancelled = true;
    };
  }, [clearSession]);

  useEffect(() => onUnauthorized(clearSession), [clearSession]);

  const startSession = useCallback(async (token: string) => {
    storeToken(token);
    setUser(await fetchMe());
  }, []);

  const login = useCallback(
    async (username: string, password: string): Promise<LoginResult> => {
      const form = new FormData();
      form.set('username', username);
      form.set('password', password);
      try {
        const answer = await apiFetch<TokenResponse | TwoFactorChallenge>('/auth/token', {
          method: 'POST',
          body: form,
        });
        if ('two_factor_required' in answer) return { signedIn: false, challenge: answer.challenge };
        await startSession(answer.access_token);
        return { signedIn: true };
      } catch (error) {
        storeToken(null);
        throw loginError(error);
      }
    },
    [startSession],
  );

  const completeTwoFactor = useCallback(
    async (challenge: string, code: string) => {
      const form = new FormData();
      form.set('challenge', challenge);
      form.set('code', code);
      try {
        const { access_token } = await apiFetch<TokenResponse>('/auth/token/two-factor', {
          method: 'POST',
          body: form,
        });
        await startSession(access_token);
      } catch (error) {
        storeToken(null);
        throw loginError(error);
      }
    },
    [startSession],
  );

  const logout = useCallback(async () => {
    if (getStoredToken()) {
      await apiFetch('/auth/logout', { method: 'POST' }).catch(() => undefined);
    }
    clearSession();
  }, [clearSession]);

  const register = useCallback(async (input: RegisterInput) => {
    try {
      await apiFetch('/auth/register', { method: 'POST', body: input });
    } catch (error) {
      throw new Error(error instanceof ApiError && error.detail ? error.detail : 'Registration failed');
    }
  }, []);

  const refreshUser = useCallback(async () => {
    if (!getStoredToken()) return;
    try {
      const me = await fetchMe();
      // Signed out (or in as someone else) meanwhile: this answer is about a session that is gone.
      if (getStoredToken()) setUser((current) => (current?.id === me.id ? me : current));
    } catch (error) {
      console.error('Could not reload the signed-in user', error);
    }
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, isLoading, login, completeTwoFactor, logout, register, refreshUser }),
    [user, isLoading, login, completeTwoFactor, logout, register, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
