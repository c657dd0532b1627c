import { toursBlockHtml } from '@tours-cms/contract';

/**
 * The demo site a newcomer sees on first start: "Azure Bay Tours", a small tour company. Plain HTML
 * with Tailwind classes and Font Awesome icons, as staff would write it in the builders; links between pages are
 * ordinary `/slug` links, which the public site turns into navigation. The header and footer show the site's menus
 * (`<nav data-menu="header">`), which the demo seeds too (DEMO_MENUS in demo-site.ts).
 */

export const DEMO_COMPANY = 'Azure Bay Tours';

/** The demo's name, description and contact details in Settings (German's own are DEMO_SITE_DETAILS_DE). */
export const DEMO_SITE_DETAILS = {
  site_name: DEMO_COMPANY,
  site_description: 'Sailing, island and walking tours on Azure Bay in small groups, with local skippers and guides.',
  contact_email: 'hello@azurebay.example.com',
  contact_phone: '+1 555 0142',
};

export const DEMO_HEADER = `<header class="bg-white/95 border-b border-slate-200">
  <div class="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-4">
    <a href="/" class="flex items-center gap-2 text-xl font-bold text-sky-800 no-underline">
      <i class="fa-solid fa-sailboat text-orange-500" aria-hidden="true"></i> Azure Bay Tours
    </a>
    <div class="flex flex-wrap items-center gap-x-6 gap-y-2">
      <nav data-menu="header" aria-label="Main" class="text-sm font-semibold text-slate-700"></nav>
      <a href="/contact" class="whitespace-nowrap rounded-full bg-orange-700 px-4 py-2 text-sm font-semibold text-white no-underline hover:bg-orange-800">Plan your trip</a>
    </div>
  </div>
</header>`;

export const DEMO_FOOTER = `<footer class="mt-16 bg-slate-900 text-slate-300">
  <div class="mx-auto grid max-w-6xl gap-8 px-6 py-12 md:grid-cols-3">
    <div>
      <p class="m-0 text-lg font-bold text-white"><i class="fa-solid fa-sailboat text-orange-400" aria-hidden="true"></i> Azure Bay Tours</p>
      <p class="mt-2 text-sm">Small-group sailing and walking tours on the bay since 2009.</p>
    </div>
    <div class="text-sm">
      <p class="m-0 font-semibold text-white">Visit us</p>
      <p class="mt-2"><i class="fa-solid fa-location-dot" aria-hidden="true"></i> 12 Harbour Street, Marina District</p>
      <p class="mt-1"><i class="fa-solid fa-phone" aria-hidden="true"></i> <a href="tel:+15550142" class="text-slate-300">+1 555 0142</a></p>
      <p class="mt-1"><i class="fa-solid fa-envelope" aria-hidden="true"></i> <a href="mailto:hello@azurebay.example" class="text-slate-300">hello@azurebay.example</a></p>
    </div>
    <div class="text-sm">
      <p class="m-0 font-semibold text-white">Explore</p>
      <nav data-menu="footer" aria-label="Explore" class="mt-1 text-slate-300"></nav>
    </div>
  </div>
  <p class="m-0 border-t border-slate-800 py-4 text-center text-xs text-slate-500">&copy; Azure Bay Tours. Demo content: edit it in the admin under Pages and Common Components.</p>
</footer>`;

