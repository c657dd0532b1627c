import { expect, test } from 'vitest';
import { seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest();

const dayPlus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test('staff add a weekly series of 6 seats; a visitor on a phone requests 4, a second is told 2 are left; staff confirm the first and the table says "2 seats left"', async () => {
  const origin = t.server.origin;
  const staff = t.session.page;
  await signInThroughUi(staff, origin, t.server.admin.username, t.server.admin.password);
  const tourId = await staff.evaluate(async () => {
    const res = await fetch('/api/posts/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Harbour Walk', slug: 'harbour-walk', status: 'published', price: 30 }),
    });
    return ((await res.json()) as { id: number }).id;
  });

  // Staff: a weekly series of four weeks, 6 seats each, from the tour's Departures card.
  await staff.goto(`${origin}/admin/posts/edit/${tourId}`);
  const from = dayPlus(7);
  const weekday = WEEKDAY_NAMES[(new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7]!;
  const series = staff.getByRole('group', { name: 'Add a weekly series' });
  await series.getByLabel('From').fill(from);
  await series.getByLabel('To').fill(dayPlus(34));
  await series.getByLabel(weekday).check();
  await series.getByLabel('Time').fill('09:00');
  await series.getByLabel('Seats').fill('6');
  await series.getByRole('button', { name: 'Add series' }).click();
  await staff.getByText('Added 4 departures').first().waitFor();

  // Two visitors on phones open the first date's request form, both while six seats are left.
  const openRequest = async () => {
    const visitor = await t.session.browser.newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto(`${origin}/tours/harbour-walk`);
    await visitor
      .getByRole('link', { name: /^Request this date/ })
      .first()
      .click();
    await visitor.getByRole('heading', { level: 1, name: 'Request this date' }).waitFor();
    return visitor;
  };
  const visitor = await openRequest();
  const second = await openRequest();
  expect(await visitor.getByText('(6 seats left)').count()).toBe(1);
  const findings = await seriousFindings(visitor);
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);

  // The first asks for four.
  await visitor.getByLabel('Adults').fill('4');
  await visitor.getByLabel('Name').fill('Ann Walker');
  await visitor.getByLabel('Email').fill('ann@example.com');
  await visitor.getByLabel('Message').fill('Four of us, please.');
  await visitor.getByRole('button', { name: 'Send booking request' }).click();
  await visitor.waitForURL(/#inquiry-sent$/);

  // The second asks for three: the waiting request holds four seats, so only two are left; the form is kept.
  await second.getByLabel('Adults').fill('3');
  await second.getByLabel('Name').fill('Bo Chen');
  await second.getByLabel('Email').fill('bo@example.com');
  await second.getByLabel('Message').fill('Three of us.');
  await second.getByRole('button', { name: 'Send booking request' }).click();
  const alert = second.getByRole('alert');
  await alert.waitFor();
  expect(await alert.textContent()).toContain('Only 2 seats are left on this date');
  expect(await second.getByText('(2 seats left)').count()).toBe(1);
  expect(await second.getByLabel('Adults').inputValue()).toBe('3');
  expect(await second.getByLabel('Adults').getAttribute('max')).toBe('2');
  expect(await second.getByLabel('Message').inputValue()).toBe('Three of us.');
  const refused = await seriousFindings(second);
  expect(refused, JSON.stringify(refused, null, 2)).toEqual([]);

  // Staff confirm the first request from Contacts.
  await staff.goto(`${origin}/admin/contacts`);
  await staff.getByRole('button', { name: 'View details of Ann Walker' }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByText('4 adults').waitFor();
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await staff.getByText('Booking confirmed.').waitFor();

  // The tour's table now says so.
  await visitor.goto(`${origin}/tours/harbour-walk`);
  const firstRow = visitor.getByRole('table').getByRole('row').nth(1);
  expect(await firstRow.textContent()).toContain('2 seats left');
  await visitor.close();
  await second.close();
});
