import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailSettingsInput, MailStatus, TestMailResult } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getMailStatus = () => apiFetch<MailStatus>('/settings/mail');
export const saveMailSettings = (input: MailSettingsInput) =>
  apiFetch<MailStatus>('/settings/mail', { method: 'PUT', body: input });
export const sendTestMail = () => apiFetch<TestMailResult>('/settings/mail/test', { method: 'POST' });

/** Whether the server sends e-mail, to whom inquiries go, and what has not gone out (looked at again every minute). */
export function useMailStatus() {
  return useQuery({ queryKey: queryKeys.mailSettings, queryFn: getMailStatus, refetchInterval: 60_000 });
}

export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailSettings,
    onSuccess: (status) => queryClient.setQueryData(queryKeys.mailSettings, status),
  });
}

export function useSendTestMail() {
  return useMutation({ mutationFn: sendTestMail });
}