export const DEMO_HOME = `<section class="mx-auto max-w-6xl px-6 pt-12 text-center">
  <p class="m-0 text-sm font-semibold uppercase tracking-widest text-orange-500">Sail &middot; Walk &middot; Taste</p>
  <h1 class="mt-3 text-4xl font-extrabold text-slate-900 md:text-5xl">Discover the bay with people who love it</h1>
  <p class="mx-auto mt-4 max-w-2xl text-lg text-slate-600">Sunset sailing, old-town walks and island picnics in small groups, led by local guides.</p>
  <div class="mt-8 flex flex-wrap justify-center gap-4">
    <a href="/tours" class="rounded-full bg-sky-700 px-6 py-3 font-semibold text-white no-underline shadow hover:bg-sky-800">See our tours</a>
    <a href="/contact" class="rounded-full border border-sky-700 px-6 py-3 font-semibold text-sky-700 no-underline hover:bg-sky-50">Ask us anything</a>
  </div>
</section>

<section class="mx-auto mt-16 grid max-w-6xl gap-6 px-6 md:grid-cols-3">
  <div class="rounded-2xl bg-sky-50 p-6">
    <i class="fa-solid fa-user-group text-2xl text-sky-700" aria-hidden="true"></i>
    <h3 class="mt-3 text-lg font-bold text-slate-900">Small groups</h3>
    <p class="text-slate-600">Never more than twelve guests, so everyone gets the best seat on deck.</p>
  </div>
  <div class="rounded-2xl bg-orange-50 p-6">
    <i class="fa-solid fa-map-location-dot text-2xl text-orange-600" aria-hidden="true"></i>
    <h3 class="mt-3 text-lg font-bold text-slate-900">Local guides</h3>
    <p class="text-slate-600">Born and raised on the bay, our guides know every cove and every story.</p>
  </div>
  <div class="rounded-2xl bg-emerald-50 p-6">
    <i class="fa-solid fa-leaf text-2xl text-emerald-700" aria-hidden="true"></i>
    <h3 class="mt-3 text-lg font-bold text-slate-900">Gentle on the sea</h3>
    <p class="text-slate-600">Sail power first, refillable bottles on board, and a beach clean-up every month.</p>
  </div>
</section>

<section class="mx-auto mt-16 max-w-6xl px-6">
  <h2 class="text-2xl font-bold text-slate-900">Popular tours</h2>
  <p class="text-slate-600">Our newest tours, with today's prices. <a href="/tours">See all our tours.</a></p>
  ${toursBlockHtml({ kind: 'newest', count: 3 })}
</section>

<section class="mx-auto mt-16 max-w-3xl px-6 text-center">
  <blockquote class="m-0 border-0 p-0 text-xl italic text-slate-700">&ldquo;The sunset sail was the highlight of our trip. Small boat, big smiles.&rdquo;</blockquote>
  <p class="mt-3 text-sm font-semibold text-slate-500">Maya &amp; Tom, visiting from Lisbon</p>
</section>`;

export const DEMO_GOOD_TO_KNOW = `<section class="mx-auto max-w-6xl px-6 pt-12">
  <h1 class="text-4xl font-extrabold text-slate-900">Good to know</h1>
  <p class="max-w-2xl text-lg text-slate-600">Every tour runs daily from April to October. Children are welcome; prices are per person. <a href="/tours">See all our tours.</a></p>
  <div data-accordion="single" class="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200">
    <div data-accordion-item>
      <button type="button" data-accordion-toggle class="w-full px-5 py-4 text-left font-semibold text-slate-800">What should I bring? <i class="fa-solid fa-chevron-down float-right" aria-hidden="true"></i></button>
      <div data-accordion-content class="hidden px-5 pb-4 text-slate-600">Soft-soled shoes for the boat, a light jacket for the evening breeze, and your camera.</div>
    </div>
    <div data-accordion-item>
      <button type="button" data-accordion-toggle class="w-full px-5 py-4 text-left font-semibold text-slate-800">What if the weather turns? <i class="fa-solid fa-chevron-down float-right" aria-hidden="true"></i></button>
      <div data-accordion-content class="hidden px-5 pb-4 text-slate-600">If the skipper cancels for wind or rain, we move you to another day or refund you in full.</div>
    </div>
    <div data-accordion-item>
      <button type="button" data-accordion-toggle class="w-full px-5 py-4 text-left font-semibold text-slate-800">Can we book a private tour? <i class="fa-solid fa-chevron-down float-right" aria-hidden="true"></i></button>
      <div data-accordion-content class="hidden px-5 pb-4 text-slate-600">Yes: birthdays, proposals and team outings. <a href="/contact">Tell us what you have in mind.</a></div>
    </div>
  </div>
</section>`;

