import sharp from 'sharp';

/** A sunset over the bay, drawn as vector shapes (no text, so no fonts are needed) and rendered by sharp. */
const BAY_AT_SUNSET = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="640" viewBox="0 0 1600 640">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e3a8a"/>
      <stop offset="0.45" stop-color="#7c3aed"/>
      <stop offset="0.75" stop-color="#f97316"/>
      <stop offset="1" stop-color="#fde68a"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff7cc" stop-opacity="0.95"/>
      <stop offset="0.35" stop-color="#fcd34d" stop-opacity="0.6"/>
      <stop offset="1" stop-color="#f97316" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f59e0b"/>
      <stop offset="0.12" stop-color="#0e7490"/>
      <stop offset="1" stop-color="#082f49"/>
    </linearGradient>
  </defs>
  <rect width="1600" height="640" fill="url(#sky)"/>
  <circle cx="1060" cy="400" r="260" fill="url(#glow)"/>
  <circle cx="1060" cy="400" r="70" fill="#fff1b8"/>
  <path d="M0 430 L140 330 L250 390 L380 270 L520 380 L640 320 L760 410 L900 350 L1010 420 L1160 330 L1300 400 L1440 300 L1600 380 L1600 470 L0 470 Z" fill="#4c1d95" opacity="0.55"/>
  <path d="M0 455 L180 390 L330 440 L470 360 L620 445 L800 380 L980 450 L1150 400 L1320 455 L1480 395 L1600 440 L1600 480 L0 480 Z" fill="#312e81" opacity="0.8"/>
  <rect y="470" width="1600" height="170" fill="url(#sea)"/>
  <g fill="#fde68a" opacity="0.7">
    <rect x="990" y="488" width="140" height="4" rx="2"/>
    <rect x="960" y="510" width="200" height="4" rx="2"/>
    <rect x="1010" y="536" width="110" height="4" rx="2"/>
    <rect x="940" y="566" width="240" height="4" rx="2"/>
    <rect x="1000" y="600" width="130" height="4" rx="2"/>
  </g>
  <g transform="translate(420 470)" fill="#0f172a">
    <path d="M0 0 L120 0 L100 22 L14 22 Z"/>
    <rect x="58" y="-150" width="5" height="150"/>
    <path d="M64 -146 L64 -8 L128 -8 Z"/>
    <path d="M56 -130 L56 -8 L8 -8 Z" opacity="0.85"/>
  </g>
  <g fill="none" stroke="#1e1b4b" stroke-width="3" stroke-linecap="round" opacity="0.7">
    <path d="M300 170 q12 -10 24 0 q12 -10 24 0"/>
    <path d="M360 140 q9 -8 18 0 q9 -8 18 0"/>
    <path d="M250 130 q8 -7 16 0 q8 -7 16 0"/>
  </g>
</svg>`;

/** The demo home page's featured image: a 1600×640 JPEG made at seed time, with no network. */
export async function makeDemoHeroImage(): Promise<Buffer> {
  return sharp(Buffer.from(BAY_AT_SUNSET)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
