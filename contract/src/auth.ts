import { z } from 'zod';
import { PASSWORD_MAX, USERNAME_MAX } from './limits.js';

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

/** POST /auth/token's answer. */
export const tokenResponseSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** GET /dashboard/stats: the four totals of the dashboard's cards, and the inquiries still waiting. */
export const dashboardStatsSchema = z.object({
  total_posts: z.number().int(),
  total_pages: z.number().int(),
  total_users: z.number().int(),
  total_contacts: z.number().int(),
  new_contacts: z.number().int(),
  /** Booking requests staff have not yet confirmed or declined (issue 29). */
  booking_requests: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
