import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderRoutes, stubApi } from '../../test/render';
import { AccountPage } from './account-page';

const ME = {
  id: 2,
  username: 'eddie',
  full_name: 'Eddie Editor',
  email: 'eddie@example.com',
  role: 'editor',
  two_factor_enabled: false,
  two_factor_setup_required: false,
};
const ACCOUNT = {
  id: 2,
  username: 'eddie',
  full_name: 'Eddie Editor',
  email: 'eddie@example.com',
  role: 'editor',
  two_factor_enabled: false,
  two_factor_required: false,
  recovery_codes_left: 0,
};
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';
const SESSIONS = [
  {
    id: 7,
    created_at: '2026-11-24T09:00:00.000Z',
    last_used_at: '2026-11-24T10:00:00.000Z',
    ip_address: '127.0.0.1',
    user_agent: FIREFOX,
    current: true,
  },
  {
    id: 5,
    created_at: '2026-11-20T09:00:00.000Z',
    last_used_at: '2026-11-21T10:00:00.000Z',
    ip_address: '198.51.100.7',
    user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
    current: false,
  },
];
const CODES = Array.from({ length: 10 }, (_, i) => `abc${i}-defg-hijk`);

function setup(handlers: Parameters<typeof stubApi>[0] = {}, me = ME, account = ACCOUNT) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({
    'GET /auth/me': () => me,
    'GET /account': () => account,
    'GET /account/sessions': () => SESSIONS,
    ...handlers,
  });
  renderRoutes([{ path: '/admin/account', element: <AccountPage /> }], '/admin/account');
  return calls;
}
const bodyOf = (calls: ReturnType<typeof stubApi>, method: string, url: string) =>
  JSON.parse(String(calls.find((c) => c.method === method && c.url === url)!.body));

