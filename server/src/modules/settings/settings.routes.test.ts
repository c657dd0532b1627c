import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';

const settings = {
  site_name: 'Azure Bay Tours',
  currency: 'usd',
  contact_email: 'hello@azurebay.example.com',
  contact_phone: '+1 (555) 010-2030',
  social_image_url: '/uploads/2026/01/bay.jpg',
};

forEachDialect('settings', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const read = (token: string | null) => injectAs(t.app, token, { method: 'GET', url: '/api/settings' });
  const save = (token: string | null, payload: object) =>
    injectAs(t.app, token, { method: 'PUT', url: '/api/settings', payload });

  it('answers the defaults until an administrator saves settings', async () => {
    const res = await read(t.tokens.user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_SITE_SETTINGS, updated_at: null });
  });

  it('lets an administrator save every setting, the currency upper-cased, and every role read them back', async () => {
    const res = await save(t.tokens.admin, settings);
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      ...settings,
      currency: 'USD',
      timezone: 'UTC',
      revisions_keep: null,
      two_factor_roles: [],
      activity_retention_days: 365,
      updated_at: expect.stringMatching(/Z$/),
    };
    expect(res.json()).toEqual(saved);
    for (const token of [t.tokens.user, t.tokens.editor]) expect((await read(token)).json()).toEqual(saved);
    const again = await save(t.tokens.admin, {
      ...settings,
      site_name: 'Azure Bay',
      contact_email: '',
      contact_phone: null,
      social_image_url: '',
    });
    expect(again.json()).toMatchObject({
      site_name: 'Azure Bay',
      contact_email: null,
      contact_phone: null,
      social_image_url: null,
    });
  });

  it('keeps the time zone and the versions to keep when a client leaves them out, and clears the limit with null', async () => {
    expect(
      (await save(t.tokens.admin, { ...settings, timezone: 'Europe/Lisbon', revisions_keep: 5 })).json(),
    ).toMatchObject({ timezone: 'Europe/Lisbon', revisions_keep: 5 });
    expect((await save(t.tokens.admin, { ...settings, site_name: 'Renamed' })).json()).toMatchObject({
      site_name: 'Renamed',
      timezone: 'Europe/Lisbon',
      revisions_keep: 5,
    });
    expect((await save(t.tokens.admin, { ...settings, revisions_keep: null })).json()).toMatchObject({
      timezone: 'Europe/Lisbon',
      revisions_keep: null,
    });
  });

  it('refuses editors and users (403) and visitors (401), and changes nothing', async () => {
    expect((await save(t.tokens.editor, settings)).statusCode).toBe(403);
    expect((await save(t.tokens.user, settings)).statusCode).toBe(403);
    expect((await save(null, settings)).statusCode).toBe(401);
    expect((await read(null)).statusCode).toBe(401);
    expect((await read(t.tokens.admin)).json().updated_at).toBeNull();
  });

  it.each([
    ['an unknown currency', { currency: 'EURO' }, 'currency', 'Currency must be an ISO 4217 code, such as EUR or USD'],
    [
      'a made-up currency code',
      { currency: 'ZZZ' },
      'currency',
      'Currency must be an ISO 4217 code, such as EUR or USD',
    ],
    ['a blank site name', { site_name: '  ' }, 'site_name', 'Site name is required'],
    ['a malformed email', { contact_email: 'not an email' }, 'contact_email', 'Enter a valid email address'],
    [
      'a phone with letters',
      { contact_phone: 'call us' },
      'contact_phone',
      'Phone may contain only digits, spaces and + ( ) . / -',
    ],
    [
      'a javascript: image',
      { social_image_url: 'javascript:alert(1)' },
      'social_image_url',
      'Social image URL must start with http://, https:// or /',
    ],
    [
      'an unknown time zone',
      { timezone: 'Europe/Atlantis' },
      'timezone',
      'Time zone must be an IANA time zone, such as Europe/Lisbon or UTC',
    ],
    ['keeping no versions', { revisions_keep: 0 }, 'revisions_keep', 'Versions to keep must be at least 1'],
    ['keeping half a version', { revisions_keep: 2.5 }, 'revisions_keep', 'Versions to keep must be a whole number'],
  ])('refuses %s with 422 naming the field, and saves nothing', async (_name, change, field, message) => {
    const res = await save(t.tokens.admin, { ...settings, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await read(t.tokens.admin)).json().updated_at).toBeNull();
  });
});
