import { createHash, randomBytes } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CHALLENGE_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_MINUTES,
  normalizeRecoveryCode,
  normalizeTotpCode,
  type RecoveryCodes,
  type TwoFactorSetup,
} from '@tours-cms/contract';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, conflict, invalidField, notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import * as repo from './two-factor.repository.js';
import { newRecoveryCode, newTotpSecret, totpEnrolment, totpStepOf } from './totp.js';
import { sealStoredSecrets, totpContext, type SealReport } from './stored-secrets.js';
import { SecretUnreadable, type SecretBox } from '../../secret-box.js';

export interface TwoFactorDeps {
  db: Db;
  activity: ActivityService;
  /** Turning it on ends the user's other sessions. */
  sessions: SessionsService;
  /** Seals the secrets in the database (SECRETS_KEY). */
  secrets: SecretBox;
  /** The site's name names the account in the authenticator app. */
  settings: SettingsService;
}

export type SecondFactor = 'totp' | 'recovery';

const MALFORMED_CODE = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Recovery codes carry 60 random bits; the hash is bound to its user so that equal codes of two users differ. */
const recoveryHash = (userId: number, code: string) => sha256(`${userId}:${code}`);

/**
 * Two-factor sign-in (TOTP, RFC 6238) and its recovery codes: enrolment, the check of a code (each accepted
 * once), and the short-lived challenge between a correct password and the code. Signing in itself is the auth
 * service's; the Account screen's rules (the password asked again) are the account service's.
 */