describe('Account screen', () => {
  it('saves one’s own full name without a password', async () => {
    const calls = setup({ 'PUT /account/profile': () => ({ ...ACCOUNT, full_name: 'Ed' }) });
    const details = await screen.findByRole('region', { name: 'Your details' });
    const name = await within(details).findByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ed');
    expect(within(details).queryByLabelText(/^Your Password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Details' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your details were saved.');
    expect(bodyOf(calls, 'PUT', '/account/profile')).toEqual({ full_name: 'Ed', email: ACCOUNT.email });
  });

  it('asks for the password with a new e-mail address, and shows a wrong one at its field', async () => {
    let answer: () => unknown = () =>
      jsonResponse(422, {
        detail: 'Your current password is not right',
        errors: [{ field: 'current_password', message: 'Your current password is not right' }],
      });
    const calls = setup({ 'PUT /account/profile': () => answer() });
    const details = await screen.findByRole('region', { name: 'Your details' });
    await userEvent.clear(within(details).getByLabelText(/^Email/));
    await userEvent.type(within(details).getByLabelText(/^Email/), 'ed@example.com');
    const password = within(details).getByLabelText(/^Your Password/);
    expect(password).toBeRequired();
    expect(password).toHaveAccessibleDescription('Needed to change the e-mail address of your account.');
    await userEvent.type(password, 'a wrong guess');
    await userEvent.click(screen.getByRole('button', { name: 'Save Details' }));
    expect(await within(details).findByText('Your current password is not right')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('Your current password is not right');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(calls, 'PUT', '/account/profile')).toEqual({
      full_name: ACCOUNT.full_name,
      email: 'ed@example.com',
      current_password: 'a wrong guess',
    });

    answer = () => ({ ...ACCOUNT, email: 'ed@example.com' });
    await userEvent.clear(password);
    await userEvent.type(password, 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Save Details' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your details were saved.');
  });

  it('changes the password with the current one, checking the two new ones match first', async () => {
    const calls = setup({ 'PUT /account/password': () => new Response(null, { status: 204 }) });
    await userEvent.type(await screen.findByLabelText(/^Current Password/), 'correct horse battery');
    await userEvent.type(screen.getByLabelText(/^New Password/), 'a fresh sentence to type');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'a fresh sentence to tpye');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByLabelText(/^Confirm New Password/)).toHaveAccessibleDescription(
      'The two new passwords are not the same',
    );
    expect(calls.some((c) => c.url === '/account/password')).toBe(false);

    await userEvent.clear(screen.getByLabelText(/^Confirm New Password/));
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'a fresh sentence to type');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password changed. You were signed out everywhere else.',
    );
    expect(bodyOf(calls, 'PUT', '/account/password')).toEqual({
      current_password: 'correct horse battery',
      new_password: 'a fresh sentence to type',
    });
    expect(screen.getByLabelText(/^Current Password/)).toHaveValue('');
  });

  it("shows the server's reason for a refused password on its field", async () => {
    const reason =
      'This password is among the most common passwords, or close to one: choose one that is harder to guess';
    setup({
      'PUT /account/password': () =>
        jsonResponse(422, { detail: reason, errors: [{ field: 'new_password', message: reason }] }),
    });
    await userEvent.type(await screen.findByLabelText(/^Current Password/), 'correct horse battery');
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Password1234');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'Password1234');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(reason);
  });

  it('sets up two-factor sign-in: QR code and key, a first code, then the recovery codes shown once', async () => {
    const calls = setup({
      'POST /account/two-factor/setup': () => ({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x',
        qr_code_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      }),
      'POST /account/two-factor/enable': () => ({ recovery_codes: CODES }),
    });
    const card = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await userEvent.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(
      await within(card).findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(within(card).getByLabelText('Secret key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await userEvent.type(within(card).getByLabelText(/^Code from the app/), '123456');
    await userEvent.type(within(card).getByLabelText(/^Your Password/), 'correct horse battery');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn on' }));
    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(bodyOf(calls, 'POST', '/account/two-factor/enable')).toEqual({
      code: '123456',
      password: 'correct horse battery',
    });
    await userEvent.click(within(card).getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(within(card).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('shows a wrong first code on its field and stays on the setup', async () => {
    setup({
      'POST /account/two-factor/setup': () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x',
        qr_code_svg: '<svg></svg>',
      }),
      'POST /account/two-factor/enable': () =>
        jsonResponse(422, {
          detail: 'That code is not right',
          errors: [{ field: 'code', message: 'That code is not right' }],
        }),
    });
    const card = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await userEvent.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    await userEvent.type(await within(card).findByLabelText(/^Code from the app/), '000000');
    await userEvent.type(within(card).getByLabelText(/^Your Password/), 'correct horse battery');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByText('That code is not right')).toBeInTheDocument();
    expect(within(card).getByLabelText('Secret key')).toBeInTheDocument();
  });

  it('asks for the password to turn two-factor sign-in on, and shows a wrong one at its field', async () => {
    setup({
      'POST /account/two-factor/setup': () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x',
        qr_code_svg: '<svg></svg>',
      }),
      'POST /account/two-factor/enable': () =>
        jsonResponse(422, {
          detail: 'Your current password is not right',
          errors: [{ field: 'password', message: 'Your current password is not right' }],
        }),
    });
    const card = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await userEvent.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    await userEvent.type(await within(card).findByLabelText(/^Code from the app/), '123456');
    const password = within(card).getByLabelText(/^Your Password/);
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.type(password, 'a wrong guess');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByText('Your current password is not right')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('Your current password is not right');
    expect(within(card).getByLabelText('Secret key')).toBeInTheDocument();
  });

  it('turns two-factor sign-in off with the password, and keeps it on a role that requires it', async () => {
    const on = { ...ACCOUNT, two_factor_enabled: true, recovery_codes_left: 7 };
    const calls = setup(
      { 'POST /account/two-factor/disable': () => new Response(null, { status: 204 }) },
      { ...ME, two_factor_enabled: true },
      on,
    );
    const card = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(await within(card).findByText(/7 recovery codes left/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await userEvent.type(within(dialog).getByLabelText(/^Your Password/), 'correct horse battery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Two-factor sign-in is off.');
    expect(bodyOf(calls, 'POST', '/account/two-factor/disable')).toEqual({ password: 'correct horse battery' });
  });

  it('lists the sessions, marks this browser, and signs out another or all others', async () => {
    const calls = setup({
      'DELETE /sessions/5': () => new Response(null, { status: 204 }),
      'POST /account/sessions/end-others': () => ({ ended: 1 }),
    });
    const card = await screen.findByRole('region', { name: 'Sessions' });
    const items = within(await within(card).findByRole('list', { name: 'Your sessions' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Firefox on Linux\s*This browser/);
    expect(items[1]).toHaveTextContent(/Safari on iOS/);
    expect(items[1]).toHaveTextContent('198.51.100.7');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(items[1]!).getByRole('button', { name: /^Sign out Safari on iOS at 198.51.100.7/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Signed out Safari on iOS.');
    await userEvent.click(within(card).getByRole('button', { name: 'Sign out everywhere else' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out everywhere else' }),
    );
    expect(await screen.findByText('Signed out of 1 other session.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /sessions/5',
      'POST /account/sessions/end-others',
    ]);
  });

  it('shows only the setup, with why, to a user whose role requires it', async () => {
    setup({}, { ...ME, two_factor_setup_required: true }, { ...ACCOUNT, two_factor_required: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role requires two-factor sign-in');
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sessions' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Current Password/)).not.toBeInTheDocument();
  });
});
