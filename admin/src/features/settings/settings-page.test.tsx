import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderRoutes, stubApi } from '../../test/render';
import { SettingsPage } from './settings-page';

const SETTINGS = {
  site_name: 'Azure Bay Tours',
  currency: 'EUR',
  contact_email: 'hello@azurebay.example.com',
  contact_phone: null,
  social_image_url: null,
  timezone: 'UTC',
  revisions_keep: null,
  two_factor_roles: [],
  activity_retention_days: 365,
  default_language: 'en',
  languages: ['en'],
  display_currencies: [] as { code: string; rate: number; rate_set_at: string }[],
  language_currencies: {} as Record<string, string>,
  site_description: '',
  language_details: {} as Record<string, Record<string, string>>,
  updated_at: '2026-11-20T10:00:00.000Z',
};

function setup(role: 'admin' | 'editor', extra: Parameters<typeof stubApi>[0] = {}) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({
    'GET /auth/me': () => ({ id: 1, username: 'ana', full_name: 'Ana', email: 'ana@example.com', role }),
    'GET /settings': () => SETTINGS,
    ...extra,
  });
  renderRoutes([{ path: '/admin/settings', element: <SettingsPage /> }], '/admin/settings');
  return calls;
}

describe('Settings screen', () => {
  it("saves the site's time zone and how many versions to keep (blank keeps them all)", async () => {
    const calls = setup('admin', {
      'PUT /settings': () => ({ ...SETTINGS, timezone: 'Europe/Lisbon', revisions_keep: 25 }),
    });
    const zone = await screen.findByLabelText(/^Time Zone/);
    expect(zone).toHaveValue('UTC');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Lisbon');
    const keep = screen.getByLabelText('Versions to Keep');
    expect(keep).toHaveValue(null);
    await userEvent.type(keep, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(JSON.parse(String(calls.find((call) => call.method === 'PUT')!.body))).toMatchObject({
      timezone: 'Europe/Lisbon',
      revisions_keep: 25,
    });
  });

  it("adds the site's languages by their tags, makes one the default and removes one, then saves them", async () => {
    const calls = setup('admin', {
      'PUT /settings': () => ({ ...SETTINGS, default_language: 'de', languages: ['de', 'en'] }),
    });
    const add = await screen.findByLabelText('Add a Language');
    await userEvent.type(add, 'de{Enter}');
    await userEvent.type(add, 'PT-pt');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const list = screen.getByRole('list', { name: "The Site's Languages" });
    // Each by its own name where the runtime has one (ICU's names vary between versions), and its tag.
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toBe('English (en)Default');
    expect(items[1]).toBe('Deutsch (de)Remove');
    expect(items[2]).toMatch(/^Português.* \(pt-PT\)Remove$/);
    // A tag that is not one, and one already there, are refused at the field.
    await userEvent.type(add, 'klingon please{Enter}');
    expect(add).toHaveAccessibleDescription(/Type a language tag such as de, pt-PT or zh-Hant\./);
    await userEvent.clear(add);
    await userEvent.type(add, 'DE{Enter}');
    expect(add).toHaveAccessibleDescription(/Deutsch \(de\) is already one of the site's languages\./);
    await userEvent.click(screen.getByRole('button', { name: /^Remove Português.* \(pt-PT\)$/ }));
    await userEvent.selectOptions(screen.getByLabelText('Default Language'), 'de');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(JSON.parse(String(calls.find((call) => call.method === 'PUT')!.body))).toMatchObject({
      default_language: 'de',
      languages: ['de', 'en'],
    });
  });

  it('says what a new default language moves, and shows why a language in use cannot be removed', async () => {
    const message = '12 items are in Deutsch (de): move or delete them first';
    setup('admin', {
      'GET /settings': () => ({ ...SETTINGS, languages: ['en', 'de'] }),
      'PUT /settings': () => jsonResponse(409, { detail: message, errors: [{ field: 'languages', message }] }),
    });
    const select = await screen.findByLabelText('Default Language');
    expect(screen.queryByText(/Saving moves the site's addresses/)).toBeNull();
    await userEvent.selectOptions(select, 'de');
    expect(
      screen.getByText(
        "Saving moves the site's addresses: Deutsch (de) pages and tours to the site's own addresses (/, /tours), English (en) ones under /en/. Links to the old addresses are sent on to the new ones.",
      ),
    ).toBeInTheDocument();
    await userEvent.selectOptions(select, 'en');
    expect(screen.queryByText(/Saving moves the site's addresses/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Deutsch (de)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
  });

  it('refuses an unknown time zone on its field and sends nothing', async () => {
    const calls = setup('admin');
    const zone = await screen.findByLabelText(/^Time Zone/);
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Mars/Olympus');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(zone).toHaveAccessibleDescription('Time zone must be an IANA time zone, such as Europe/Lisbon or UTC');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('lets an administrator change the settings, the currency written in any case', async () => {
    const calls = setup('admin', {
      'PUT /settings': () => ({ ...SETTINGS, currency: 'USD', contact_phone: '+1 555 010 2030' }),
    });
    const currency = await screen.findByLabelText(/^Currency/);
    expect(screen.getByLabelText(/^Site Name/)).toHaveValue('Azure Bay Tours');
    await userEvent.clear(currency);
    await userEvent.type(currency, 'usd');
    await userEvent.type(screen.getByLabelText('Contact Phone'), '+1 555 010 2030');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toMatchObject({
      currency: 'usd',
      contact_phone: '+1 555 010 2030',
      site_name: 'Azure Bay Tours',
    });
  });

  it('shows a refused currency on its field and sends nothing', async () => {
    const calls = setup('admin');
    const currency = await screen.findByLabelText(/^Currency/);
    await userEvent.clear(currency);
    await userEvent.type(currency, 'ZZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(currency).toHaveAccessibleDescription('Currency must be an ISO 4217 code, such as EUR or USD');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("alerts 'Error saving settings. Please try again.' with the server's reason", async () => {
    setup('admin', { 'PUT /settings': () => jsonResponse(403, { detail: 'You do not have permission to do this' }) });
    await screen.findByLabelText(/^Currency/);
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(
      expect.arrayContaining(['Error saving settings. Please try again.', 'You do not have permission to do this']),
    );
  });

  it('shows an editor the settings read-only, without a save button', async () => {
    setup('editor');
    expect(await screen.findByText('Only administrators can change the settings.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Site Name/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
  });

  it('requires two-factor sign-in for the roles ticked and keeps activity for the days given', async () => {
    const calls = setup('admin', {
      'PUT /settings': () => ({ ...SETTINGS, two_factor_roles: ['admin', 'editor'], activity_retention_days: 90 }),
    });
    const security = await screen.findByRole('group', { name: 'Require two-factor sign-in for' });
    await userEvent.click(within(security).getByRole('checkbox', { name: 'Editor' }));
    await userEvent.click(within(security).getByRole('checkbox', { name: 'Admin' }));
    const days = screen.getByLabelText(/^Days to Keep Activity/);
    expect(days).toHaveValue(365);
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(JSON.parse(String(calls.find((call) => call.method === 'PUT')!.body))).toMatchObject({
      two_factor_roles: ['editor', 'admin'],
      activity_retention_days: 90,
    });
  });

  it('says on the field that activity is kept 30 to 3650 days, and sends no fewer', async () => {
    const calls = setup('admin');
    const days = await screen.findByLabelText(/^Days to Keep Activity/);
    expect(days).toHaveAttribute('min', '30');
    expect(days).toHaveAccessibleDescription(/\(30 to 3650 days\)/);
    await userEvent.clear(days);
    await userEvent.type(days, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    // The browser's own check of `min` stops the form before the contract's would.
    expect(days).toBeInvalid();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('refuses days to keep activity out of range on the field and sends nothing', async () => {
    const calls = setup('admin');
    const days = await screen.findByLabelText(/^Days to Keep Activity/);
    await userEvent.clear(days);
    await userEvent.type(days, '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(days).toHaveAccessibleDescription('Days to keep activity must be at most 3650');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
  it('adds display currencies with their rates, refuses bad ones at their fields, removes one and saves a default', async () => {
    const calls = setup('admin', {
      'GET /settings': () => ({
        ...SETTINGS,
        languages: ['en', 'de'],
        display_currencies: [{ code: 'GBP', rate: 0.85, rate_set_at: '2026-11-02T09:00:00.000Z' }],
      }),
      'PUT /settings': () => SETTINGS,
    });
    const gbp = await screen.findByLabelText('Rate for British Pound (GBP)');
    expect(gbp).toHaveValue('0.85');
    expect(gbp).toHaveAccessibleDescription('1 EUR = 0.85 GBP. Set on 2 Nov 2026.');
    const code = screen.getByLabelText('Add a Display Currency');
    const rate = screen.getByLabelText('Its Rate');
    // Not a currency, the site's own, and a rate that is not above 0: each said at its field.
    await userEvent.type(code, 'XYZ');
    await userEvent.type(rate, '0{Enter}');
    expect(code).toHaveAccessibleDescription('Type an ISO 4217 code, such as USD or GBP.');
    expect(rate).toHaveAccessibleDescription('Type a rate above 0, such as 1.08.');
    await userEvent.clear(code);
    await userEvent.type(code, 'eur{Enter}');
    expect(code).toHaveAccessibleDescription("EUR is the site's currency: its prices are already shown in it.");
    await userEvent.clear(code);
    await userEvent.type(code, 'usd');
    await userEvent.clear(rate);
    await userEvent.type(rate, '1,08');
    await userEvent.click(screen.getByRole('button', { name: 'Add Currency' }));
    const list = screen.getByRole('list', { name: 'Display currencies' });
    expect(
      within(list)
        .getAllByRole('textbox')
        .map((input) => input.id),
    ).toEqual(['settings-rate-GBP', 'settings-rate-USD']);
    // A changed rate is dated when saved.
    await userEvent.clear(gbp);
    await userEvent.type(gbp, '0.86');
    expect(gbp).toHaveAccessibleDescription('1 EUR = 0.86 GBP. Dated when you save.');
    await userEvent.selectOptions(screen.getByLabelText('Prices in Deutsch (de) shown in'), 'USD');
    await userEvent.click(screen.getByRole('button', { name: 'Remove British Pound (GBP)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    expect(JSON.parse(String(calls.find((call) => call.method === 'PUT')!.body))).toMatchObject({
      display_currencies: [{ code: 'USD', rate: 1.08 }],
      language_currencies: { de: 'USD' },
    });
  });

  it("shows a refused rate on its field, the schema's or the server's", async () => {
    const calls = setup('admin', {
      'GET /settings': () => ({
        ...SETTINGS,
        display_currencies: [{ code: 'USD', rate: 1.08, rate_set_at: '2026-11-02T09:00:00.000Z' }],
      }),
      'PUT /settings': () =>
        jsonResponse(422, {
          detail: 'USD is not one of the display currencies',
          errors: [{ field: 'language_currencies.en', message: 'USD is not one of the display currencies' }],
        }),
    });
    const usd = await screen.findByLabelText('Rate for US Dollar (USD)');
    await userEvent.clear(usd);
    await userEvent.type(usd, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(usd).toHaveAccessibleDescription('Rate must be a number');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.clear(usd);
    await userEvent.type(usd, '1.1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByLabelText('Prices in English (en) shown in')).toHaveAccessibleDescription(
      'USD is not one of the display currencies',
    );
  });

  it("gives each language but the default its own site details, the default's as placeholders, refusals on their field", async () => {
    const calls = setup('admin', {
      'GET /settings': () => ({
        ...SETTINGS,
        site_description: 'Sailing tours on the bay.',
        languages: ['en', 'de', 'fr'],
        language_details: { de: { site_name: 'Azure Bay Touren' } },
      }),
      'PUT /settings': () =>
        jsonResponse(422, {
          detail: 'language_details.fr.contact_email: Enter a valid email address',
          errors: [{ field: 'language_details.fr.contact_email', message: 'Enter a valid email address' }],
        }),
    });
    expect(await screen.findByLabelText('Site Description')).toHaveValue('Sailing tours on the bay.');
    const german = screen.getByRole('group', { name: 'Deutsch (de)' });
    const name = within(german).getByLabelText('Site Name in Deutsch (de)');
    expect(name).toHaveValue('Azure Bay Touren');
    expect(name).toHaveAttribute('placeholder', 'Azure Bay Tours');
    expect(within(german).getByLabelText('Site Description in Deutsch (de)')).toHaveAttribute(
      'placeholder',
      'Sailing tours on the bay.',
    );
    expect(within(german).getByLabelText('Contact Email in Deutsch (de)')).toHaveAttribute(
      'placeholder',
      'hello@azurebay.example.com',
    );
    // The default language has no section of its own: its details are the fields above.
    expect(screen.queryByRole('group', { name: 'English (en)' })).toBeNull();
    await userEvent.type(within(german).getByLabelText('Site Description in Deutsch (de)'), 'Segeltörns.');
    const french = screen.getByRole('group', { name: /^Français.* \(fr\)$/ });
    const email = within(french).getByLabelText(/^Contact Email in Français/);
    await userEvent.type(email, 'bonjour@azurebay.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(JSON.parse(String(calls.find((call) => call.method === 'PUT')!.body))).toMatchObject({
      site_description: 'Sailing tours on the bay.',
      language_details: {
        de: { site_name: 'Azure Bay Touren', site_description: 'Segeltörns.' },
        fr: { contact_email: 'bonjour@azurebay.example.com' },
      },
    });
    // Removing a language takes its details out of the next save.
    await userEvent.click(screen.getByRole('button', { name: /^Remove Français/ }));
    expect(screen.queryByRole('group', { name: /^Français/ })).toBeNull();
  });
});