export function createTwoFactorService({ db, activity, sessions, settings, secrets }: TwoFactorDeps) {
  /** A stored secret opened; one this server's keys cannot open is a fault of its configuration (503), not the user's. */
  function openSecret(stored: string, userId: number): string {
    try {
      return secrets.open(stored, totpContext(userId));
    } catch (error) {
      if (!(error instanceof SecretUnreadable)) throw error;
      throw new HttpError(
        503,
        "Two-factor sign-in cannot be checked on this server: its SECRETS_KEY does not open this account's secret. Ask an administrator.",
      );
    }
  }

  async function stateOf(userId: number, tx: Db = db): Promise<repo.TotpState> {
    const state = await repo.findTotpState(tx, userId);
    if (!state) throw notFound('User');
    return state;
  }

  /** New recovery codes for the user, replacing any left; only their hashes are kept. */
  async function issueRecoveryCodes(tx: Db, userId: number): Promise<RecoveryCodes> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((code) => recoveryHash(userId, normalizeRecoveryCode(code)!)),
      nowIso(),
    );
    return { recovery_codes: codes };
  }

  async function record(tx: Db, actor: Actor, user: { id: number; username: string }, summary: string): Promise<void> {
    await activity.record(tx, actor, {
      action: 'two_factor',
      itemType: 'user',
      itemId: user.id,
      title: user.username,
      summary,
    });
  }

  return {
    async status(userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const state = await stateOf(userId);
      return {
        enabled: state.totp_secret !== null,
        recoveryCodesLeft: state.totp_secret === null ? 0 : await repo.countRecoveryCodes(db, userId),
      };
    },

    /** A new secret for the user's app, waiting for its first code (a setup begun again replaces it). */
    async beginSetup(actor: Actor): Promise<TwoFactorSetup> {
      const state = await stateOf(actor.id);
      if (state.totp_secret !== null) throw conflict('Two-factor sign-in is already on');
      const secret = newTotpSecret();
      await repo.setPendingSecret(db, actor.id, secrets.seal(secret, totpContext(actor.id)));
      const { site_name } = await settings.get();
      const { url, qrSvg } = await totpEnrolment(secret, site_name, state.username);
      return { secret, otpauth_url: url, qr_code_svg: qrSvg };
    },

    /**
     * The first code from the app confirms the setup: two-factor sign-in is on from now, the user's sessions but
     * `keepSessionId` end, and the recovery codes are answered, once. A wrong code is a 422 on the field (the person
     * is signed in: never a 401 here).
     */
    async confirmSetup(actor: Actor, code: string, keepSessionId: number | null): Promise<RecoveryCodes> {
      const digits = normalizeTotpCode(code);
      if (!digits) throw invalidField('code', 'Enter the 6-digit code from your authenticator app');
      return inTransaction(db, async (tx) => {
        const state = await stateOf(actor.id, tx);
        if (state.totp_secret !== null) throw conflict('Two-factor sign-in is already on');
        if (state.totp_pending_secret === null)
          throw conflict('There is no setup waiting for a code: start the setup again');
        const step = totpStepOf(openSecret(state.totp_pending_secret, actor.id), digits);
        if (step === null)
          throw invalidField(
            'code',
            'That code is not right: check that the time on your phone is correct and try the new code',
          );
        if (!(await repo.enableTotp(tx, actor.id, state.totp_pending_secret, step, nowIso())))
          throw conflict('The setup changed meanwhile: start it again');
        const codes = await issueRecoveryCodes(tx, actor.id);
        await sessions.endAllOf(actor.id, tx, keepSessionId ?? undefined);
        await record(tx, actor, state, 'Turned on two-factor sign-in; their other sessions ended');
        return codes;
      });
    },

    /** Turns it off for the actor (the account service checked the password and the role's rule). */
    async disable(actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const state = await stateOf(actor.id, tx);
        if (state.totp_secret === null) throw conflict('Two-factor sign-in is already off');
        await repo.disableTotp(tx, actor.id);
        await record(tx, actor, state, 'Turned off two-factor sign-in');
      });
    },

    /** An administrator's reset, for a user who lost their device: they sign in with their password alone again. */
    async reset(userId: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const state = await stateOf(userId, tx);
        await repo.disableTotp(tx, userId);
        await record(
          tx,
          actor,
          state,
          state.totp_secret === null ? 'Reset two-factor sign-in (it was off)' : 'Reset two-factor sign-in',
        );
      });
    },

    /** New recovery codes, the old ones no longer valid. */
    async renewRecoveryCodes(actor: Actor): Promise<RecoveryCodes> {
      return inTransaction(db, async (tx) => {
        const state = await stateOf(actor.id, tx);
        if (state.totp_secret === null) throw conflict('Two-factor sign-in is off: there are no recovery codes');
        const codes = await issueRecoveryCodes(tx, actor.id);
        await record(tx, actor, state, 'Made new recovery codes');
        return codes;
      });
    },

    /** The second step of a sign-in: a random token (only its hash is kept) that expires in minutes. */
    async startChallenge(userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      await repo.insertChallenge(db, {
        user_id: userId,
        token_hash: sha256(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000).toISOString(),
      });
      return token;
    },

    /** The unexpired challenge of this token and its user, or null. */
    async findChallenge(token: string): Promise<repo.ChallengeRow | null> {
      const row = await repo.findChallenge(db, sha256(token));
      return row && row.expires_at > nowIso() ? row : null;
    },

    /** A wrong code spends one of the challenge's attempts; the last one spends the challenge. */
    countWrongCode: (challengeId: number): Promise<void> =>
      repo.countChallengeAttempt(db, challengeId, TWO_FACTOR_CHALLENGE_ATTEMPTS),

    /** Uses up the challenge in the sign-in's transaction: false when another request already did. */
    takeChallenge: (tx: Db, challengeId: number): Promise<boolean> => repo.takeChallenge(tx, challengeId),

    /**
     * Accepts a code of the user, in the caller's transaction: an app's code of a step not yet used (the step is
     * then used), or an unused recovery code (it is then gone). Throws 422 for a malformed code, 401 for a wrong
     * or used one.
     */
    async acceptCode(tx: Db, userId: number, code: string): Promise<SecondFactor> {
      const digits = normalizeTotpCode(code);
      const recovery = digits ? null : normalizeRecoveryCode(code);
      if (!digits && !recovery) throw invalidField('code', MALFORMED_CODE);
      const state = await stateOf(userId, tx);
      if (state.totp_secret === null)
        throw new HttpError(401, 'Two-factor sign-in is off for this account: sign in again');
      if (recovery) {
        if (!(await repo.useRecoveryCode(tx, userId, recoveryHash(userId, recovery))))
          throw new HttpError(401, 'This recovery code is not valid or was already used');
        return 'recovery';
      }
      const step = totpStepOf(openSecret(state.totp_secret, userId), digits!);
      if (step === null)
        throw new HttpError(
          401,
          'The code is not right: check that the time on your phone is correct and try the new code',
        );
      if (!(await repo.advanceTotpStep(tx, userId, state.totp_secret, step)))
        throw new HttpError(401, 'This code was already used: wait for the next one');
      return 'totp';
    },

    recoveryCodesLeft: (userId: number, tx: Db = db): Promise<number> => repo.countRecoveryCodes(tx, userId),

    /**
     * At start: seals the secrets still plain (from before encryption) or under SECRETS_KEY_PREVIOUS under the
     * current key, and names the accounts whose secret none of this server's keys opens.
     */
    sealSecrets: (): Promise<SealReport> => sealStoredSecrets(db, secrets, { dropUnreadable: false }),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