/** The inquiry form exactly as docs/inquiry-form.md documents it (a test keeps the two identical). */
export const INQUIRY_FORM = `<form data-tours-inquiry action="/api/contacts/" method="post" class="mx-auto max-w-xl space-y-4">
  <div>
    <label for="inquiry-name" class="block text-sm font-medium">Name</label>
    <input id="inquiry-name" name="name" required maxlength="100" autocomplete="name" class="mt-1 w-full rounded border px-3 py-2" />
  </div>
  <div>
    <label for="inquiry-email" class="block text-sm font-medium">Email</label>
    <input id="inquiry-email" name="email" type="email" required maxlength="254" autocomplete="email" class="mt-1 w-full rounded border px-3 py-2" />
  </div>
  <div>
    <label for="inquiry-phone" class="block text-sm font-medium">Phone (optional)</label>
    <input id="inquiry-phone" name="phone" type="tel" maxlength="40" autocomplete="tel" class="mt-1 w-full rounded border px-3 py-2" />
  </div>
  <div>
    <label for="inquiry-subject" class="block text-sm font-medium">Subject</label>
    <input id="inquiry-subject" name="subject" maxlength="255" class="mt-1 w-full rounded border px-3 py-2" />
  </div>
  <div>
    <label for="inquiry-message" class="block text-sm font-medium">Message</label>
    <textarea id="inquiry-message" name="message" required maxlength="5000" rows="5" class="mt-1 w-full rounded border px-3 py-2"></textarea>
  </div>
  <!-- Spam trap: people never see or fill this; bots do. Keep it, and keep it empty. -->
  <div aria-hidden="true" style="position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden">
    <label for="inquiry-website">Leave this field empty</label>
    <input id="inquiry-website" name="website" tabindex="-1" autocomplete="off" />
  </div>
  <button type="submit" class="rounded bg-blue-600 px-4 py-2 font-medium text-white disabled:opacity-60">Send inquiry</button>
  <p data-tours-inquiry-status role="status" aria-live="polite" class="text-sm"></p>
</form>
<script>
  (function () {
    var forms = document.querySelectorAll('form[data-tours-inquiry]');
    Array.prototype.forEach.call(forms, function (form) {
      if (form.getAttribute('data-ready')) return;
      form.setAttribute('data-ready', 'true');
      var status = form.querySelector('[data-tours-inquiry-status]');
      var button = form.querySelector('button[type="submit"]');
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        var data = {};
        new FormData(form).forEach(function (value, key) {
          data[key] = String(value);
        });
        button.disabled = true;
        status.textContent = 'Sending...';
        // form.action is the absolute URL of the site's endpoint: the frame's own origin is opaque ("null"), so
        // only a full URL reaches the site. No cookies or tokens are sent; the endpoint needs none.
        fetch(form.action, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(data),
          credentials: 'omit',
        })
          .then(function (response) {
            return response.json().then(
              function (body) { return { ok: response.ok, body: body }; },
              function () { return { ok: response.ok, body: {} }; }
            );
          })
          .then(function (result) {
            if (result.ok) {
              form.reset();
              status.textContent = result.body.detail || 'Thank you! Your message has been sent.';
            } else {
              status.textContent = result.body.detail || 'Your message could not be sent. Please try again.';
            }
          })
          .catch(function () {
            status.textContent = 'Your message could not be sent. Please check your connection and try again.';
          })
          .then(function () {
            button.disabled = false;
          });
      });
    });
  })();
</script>
`;

export const DEMO_CONTACT = `<section class="mx-auto grid max-w-6xl gap-12 px-6 pt-12 md:grid-cols-2">
  <div>
    <h1 class="text-4xl font-extrabold text-slate-900">Plan your trip</h1>
    <p class="text-lg text-slate-600">Questions about a tour, a private booking or a group? Write to us and we answer within a day.</p>
    <div class="mt-8 space-y-3 text-slate-700">
      <p class="m-0"><i class="fa-solid fa-location-dot w-6 text-sky-700" aria-hidden="true"></i> 12 Harbour Street, Marina District</p>
      <p class="m-0"><i class="fa-solid fa-phone w-6 text-sky-700" aria-hidden="true"></i> +1 555 0142</p>
      <p class="m-0"><i class="fa-solid fa-clock w-6 text-sky-700" aria-hidden="true"></i> Every day, 8:00 to 20:00</p>
    </div>
  </div>
  <div class="rounded-2xl border border-slate-200 p-6 shadow-sm">
${INQUIRY_FORM}
  </div>
</section>`;

/**
 * The demo's two booking requests waiting in Contacts: a tour (by slug), the party, and the sender. Each asks for
 * the first date from the `from`-th departure on that has room for the party. The addresses are documentation ones
 * (RFC 5737), so the requests count against no real visitor's limit.
 */
export const DEMO_BOOKING_REQUESTS = [
  {
    tour: 'sunset-sailing-on-the-bay',
    from: 3,
    adults: 2,
    children: 0,
    name: 'Maya Costa',
    email: 'maya.costa@example.com',
    phone: '+351 555 0187',
    message: 'We would love the sunset sail on our anniversary. Is there a quiet spot at the bow for two?',
    address: '192.0.2.41',
  },
  {
    tour: 'old-town-walking-tour',
    from: 2,
    adults: 2,
    children: 2,
    name: 'Jonas Berg',
    email: 'jonas.berg@example.com',
    phone: null,
    message: 'Two adults and our children, 7 and 10. Is the walk all right for them, and can we bring a pushchair?',
    address: '192.0.2.42',
  },
] as const;
