import { z } from 'zod';
import { PASSWORD_MAX, USERNAME_MAX } from './limits.js';
import type { User } from './users.js';

/** POST /auth/token form fields. Bounded so a huge body cannot reach the password hasher. */
export const loginSchema = z.object({
  username: z
    .string({ message: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(USERNAME_MAX * 4, 'Username is too long'),
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX * 4, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
}

/** GET /auth/me: the signed-in user. */
export type SessionUser = Pick<User, 'id' | 'username' | 'full_name' | 'email' | 'role'>;

export interface DashboardStats {
  total_posts: number;
  total_pages: number;
  total_users: number;
  total_contacts: number;
  new_contacts: number;
}
