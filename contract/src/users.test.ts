import { describe, expect, it } from 'vitest';
import { hasRole, registerSchema, ROLES, userCreateSchema, userUpdateSchema } from './users.js';

const valid = { username: 'guide', email: 'guide@example.com', password: 'long enough' };

/** The fields a failed parse names. */
function failedFields(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => issue.path.join('.'));
}

describe('userCreateSchema', () => {
  it('defaults the role to user, active to true and a missing full name to null', () => {
    expect(userCreateSchema.parse(valid)).toEqual({ ...valid, full_name: null, role: 'user', is_active: true });
  });

  it('trims the username and email and stores a blank full name as null', () => {
    const parsed = userCreateSchema.parse({
      ...valid,
      username: '  guide ',
      email: ' guide@example.com ',
      full_name: '   ',
    });
    expect(parsed).toMatchObject({ username: 'guide', email: 'guide@example.com', full_name: null });
  });

  it('keeps the password exactly as typed', () => {
    expect(userCreateSchema.parse({ ...valid, password: '  spaced out  ' }).password).toBe('  spaced out  ');
  });

  it('accepts each of the three roles and nothing else', () => {
    for (const role of ROLES) expect(userCreateSchema.parse({ ...valid, role }).role).toBe(role);
    for (const role of ['owner', 'Admin', '', null]) {
      const result = userCreateSchema.safeParse({ ...valid, role });
      expect(failedFields(result)).toEqual(['role']);
      expect(result.error!.issues[0]!.message).toBe('Role must be one of admin, editor, user');
    }
  });

  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', 'u'.repeat(51), 'Username must be at most 50 characters'],
    ['username', 'two words', 'Username may contain only letters, digits, dots, hyphens and underscores'],
    ['email', 'not-an-email', 'Enter a valid email address'],
    ['email', `${'a'.repeat(250)}@example.com`, 'Email must be at most 254 characters'],
    ['password', 'short', 'Password must be at least 10 characters'],
    ['password', 'p'.repeat(129), 'Password must be at most 128 characters'],
    ['full_name', 'n'.repeat(101), 'Must be at most 100 characters'],
  ])('refuses %s %j with a readable message', (field, value, message) => {
    const result = userCreateSchema.safeParse({ ...valid, [field]: value });
    expect(failedFields(result)).toEqual([field]);
    expect(result.error!.issues[0]!.message).toBe(message);
  });

  it('names every required field that is missing', () => {
    const result = userCreateSchema.safeParse({});
    expect(failedFields(result).sort()).toEqual(['email', 'password', 'username']);
    expect(result.error!.issues.map((issue) => issue.message).sort()).toEqual([
      'Email is required',
      'Password is required',
      'Username is required',
    ]);
  });

  it('drops fields the server owns', () => {
    const parsed = userCreateSchema.parse({ ...valid, id: 99, created_at: '2000-01-01', password_hash: 'x' });
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('created_at');
    expect(parsed).not.toHaveProperty('password_hash');
  });
});

describe('userUpdateSchema', () => {
  const edit = { username: 'guide', email: 'guide@example.com' };

  it('takes no password, a blank one or null as "keep the current password"', () => {
    for (const password of [undefined, '', null])
      expect(userUpdateSchema.parse({ ...edit, password }).password).toBeUndefined();
  });

  it('checks a new password like a new user’s', () => {
    expect(userUpdateSchema.parse({ ...edit, password: 'a new secret' }).password).toBe('a new secret');
    expect(failedFields(userUpdateSchema.safeParse({ ...edit, password: 'short' }))).toEqual(['password']);
  });

  it('leaves the role and active flag unchanged unless given', () => {
    const parsed = userUpdateSchema.parse(edit);
    expect(parsed.role).toBeUndefined();
    expect(parsed.is_active).toBeUndefined();
    expect(userUpdateSchema.parse({ ...edit, role: 'editor', is_active: false })).toMatchObject({
      role: 'editor',
      is_active: false,
    });
  });

  it('still requires a username and a valid email', () => {
    expect(failedFields(userUpdateSchema.safeParse({ email: 'bad' })).sort()).toEqual(['email', 'username']);
  });
});

describe('registerSchema', () => {
  it('never carries a role or active flag from the client', () => {
    const parsed = registerSchema.parse({ ...valid, role: 'admin', is_active: false });
    expect(parsed).not.toHaveProperty('role');
    expect(parsed).not.toHaveProperty('is_active');
  });
});

describe('hasRole', () => {
  it('ranks admin over editor over user', () => {
    expect(hasRole('admin', 'editor')).toBe(true);
    expect(hasRole('editor', 'editor')).toBe(true);
    expect(hasRole('editor', 'admin')).toBe(false);
    expect(hasRole('user', 'editor')).toBe(false);
    expect(hasRole('user', 'user')).toBe(true);
  });
});
