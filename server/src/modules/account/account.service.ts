import type { Account, PasswordChangeInput, ProfileInput, RecoveryCodes, TwoFactorSetup } from '@tours-cms/contract';
import type { Actor } from '../../core/actor.js';
import { forbidden, invalidField, tooManyRequests } from '../../core/errors.js';
import type { PasswordCheckGate, Throttle } from '../auth/auth.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { TwoFactorService } from '../two-factor/two-factor.service.js';
import type { UsersService } from '../users/users.service.js';

export interface AccountDeps {
  users: UsersService;
  twoFactor: TwoFactorService;
  settings: SettingsService;
  /** Wrong current passwords and wrong first codes count like wrong sign-ins: a stolen session cannot guess freely. */
  loginThrottle: Throttle;
  passwordChecks: PasswordCheckGate;
}

/**
 * The signed-in user's own account (the Account screen): profile, password, two-factor sign-in. Refusals are 422
 * on a field or 403/409, never 401: the person is signed in, and a 401 would end their session in the admin.
 */
export function createAccountService({ users, twoFactor, settings, loginThrottle, passwordChecks }: AccountDeps) {
  /** 429 when the key has failed too often; else the attempt counts, and is taken back when it succeeds. */
  async function throttled(key: string, attempt: () => Promise<boolean>, onFailure: () => Error): Promise<void> {
    const wait = await loginThrottle.attempt(key);
    if (wait > 0) throw tooManyRequests(wait, 'Too many wrong attempts. Try again later.');
    if (!(await attempt())) throw onFailure();
    await loginThrottle.forgiveLatest(key);
  }

  /** The password asked again before a change that matters; counted against the username like a sign-in. */
  async function confirmPassword(actor: Actor, password: string, field: string): Promise<void> {
    await throttled(
      `user:${actor.username.toLowerCase()}`,
      () => passwordChecks.run(() => users.checkPassword(actor.id, password)),
      () => invalidField(field, 'Your current password is not right'),
    );
  }

  async function mustUseTwoFactor(actor: Actor): Promise<boolean> {
    return (await settings.get()).two_factor_roles.includes(actor.role);
  }

  return {
    async get(actor: Actor): Promise<Account> {
      const [user, state, required] = await Promise.all([
        users.get(actor.id),
        twoFactor.status(actor.id),
        mustUseTwoFactor(actor),
      ]);
      return {
        id: user.id,
        username: user.username,
        full_name: user.full_name,
        email: user.email,
        role: user.role,
        two_factor_enabled: state.enabled,
        two_factor_required: required,
        recovery_codes_left: state.recoveryCodesLeft,
      };
    },

    /**
     * The name as it comes; a new e-mail address only with the current password (422 on `current_password`): a
     * session left open in a browser must not be enough to move the account's address elsewhere.
     */
    async updateProfile(actor: Actor, input: ProfileInput & { full_name: string | null }): Promise<Account> {
      const { current_password: password, ...profile } = input;
      if (profile.email.toLowerCase() !== (await users.get(actor.id)).email.toLowerCase()) {
        if (!password)
          throw invalidField('current_password', 'Enter your current password to change your e-mail address');
        await confirmPassword(actor, password, 'current_password');
      }
      await users.updateProfile(actor, profile);
      return this.get(actor);
    },

    /** The current password first (422 on `current_password`); then every other session of the user ends. */
    async changePassword(actor: Actor, input: PasswordChangeInput, currentSessionId: number | null): Promise<void> {
      await confirmPassword(actor, input.current_password, 'current_password');
      await users.changeOwnPassword(actor, input.new_password, currentSessionId);
    },

    beginTwoFactorSetup: (actor: Actor): Promise<TwoFactorSetup> => twoFactor.beginSetup(actor),

    /**
     * The password, then the first code from the app (wrong ones are counted per user like sign-in guesses). Every
     * other session of the user ends, as a password change ends them: whoever else held one must now pass the
     * second factor.
     */
    async enableTwoFactor(
      actor: Actor,
      input: { code: string; password: string },
      currentSessionId: number | null,
    ): Promise<RecoveryCodes> {
      await confirmPassword(actor, input.password, 'password');
      const key = `totp-setup:${actor.id}`;
      const wait = await loginThrottle.attempt(key);
      if (wait > 0) throw tooManyRequests(wait, 'Too many wrong codes. Try again later.');
      const codes = await twoFactor.confirmSetup(actor, input.code, currentSessionId);
      await loginThrottle.reset(key);
      return codes;
    },

    /** Off again, with the password; not while the user's role requires it (an administrator may reset it). */
    async disableTwoFactor(actor: Actor, password: string): Promise<void> {
      if (await mustUseTwoFactor(actor))
        throw forbidden('Your role requires two-factor sign-in, so it cannot be turned off');
      await confirmPassword(actor, password, 'password');
      await twoFactor.disable(actor);
    },

    async renewRecoveryCodes(actor: Actor, password: string): Promise<RecoveryCodes> {
      await confirmPassword(actor, password, 'password');
      return twoFactor.renewRecoveryCodes(actor);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
