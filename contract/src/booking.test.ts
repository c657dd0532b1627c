import { describe, expect, it } from 'vitest';
import { bookingLink, isUnsupportedBookingEmbed, parseBookingEmbed } from './booking.js';

describe('parseBookingEmbed', () => {
  it('takes the https src, height and title of one provider iframe', () => {
    const embed = parseBookingEmbed(
      '  <iframe src="https://book.example.com/widget?tour=12&amp;lang=en" width="100%" height="640" frameborder="0" title="Book a sail" allow="payment"></iframe>\n',
    );
    expect(embed).toEqual({ src: 'https://book.example.com/widget?tour=12&lang=en', height: 640, title: 'Book a sail' });
  });

  it('accepts single-quoted and bare attribute values, and clamps the height', () => {
    expect(parseBookingEmbed("<IFRAME src='https://a.example/x' height=20></IFRAME>")).toEqual({ src: 'https://a.example/x', height: 200, title: null });
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

describe('bookingLink', () => {
  it('opens https URLs as they are', () => {
    expect(bookingLink(' https://book.example.com/tour/12 ')).toEqual({ href: 'https://book.example.com/tour/12', kind: 'web' });
  });

  it('turns an e-mail address into mailto: and a phone number into tel:', () => {
    expect(bookingLink('bookings@azurebay.example')).toEqual({ href: 'mailto:bookings@azurebay.example', kind: 'email' });
    expect(bookingLink('mailto:bookings@azurebay.example')).toEqual({ href: 'mailto:bookings@azurebay.example', kind: 'email' });
    expect(bookingLink('+1 (555) 014-2')).toEqual({ href: 'tel:+15550142', kind: 'phone' });
    expect(bookingLink('tel:0555 0142')).toEqual({ href: 'tel:05550142', kind: 'phone' });
  });

  it.each(['http://book.example.com/', 'javascript:alert(1)', 'Ask at the harbour', 'data:text/html,x', 'https://', '12', ''])(
    'shows no link for %j',
    (value) => {
      expect(bookingLink(value)).toBeNull();
    },
  );
});
