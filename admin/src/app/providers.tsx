import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from './auth/auth-provider';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { NotifyProvider } from '../components/ui/notify';
import { createQueryClient } from './query-client';

export function Providers({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
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
