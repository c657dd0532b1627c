import { loadSharp } from '../media/sharp.js';

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
  const sharp = await loadSharp();
  return sharp(Buffer.from(BAY_AT_SUNSET)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** The colours and motif of one tour's picture. */
export interface TourScene {
  sky: [string, string, string];
  ground: string;
  accent: string;
  motif: 'sail' | 'towers' | 'island' | 'hills' | 'lantern' | 'kayak';
}

const MOTIFS: Record<TourScene['motif'], (accent: string) => string> = {
  sail: (accent) =>
    `<g transform="translate(520 560)" fill="#0f172a"><path d="M0 0 L200 0 L170 36 L24 36 Z"/><rect x="96" y="-250" width="8" height="250"/><path d="M106 -244 L106 -14 L214 -14 Z" fill="${accent}"/><path d="M92 -220 L92 -14 L12 -14 Z" opacity="0.85"/></g>`,
  towers: (accent) =>
    `<g fill="#1e293b"><rect x="180" y="330" width="120" height="270"/><rect x="300" y="400" width="160" height="200"/><path d="M180 330 L240 250 L300 330 Z"/><rect x="470" y="300" width="90" height="300"/><circle cx="515" cy="280" r="45" fill="${accent}"/><rect x="620" y="380" width="200" height="220"/><rect x="860" y="350" width="140" height="250"/><path d="M860 350 L930 280 L1000 350 Z"/></g><g fill="#fde68a" opacity="0.8"><rect x="210" y="380" width="20" height="30"/><rect x="250" y="380" width="20" height="30"/><rect x="340" y="440" width="20" height="30"/><rect x="660" y="420" width="20" height="30"/><rect x="900" y="400" width="20" height="30"/></g>`,
  island: (accent) =>
    `<ellipse cx="760" cy="600" rx="330" ry="70" fill="#166534"/><ellipse cx="760" cy="585" rx="220" ry="40" fill="${accent}"/><g transform="translate(720 430)" fill="#14532d"><rect x="-6" y="0" width="12" height="150" transform="rotate(8)"/><path d="M0 0 q-70 -20 -120 30 q60 -10 120 -30 q-30 -60 -100 -60 q60 20 100 60 q40 -70 110 -60 q-70 10 -110 60 q80 -10 120 40 q-60 -30 -120 -40Z"/></g>`,
  hills: (accent) =>
    `<path d="M0 520 Q200 380 420 500 T860 470 T1200 520 L1200 800 L0 800 Z" fill="#15803d"/><path d="M0 600 Q300 480 620 590 T1200 570 L1200 800 L0 800 Z" fill="#166534"/><g fill="${accent}"><circle cx="260" cy="640" r="10"/><circle cx="300" cy="660" r="10"/><circle cx="340" cy="645" r="10"/><circle cx="820" cy="660" r="10"/><circle cx="860" cy="680" r="10"/></g>`,
  lantern: (accent) =>
    `<rect y="560" width="1200" height="240" fill="#1c1917"/><g fill="${accent}"><circle cx="200" cy="260" r="36"/><circle cx="420" cy="220" r="30"/><circle cx="640" cy="280" r="40"/><circle cx="860" cy="230" r="32"/><circle cx="1040" cy="290" r="36"/></g><path d="M0 200 Q300 320 600 220 T1200 250" fill="none" stroke="#44403c" stroke-width="4"/><g fill="#78350f"><rect x="300" y="470" width="240" height="90" rx="10"/><rect x="680" y="470" width="240" height="90" rx="10"/></g>`,
  kayak: (accent) =>
    `<g transform="translate(600 600) rotate(-6)"><ellipse cx="0" cy="0" rx="260" ry="26" fill="${accent}"/><circle cx="-30" cy="-50" r="22" fill="#0f172a"/><rect x="-40" y="-34" width="24" height="40" fill="#0f172a"/><rect x="-200" y="-40" width="360" height="8" rx="4" fill="#0f172a" transform="rotate(-20)"/></g>`,
};

/** A tour's picture: a 1200×800 JPEG of sky, land or sea and the tour's motif, drawn here with no network. */
export async function makeTourImage(scene: TourScene): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="0.6" stop-color="${scene.sky[1]}"/><stop offset="1" stop-color="${scene.sky[2]}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <circle cx="930" cy="200" r="90" fill="#fff7cc" opacity="0.85"/>
  <rect y="600" width="1200" height="200" fill="${scene.ground}"/>
  ${MOTIFS[scene.motif](scene.accent)}
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}
