import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  PasswordChangeInput,
  ProfileInput,
  RecoveryCodes,
  TwoFactorEnableInput,
  TwoFactorSetup,
} from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getAccount = () => apiFetch<Account>('/account');
export const updateProfile = (input: ProfileInput) =>
  apiFetch<Account>('/account/profile', { method: 'PUT', body: input });
export const changePassword = (input: PasswordChangeInput) =>
  apiFetch<void>('/account/password', { method: 'PUT', body: input });
export const beginTwoFactorSetup = () => apiFetch<TwoFactorSetup>('/account/two-factor/setup', { method: 'POST' });
export const enableTwoFactor = (input: TwoFactorEnableInput) =>
  apiFetch<RecoveryCodes>('/account/two-factor/enable', { method: 'POST', body: input });
export const disableTwoFactor = (password: string) =>
  apiFetch<void>('/account/two-factor/disable', { method: 'POST', body: { password } });
export const renewRecoveryCodes = (password: string) =>
  apiFetch<RecoveryCodes>('/account/two-factor/recovery-codes', { method: 'POST', body: { password } });

export function useAccount() {
  return useQuery({ queryKey: queryKeys.account, queryFn: getAccount });
}

/** A write to one's own account: the Account screen reads it again, and the dashboard's recent activity too. */
function useAccountMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.account }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}

export const useUpdateProfile = () => useAccountMutation(updateProfile);
export const useChangePassword = () => useAccountMutation(changePassword);
export const useBeginTwoFactorSetup = () => useMutation({ mutationFn: beginTwoFactorSetup });
export const useEnableTwoFactor = () => useAccountMutation(enableTwoFactor);
export const useDisableTwoFactor = () => useAccountMutation(disableTwoFactor);
export const useRenewRecoveryCodes = () => useAccountMutation(renewRecoveryCodes);
