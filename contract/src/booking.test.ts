import { describe, expect, it } from 'vitest';
import { bookingLink, isProviderHost, isUnsupportedBookingEmbed, parseBookingEmbed } from './booking.js';

describe('parseBookingEmbed', () => {
  it('reads an embed with 2 MB of spaces between its attributes in one pass', () => {
    // The end test `/^\s*\/?\s*$/` ran on the rest of the tag before each attribute: quadratic in the spaces.
    const spaces = ' '.repeat(1024 * 1024);
    expect(
      parseBookingEmbed(`<iframe src="https://book.example.com/x"${spaces}title="Book"${spaces}/></iframe>`),
    ).toEqual({ src: 'https://book.example.com/x', height: null, title: 'Book' });
    expect(parseBookingEmbed(`<iframe src="https://book.example.com/x"${spaces}x${spaces}></iframe>`)).toBeNull();
  });

  it('takes the https src, height and title of one provider iframe', () => {
    const embed = parseBookingEmbed(
      '  <iframe src="https://book.example.com/widget?tour=12&amp;lang=en" width="100%" height="640" frameborder="0" title="Book a sail" allow="payment"></iframe>\n',
    );
    expect(embed).toEqual({
      src: 'https://book.example.com/widget?tour=12&lang=en',
      height: 640,
      title: 'Book a sail',
    });
  });

  it('accepts single-quoted and bare attribute values, and clamps the height', () => {
    expect(parseBookingEmbed("<IFRAME src='https://a.example/x' height=20></IFRAME>")).toEqual({
      src: 'https://a.example/x',
      height: 200,
      title: null,
    });
    expect(parseBookingEmbed('<iframe src=https://a.example/x height="99999px"></iframe>')?.height).toBe(4000);
  });

  it.each([
    ['an empty field', ''],
    ['plain text', 'Call us to book'],
    ['a javascript: URL', '<iframe src="javascript:alert(1)"></iframe>'],
    ['an entity-encoded javascript: URL', '<iframe src="&#106;avascript:alert(1)"></iframe>'],
    ['an http URL', '<iframe src="http://book.example.com/"></iframe>'],
    ['a data: URL', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
    ['a protocol-relative URL', '<iframe src="//book.example.com/"></iframe>'],
    ['credentials in the URL', '<iframe src="https://user:pw@book.example.com/"></iframe>'],
    ['a script', '<script src="https://book.example.com/embed.js"></script>'],
    ['a script beside the iframe', '<iframe src="https://book.example.com/"></iframe><script>alert(1)</script>'],
    ['two iframes', '<iframe src="https://a.example/"></iframe><iframe src="https://b.example/"></iframe>'],
    ['an event handler', '<iframe src="https://book.example.com/" onload="alert(1)"></iframe>'],
    ['srcdoc', '<iframe srcdoc="<script>alert(1)</script>" src="https://book.example.com/"></iframe>'],
    ['a duplicated src', '<iframe src="https://a.example/" src="javascript:alert(1)"></iframe>'],
    ['no src', '<iframe title="x"></iframe>'],
    ['markup inside the iframe', '<iframe src="https://a.example/"><b>x</b></iframe>'],
  ])('refuses %s', (_name, field) => {
    expect(parseBookingEmbed(field)).toBeNull();
  });

  it('calls a non-empty field it cannot show unsupported, an empty one not', () => {
    expect(isUnsupportedBookingEmbed('<script></script>')).toBe(true);
    expect(isUnsupportedBookingEmbed('  ')).toBe(false);
    expect(isUnsupportedBookingEmbed(null)).toBe(false);
    expect(isUnsupportedBookingEmbed('<iframe src="https://a.example/"></iframe>')).toBe(false);
  });
});

describe('booking frames from other origins only', () => {
  const embed = (src: string) => `<iframe src="${src}" height="600"></iframe>`;
  const siteHosts = ['tours.example.com', 'www.tours.example.com:8443', '127.0.0.1'];

  // The hosts the common providers' embed codes point at (their documentation's examples; the rule is tried on
  // these names, not against the live providers).
  it.each([
    ['FareHarbor', 'https://fareharbor.com/embeds/book/azurebay/items/12345/?full-items=yes&flow=no'],
    ['Bokun', 'https://widgets.bokun.io/online-sales/2b9f6a0e-0000-4000-8000-000000000000/experience-calendar/12345'],
    ['Rezdy', 'https://azurebay.rezdy.com/calendarWidget/123456?iframe=true'],
    ['Peek', 'https://book.peek.com/s/5a4b3c2d-0000-4000-8000-000000000000/abcde'],
    ['TrekkSoft', 'https://azurebay.trekksoft.com/en/activity/sunset-sail?iframe=1'],
    ['Checkfront', 'https://azurebay.checkfront.com/reserve/?inline=1&item_id=12'],
    ['Xola', 'https://checkout.xola.com/index.html#seller/5a4b3c2d/experiences/6b5c4d3e'],
  ])('accepts the embed of %s', (_provider, src) => {
    expect(parseBookingEmbed(embed(src), { siteHosts })?.src).toBe(src);
  });

  it.each([
    ['the site’s PUBLIC_ORIGIN host', 'https://tours.example.com/tours/sail'],
    ['a SITE_HOSTS entry, whatever the port', 'https://WWW.tours.example.com/frame/site/header'],
    ['the listen address', 'https://127.0.0.1:3000/'],
    ['an IPv4 address', 'https://10.0.0.5/widget'],
    ['a short IPv4 form', 'https://127.1/widget'],
    ['a hexadecimal IPv4 form', 'https://0x7f.0.0.1/widget'],
    ['localhost', 'https://localhost/widget'],
    ['a name under localhost', 'https://admin.localhost/widget'],
    ['a name without a dot', 'https://intranet/widget'],
    ['an mDNS name', 'https://printer.local/widget'],
    ['an internal zone', 'https://booking.internal/widget'],
    ['a home network name', 'https://nas.home.arpa/widget'],
  ])('refuses a frame from %s', (_name, src) => {
    expect(parseBookingEmbed(embed(src), { siteHosts })).toBeNull();
    expect(isUnsupportedBookingEmbed(embed(src), { siteHosts })).toBe(true);
  });

  it('compares host names without their ports or case', () => {
    expect(isProviderHost('Tours.Example.com:443', ['tours.example.com'])).toBe(false);
    expect(isProviderHost('book.tours.example.com', ['tours.example.com'])).toBe(true);
  });
});

describe('bookingLink', () => {
  it('opens https URLs as they are', () => {
    expect(bookingLink(' https://book.example.com/tour/12 ')).toEqual({
      href: 'https://book.example.com/tour/12',
      kind: 'web',
    });
  });

  it('turns an e-mail address into mailto: and a phone number into tel:', () => {
    expect(bookingLink('bookings@azurebay.example')).toEqual({
      href: 'mailto:bookings@azurebay.example',
      kind: 'email',
    });
    expect(bookingLink('mailto:bookings@azurebay.example')).toEqual({
      href: 'mailto:bookings@azurebay.example',
      kind: 'email',
    });
    expect(bookingLink('+1 (555) 014-2')).toEqual({ href: 'tel:+15550142', kind: 'phone' });
    expect(bookingLink('tel:0555 0142')).toEqual({ href: 'tel:05550142', kind: 'phone' });
  });

  it.each([
    'http://book.example.com/',
    'javascript:alert(1)',
    'Ask at the harbour',
    'data:text/html,x',
    'https://',
    '12',
    '',
  ])('shows no link for %j', (value) => {
    expect(bookingLink(value)).toBeNull();
  });
});
