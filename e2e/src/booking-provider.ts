import { createHash, X509Certificate } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';

/**
 * A stand-in booking provider, as Rezdy or FareHarbor would serve their iframe embeds: an https server of its
 * own origin, under a host name of its own (the tour page shows no frame from an IP address) that the test browser
 * resolves to loopback. Its widget reports its origin and reads the session cookie it set (what a provider's
 * session needs, and what an opaque-origin sandbox takes away: there `document.cookie` throws), takes the number of
 * guests in a form posted inside the frame, and its "Check out" button then opens the checkout in a new tab, which
 * takes a payment form. These are the steps the booking frame's sandbox allows, and no more. `chromiumArgs` makes
 * the test browser find it and trust its self-signed certificate, and only it.
 */
export interface BookingProvider {
  origin: string;
  /** The embed code staff paste into the post form. */
  embed(tour: string): string;
  /** Bookings paid through the checkout, by tour. */
  paid: string[];
  chromiumArgs: string[];
  stop(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/** The host name the stand-in answers under; the test browser maps it to 127.0.0.1. */
const PROVIDER_HOST = 'booking-provider.example.com';

const WIDGET = (tour: string) =>
  page(
    'Stand-in booking',
    `<h1>Stand-in booking</h1><p id="state">Starting</p>
<form method="post" action="/widget/guests?tour=${encodeURIComponent(tour)}"><label>Guests <input name="guests" type="number" min="1" value="2"></label><button type="submit">Continue</button></form>
<script>
var state = [String(window.origin) === 'null' ? 'opaque origin' : 'own origin'];
try { state.push(document.cookie.indexOf('sid=') >= 0 ? 'cookie ok' : 'no cookie'); } catch (e) { state.push('cookie blocked'); }
document.getElementById('state').textContent = state.join(', ');
</script>`,
  );

const GUESTS = (tour: string, guests: string) =>
  page(
    'Stand-in booking',
    `<h1>Stand-in booking</h1><p id="guests">${Number(guests) || 1} guests</p><button type="button" id="checkout">Check out</button>
<script>
document.getElementById('checkout').addEventListener('click', function () {
  window.open('/checkout?tour=${encodeURIComponent(tour)}', '_blank');
});
</script>`,
  );

const CHECKOUT = (tour: string) =>
  page(
    'Stand-in checkout',
    `<h1>Checkout</h1><p id="origin"></p><form method="post" action="/pay?tour=${encodeURIComponent(tour)}"><button type="submit">Pay now</button></form>
<script>
var sandboxed = String(window.origin) === 'null';
try { localStorage.setItem('paid', 'soon'); } catch (e) { sandboxed = true; }
document.getElementById('origin').textContent = sandboxed ? 'Checkout is sandboxed' : 'Checkout runs on its own origin';
</script>`,
  );

export async function startBookingProvider(): Promise<BookingProvider> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: PROVIDER_HOST }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: PROVIDER_HOST }] }],
  });
  const paid: string[] = [];
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', `https://${PROVIDER_HOST}`);
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (url.pathname === '/widget') {
      // A session cookie as a provider sets it inside another site's page: third-party, so Secure, SameSite=None
      // and partitioned (CHIPS).
      res.setHeader('set-cookie', 'sid=stand-in; Path=/; Secure; SameSite=None; Partitioned');
      return html(WIDGET(url.searchParams.get('tour') ?? ''));
    }
    if (url.pathname === '/widget/guests' && req.method === 'POST') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () =>
        html(GUESTS(url.searchParams.get('tour') ?? '', new URLSearchParams(body).get('guests') ?? '1')),
      );
      return;
    }
    if (url.pathname === '/checkout') return html(CHECKOUT(url.searchParams.get('tour') ?? ''));
    if (url.pathname === '/pay' && req.method === 'POST') {
      paid.push(url.searchParams.get('tour') ?? '');
      return html(page('Booked', '<h1>Booking confirmed</h1>'));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://${PROVIDER_HOST}:${port}`;
  const spki = new X509Certificate(pems.cert).publicKey.export({ type: 'spki', format: 'der' });
  return {
    origin,
    embed: (tour) =>
      `<iframe src="${origin}/widget?tour=${encodeURIComponent(tour)}" width="100%" height="420" title="Book ${tour}"></iframe>`,
    paid,
    chromiumArgs: [
      `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`,
      `--host-resolver-rules=MAP ${PROVIDER_HOST} 127.0.0.1`,
    ],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
