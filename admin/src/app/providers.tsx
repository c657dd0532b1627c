import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from './auth/auth-provider';
import { ConfirmProvider } from '../components/confirm-dialog';
import { NotifyProvider } from '../components/notify';
import { createQueryClient } from './query-client';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <NotifyProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </NotifyProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
