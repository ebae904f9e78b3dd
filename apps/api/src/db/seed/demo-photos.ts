/**
 * Demo photos: stylised illustrations drawn as SVG (a road under Kyrgyz mountains, a car, truck,
 * bus, motorcycle or a service's emblem, in varied colours and light), rendered by sharp and stored
 * through the photos module like an upload. The demo ads share this pool of pictures: each ad has
 * its own photo rows pointing at the same stored files, so a new database is seeded in seconds.
 */
import sharp from "sharp";
import type { FileStorage } from "../../lib/storage.ts";
import type { AdPhotoRow } from "../../modules/photos/photos.repository.ts";
import { storeAdPhoto } from "../../modules/photos/photos.service.ts";
import type { Database } from "../client.ts";

const WIDTH = 1200;
const HEIGHT = 900;
const GROUND = 800;
/** Rendered this wide: sharp enough for a full-screen gallery, quick to encode on first start. */
const RENDER_WIDTH = 1000;

interface Light {
  skyTop: string;
  skyBottom: string;
  sun: string;
  mountains: string;
  hills: string;
  ground: string;
}

const lights: Light[] = [
  // Clear day, steppe.
  {
    skyTop: "#4f9be0",
    skyBottom: "#cfe7fb",
    sun: "#fff7d1",
    mountains: "#7f96b6",
    hills: "#8aa66a",
    ground: "#9cba72",
  },
  // Golden evening.
  {
    skyTop: "#f08a5d",
    skyBottom: "#fcd79a",
    sun: "#fff0b0",
    mountains: "#9a7f8f",
    hills: "#b08a5e",
    ground: "#c4a26e",
  },
  // Blue hour.
  {
    skyTop: "#34407a",
    skyBottom: "#d992a8",
    sun: "#ffe3c4",
    mountains: "#5b5f8c",
    hills: "#4f6a5a",
    ground: "#61806a",
  },
  // Bright morning.
  {
    skyTop: "#8fd0f2",
    skyBottom: "#fdf1d6",
    sun: "#ffffff",
    mountains: "#8ea9c4",
    hills: "#7fae6e",
    ground: "#93c07a",
  },
  // Overcast autumn.
  {
    skyTop: "#8da0b5",
    skyBottom: "#e2e8ee",
    sun: "#f5f5f5",
    mountains: "#7b8795",
    hills: "#a08a58",
    ground: "#b79e68",
  },
];

/** Paint colours by the ad field's value (`colorSwatches` in contracts names the same ones). */
export const paints = {
  white: "#f4f5f7",
  black: "#23262b",
  silver: "#c3c8cf",
  grey: "#7d848d",
  blue: "#2457c5",
  red: "#c9302c",
  beige: "#e3d3ad",
  green: "#2f8a4a",
  "light-blue": "#79bde9",
  burgundy: "#7d1f35",
  yellow: "#f2c81b",
  orange: "#ec7a1c",
} as const;
export type Paint = keyof typeof paints;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[char] ?? char,
  );

/** Sky, sun, snowy ridges, hills and a road; the subject stands on the road. */
function roadScene(light: Light, sunX: number, subject: string, scale: number, caption?: string): string {
  const dashes = Array.from(
    { length: 8 },
    (_, index) => `<rect x="${index * 160 + 20}" y="752" width="86" height="8" rx="4"/>`,
  );
  return svg(`
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${light.skyTop}"/><stop offset="1" stop-color="${light.skyBottom}"/>
    </linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="165" r="66" fill="${light.sun}" opacity="0.9"/>
    <path d="M0 560 L150 380 L240 460 L390 290 L530 470 L650 360 L790 500 L910 320 L1060 480 L1200 380 L1200 640 L0 640 Z" fill="${light.mountains}"/>
    <path d="M390 290 L350 336 L372 330 L392 350 L410 328 L432 340 Z M910 320 L868 368 L892 360 L912 382 L930 358 L952 368 Z M150 380 L118 420 L140 414 L156 430 L172 412 Z" fill="#f7f9fc"/>
    <path d="M0 610 C180 540 300 600 460 560 C640 515 760 610 940 560 C1060 528 1140 560 1200 575 L1200 680 L0 680 Z" fill="${light.hills}"/>
    <rect y="660" width="${WIDTH}" height="${HEIGHT - 660}" fill="${light.ground}"/>
    <rect y="690" width="${WIDTH}" height="140" fill="#4b4f55"/>
    <rect y="690" width="${WIDTH}" height="6" fill="#d9d9d9"/>
    <g fill="#efefef">${dashes.join("")}</g>
    <g transform="translate(600 ${GROUND}) scale(${scale}) translate(-600 -${GROUND})">
      <ellipse cx="600" cy="${GROUND + 4}" rx="450" ry="14" fill="#000" opacity="0.25"/>
      ${subject}
    </g>
    ${caption ? captionText(caption) : ""}`);
}

/** A plain studio backdrop for emblems and close-ups. */
function studio(top: string, bottom: string, subject: string, caption?: string): string {
  return svg(`
    <defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>
    <rect y="700" width="${WIDTH}" height="200" fill="#000" opacity="0.08"/>
    <ellipse cx="600" cy="745" rx="380" ry="26" fill="#000" opacity="0.18"/>
    ${subject}
    ${caption ? captionText(caption) : ""}`);
}

function captionText(caption: string): string {
  return `<text x="64" y="118" font-family="DejaVu Sans, Arial, sans-serif" font-size="70" font-weight="700" fill="#000" opacity="0.25">${escapeXml(caption)}</text>
    <text x="60" y="112" font-family="DejaVu Sans, Arial, sans-serif" font-size="70" font-weight="700" fill="#fff">${escapeXml(caption)}</text>`;
}

function svg(content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${content}</svg>`;
}

function wheel(cx: number, r: number, cy = GROUND - r): string {
  const spokes = Array.from({ length: 5 }, (_, index) => {
    const angle = (index * 2 * Math.PI) / 5;
    return `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(angle) * r * 0.55).toFixed(1)}" y2="${(cy + Math.sin(angle) * r * 0.55).toFixed(1)}"/>`;
  });
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1c1e21"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="#c4c9d0"/>
    <g stroke="#8a9099" stroke-width="${Math.max(4, r * 0.1)}" stroke-linecap="round">${spokes.join("")}</g>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.18}" fill="#5d636b"/>`;
}

/** A side view from outline points: [x share of the length from the rear, height above the ground]. */
type Profile = [number, number][];

interface CarShape {
  length: number;
  outline: Profile;
  window: Profile;
  pillar: number;
  wheels: [number, number];
  wheelRadius: number;
}

const carShapes = {
  sedan: {
    length: 780,
    outline: [
      [0, 40],
      [0, 118],
      [0.16, 136],
      [0.28, 208],
      [0.41, 226],
      [0.6, 224],
      [0.74, 142],
      [0.97, 124],
      [1, 46],
    ],
    window: [
      [0.29, 146],
      [0.31, 200],
      [0.415, 214],
      [0.59, 212],
      [0.71, 146],
    ],
    pillar: 0.5,
    wheels: [0.18, 0.8],
    wheelRadius: 58,
  },
  suv: {
    length: 800,
    outline: [
      [0, 56],
      [0, 210],
      [0.04, 296],
      [0.66, 300],
      [0.79, 214],
      [0.98, 196],
      [1, 62],
    ],
    window: [
      [0.05, 214],
      [0.06, 282],
      [0.645, 285],
      [0.75, 214],
    ],
    pillar: 0.4,
    wheels: [0.17, 0.81],
    wheelRadius: 70,
  },
  hatchback: {
    length: 660,
    outline: [
      [0, 44],
      [0, 140],
      [0.05, 216],
      [0.12, 230],
      [0.55, 228],
      [0.72, 142],
      [0.97, 122],
      [1, 46],
    ],
    window: [
      [0.07, 148],
      [0.08, 210],
      [0.13, 218],
      [0.54, 216],
      [0.69, 148],
    ],
    pillar: 0.36,
    wheels: [0.18, 0.8],
    wheelRadius: 56,
  },
  minivan: {
    length: 820,
    outline: [
      [0, 52],
      [0, 160],
      [0.02, 282],
      [0.08, 294],
      [0.7, 292],
      [0.88, 172],
      [0.99, 152],
      [1, 52],
    ],
    window: [
      [0.03, 176],
      [0.04, 276],
      [0.09, 282],
      [0.68, 280],
      [0.84, 176],
    ],
    pillar: 0.45,
    wheels: [0.16, 0.82],
    wheelRadius: 60,
  },
  pickup: {
    length: 840,
    outline: [
      [0, 56],
      [0, 170],
      [0.46, 170],
      [0.48, 276],
      [0.67, 278],
      [0.79, 178],
      [0.98, 160],
      [1, 60],
    ],
    window: [
      [0.5, 186],
      [0.505, 262],
      [0.66, 264],
      [0.755, 186],
    ],
    pillar: 0.58,
    wheels: [0.17, 0.82],
    wheelRadius: 68,
  },
  coupe: {
    length: 760,
    outline: [
      [0, 42],
      [0, 110],
      [0.12, 128],
      [0.38, 202],
      [0.56, 204],
      [0.72, 128],
      [0.98, 104],
      [1, 40],
    ],
    window: [
      [0.22, 136],
      [0.39, 192],
      [0.55, 193],
      [0.69, 136],
    ],
    pillar: 0.5,
    wheels: [0.19, 0.8],
    wheelRadius: 58,
  },
  wagon: {
    length: 800,
    outline: [
      [0, 46],
      [0, 136],
      [0.02, 210],
      [0.07, 220],
      [0.6, 218],
      [0.74, 142],
      [0.97, 124],
      [1, 46],
    ],
    window: [
      [0.04, 148],
      [0.05, 206],
      [0.08, 210],
      [0.59, 208],
      [0.71, 148],
    ],
    pillar: 0.42,
    wheels: [0.17, 0.81],
    wheelRadius: 58,
  },
} satisfies Record<string, CarShape>;
export type CarShapeName = keyof typeof carShapes;

function points(profile: Profile, left: number, length: number): string {
  return profile
    .map(([share, height]) => `${(left + share * length).toFixed(0)},${GROUND - height}`)
    .join(" ");
}

/** A car facing right, in a paint colour; optional extras drawn over it (a taxi sign). */
function car(shapeName: CarShapeName, paint: string, extra = ""): string {
  const shape: CarShape = carShapes[shapeName];
  const left = (WIDTH - shape.length) / 2;
  const at = (share: number) => left + share * shape.length;
  const front = at(1);
  const [rearWheel, frontWheel] = shape.wheels.map(at) as [number, number];
  const beltHeight = (shape.window[0]?.[1] ?? 150) - 8;
  return `
    <polygon points="${points(shape.outline, left, shape.length)}" fill="${paint}" stroke="${paint}" stroke-width="18" stroke-linejoin="round"/>
    <polygon points="${points(shape.window, left, shape.length)}" fill="#27394d" opacity="0.88" stroke="#1b2735" stroke-width="4" stroke-linejoin="round"/>
    <line x1="${at(shape.pillar)}" y1="${GROUND - beltHeight - 70}" x2="${at(shape.pillar)}" y2="${GROUND - 52}" stroke="#000" stroke-opacity="0.22" stroke-width="4"/>
    <line x1="${at(0.02)}" y1="${GROUND - beltHeight + 10}" x2="${at(0.97)}" y2="${GROUND - beltHeight + 10}" stroke="#fff" stroke-opacity="0.25" stroke-width="5"/>
    <ellipse cx="${front - 22}" cy="${GROUND - (shape.outline.at(-2)?.[1] ?? 120) + 20}" rx="22" ry="11" fill="#fff7d6"/>
    <rect x="${left - 8}" y="${GROUND - (shape.outline[1]?.[1] ?? 120) + 10}" width="18" height="22" rx="5" fill="#d0342c"/>
    <circle cx="${rearWheel}" cy="${GROUND - shape.wheelRadius}" r="${shape.wheelRadius + 9}" fill="#151618" opacity="0.85"/>
    <circle cx="${frontWheel}" cy="${GROUND - shape.wheelRadius}" r="${shape.wheelRadius + 9}" fill="#151618" opacity="0.85"/>
    ${wheel(rearWheel, shape.wheelRadius)}${wheel(frontWheel, shape.wheelRadius)}
    ${extra}`;
}

function cab(left: number, width: number, height: number, paint: string): string {
  const top = GROUND - height;
  return `<path d="M${left} ${GROUND - 50} L${left} ${top + 12} Q${left} ${top} ${left + 12} ${top} L${left + width - 40} ${top} L${left + width} ${top + 90} L${left + width} ${GROUND - 50} Z" fill="${paint}"/>
    <path d="M${left + 26} ${top + 22} L${left + width - 48} ${top + 22} L${left + width - 14} ${top + 96} L${left + 26} ${top + 96} Z" fill="#27394d" opacity="0.9"/>
    <rect x="${left + width - 18}" y="${GROUND - 110}" width="16" height="26" rx="4" fill="#fff7d6"/>`;
}

const commercialPictures = {
  truck: (paint: string) => `
    <rect x="170" y="${GROUND - 370}" width="640" height="300" rx="10" fill="#eef0f2" stroke="#b8bec6" stroke-width="6"/>
    <rect x="170" y="${GROUND - 78}" width="860" height="24" fill="#2b2d31"/>
    ${cab(818, 230, 300, paint)}
    ${wheel(270, 62)}${wheel(410, 62)}${wheel(930, 62)}`,
  "tractor-unit": (paint: string) => `
    <rect x="170" y="${GROUND - 112}" width="560" height="34" fill="#2b2d31"/>
    <rect x="330" y="${GROUND - 132}" width="160" height="22" rx="6" fill="#55585e"/>
    <rect x="700" y="${GROUND - 430}" width="120" height="150" rx="12" fill="${paint}" opacity="0.85"/>
    ${cab(700, 330, 380, paint)}
    ${wheel(260, 64)}${wheel(410, 64)}${wheel(920, 64)}`,
  bus: (paint: string) => `
    <rect x="140" y="${GROUND - 340}" width="920" height="290" rx="34" fill="${paint}"/>
    <rect x="180" y="${GROUND - 300}" width="760" height="100" rx="12" fill="#27394d" opacity="0.9"/>
    <rect x="960" y="${GROUND - 300}" width="80" height="200" rx="10" fill="#27394d" opacity="0.9"/>
    <rect x="140" y="${GROUND - 180}" width="920" height="14" fill="#fff" opacity="0.5"/>
    <rect x="1030" y="${GROUND - 120}" width="22" height="28" rx="6" fill="#fff7d6"/>
    ${wheel(300, 62)}${wheel(880, 62)}`,
  "light-commercial": (paint: string) => `
    <path d="M190 ${GROUND - 50} L190 ${GROUND - 330} Q190 ${GROUND - 350} 210 ${GROUND - 350} L840 ${GROUND - 350} Q900 ${GROUND - 340} 960 ${GROUND - 220} L1010 ${GROUND - 190} L1010 ${GROUND - 50} Z" fill="${paint}"/>
    <path d="M830 ${GROUND - 326} L880 ${GROUND - 322} L940 ${GROUND - 212} L830 ${GROUND - 212} Z" fill="#27394d" opacity="0.9"/>
    <line x1="560" y1="${GROUND - 330}" x2="560" y2="${GROUND - 60}" stroke="#000" stroke-opacity="0.2" stroke-width="5"/>
    <rect x="990" y="${GROUND - 160}" width="18" height="26" rx="4" fill="#fff7d6"/>
    ${wheel(320, 60)}${wheel(860, 60)}`,
  trailer: (paint: string) => `
    <rect x="120" y="${GROUND - 400}" width="880" height="300" rx="8" fill="${paint}"/>
    <rect x="120" y="${GROUND - 112}" width="880" height="20" fill="#2b2d31"/>
    <rect x="820" y="${GROUND - 92}" width="14" height="92" fill="#55585e"/>
    ${wheel(220, 56)}${wheel(350, 56)}${wheel(480, 56)}`,
  special: (paint: string) => `
    <rect x="240" y="${GROUND - 120}" width="520" height="110" rx="55" fill="#2b2d31"/>
    ${wheel(300, 42, GROUND - 62)}${wheel(700, 42, GROUND - 62)}
    <rect x="280" y="${GROUND - 300}" width="440" height="170" rx="14" fill="${paint}"/>
    <rect x="300" y="${GROUND - 430}" width="190" height="150" rx="12" fill="${paint}"/>
    <rect x="318" y="${GROUND - 412}" width="150" height="90" rx="8" fill="#27394d" opacity="0.9"/>
    <polyline points="700,${GROUND - 260} 900,${GROUND - 470} 1030,${GROUND - 250}" fill="none" stroke="${paint}" stroke-width="44" stroke-linejoin="round" stroke-linecap="round"/>
    <path d="M1000 ${GROUND - 270} L1090 ${GROUND - 230} L1050 ${GROUND - 150} L980 ${GROUND - 190} Z" fill="#55585e"/>`,
} as const;

const motoPictures = {
  motorcycle: (paint: string) => `
    ${wheel(360, 96)}${wheel(850, 96)}
    <polyline points="360,${GROUND - 96} 540,${GROUND - 240} 720,${GROUND - 250} 850,${GROUND - 96}" fill="none" stroke="#3a3d42" stroke-width="16" stroke-linejoin="round"/>
    <path d="M560 ${GROUND - 250} Q620 ${GROUND - 320} 720 ${GROUND - 300} L740 ${GROUND - 250} L560 ${GROUND - 236} Z" fill="${paint}"/>
    <path d="M420 ${GROUND - 236} L570 ${GROUND - 250} L560 ${GROUND - 226} L430 ${GROUND - 214} Z" fill="#1f2124"/>
    <line x1="735" y1="${GROUND - 300}" x2="850" y2="${GROUND - 96}" stroke="#8a9099" stroke-width="14"/>
    <line x1="700" y1="${GROUND - 340}" x2="770" y2="${GROUND - 320}" stroke="#1f2124" stroke-width="10" stroke-linecap="round"/>
    <ellipse cx="790" cy="${GROUND - 285}" rx="20" ry="24" fill="#fff7d6"/>
    <path d="M480 ${GROUND - 150} L640 ${GROUND - 130} L650 ${GROUND - 110} L470 ${GROUND - 126} Z" fill="#a7adb5"/>`,
  scooter: (paint: string) => `
    ${wheel(400, 66)}${wheel(820, 66)}
    <path d="M360 ${GROUND - 110} Q380 ${GROUND - 240} 520 ${GROUND - 230} L640 ${GROUND - 230} L660 ${GROUND - 120} L770 ${GROUND - 120} L760 ${GROUND - 330} L800 ${GROUND - 330} L850 ${GROUND - 110} Z" fill="${paint}"/>
    <path d="M430 ${GROUND - 250} Q520 ${GROUND - 290} 620 ${GROUND - 250} Z" fill="#1f2124"/>
    <line x1="740" y1="${GROUND - 370}" x2="820" y2="${GROUND - 360}" stroke="#1f2124" stroke-width="10" stroke-linecap="round"/>
    <ellipse cx="800" cy="${GROUND - 320}" rx="16" ry="18" fill="#fff7d6"/>`,
  atv: (paint: string) => `
    ${wheel(380, 92)}${wheel(830, 92)}
    <path d="M270 ${GROUND - 180} Q380 ${GROUND - 290} 500 ${GROUND - 200} L700 ${GROUND - 210} Q830 ${GROUND - 300} 940 ${GROUND - 190} L900 ${GROUND - 160} L300 ${GROUND - 150} Z" fill="${paint}"/>
    <path d="M500 ${GROUND - 215} Q600 ${GROUND - 265} 700 ${GROUND - 225} Z" fill="#1f2124"/>
    <line x1="700" y1="${GROUND - 230}" x2="760" y2="${GROUND - 300}" stroke="#3a3d42" stroke-width="12"/>
    <line x1="730" y1="${GROUND - 305}" x2="800" y2="${GROUND - 295}" stroke="#1f2124" stroke-width="10" stroke-linecap="round"/>`,
  buggy: (paint: string) => `
    ${wheel(340, 98)}${wheel(860, 98)}
    <path d="M250 ${GROUND - 140} L950 ${GROUND - 140} L930 ${GROUND - 200} L280 ${GROUND - 210} Z" fill="${paint}"/>
    <polyline points="330,${GROUND - 205} 420,${GROUND - 420} 700,${GROUND - 420} 850,${GROUND - 180}" fill="none" stroke="#2b2d31" stroke-width="18" stroke-linejoin="round"/>
    <line x1="560" y1="${GROUND - 420}" x2="560" y2="${GROUND - 205}" stroke="#2b2d31" stroke-width="14"/>
    <rect x="450" y="${GROUND - 300}" width="90" height="90" rx="14" fill="#1f2124"/>`,
  snowmobile: (paint: string) => `
    <rect x="260" y="${GROUND - 110}" width="460" height="90" rx="45" fill="#2b2d31"/>
    <path d="M700 ${GROUND - 12} L1000 ${GROUND - 12} Q1050 ${GROUND - 12} 1060 ${GROUND - 60}" fill="none" stroke="#2b2d31" stroke-width="14" stroke-linecap="round"/>
    <path d="M240 ${GROUND - 120} L760 ${GROUND - 120} Q900 ${GROUND - 140} 1000 ${GROUND - 70} L980 ${GROUND - 200} Q860 ${GROUND - 300} 700 ${GROUND - 250} L300 ${GROUND - 220} Z" fill="${paint}"/>
    <path d="M380 ${GROUND - 230} Q480 ${GROUND - 280} 600 ${GROUND - 245} Z" fill="#1f2124"/>
    <path d="M760 ${GROUND - 260} L840 ${GROUND - 360} L880 ${GROUND - 280} Z" fill="#9fd3f0" opacity="0.8"/>`,
  karting: (paint: string) => `
    ${wheel(380, 48)}${wheel(850, 48)}
    <path d="M300 ${GROUND - 60} L940 ${GROUND - 60} L900 ${GROUND - 110} L340 ${GROUND - 110} Z" fill="${paint}"/>
    <rect x="470" y="${GROUND - 220} " width="110" height="120" rx="18" fill="#1f2124"/>
    <line x1="700" y1="${GROUND - 110}" x2="650" y2="${GROUND - 200}" stroke="#3a3d42" stroke-width="10"/>
    <ellipse cx="645" cy="${GROUND - 205}" rx="30" ry="12" fill="#1f2124"/>`,
} as const;

/** Emblems of the services, each on its own backdrop colour. */
const servicePictures: Record<string, { colours: [string, string]; picture: string }> = {
  repair: {
    colours: ["#dbe7f3", "#a8bfd6"],
    picture: `<g transform="rotate(-35 600 430)"><rect x="560" y="200" width="80" height="420" rx="30" fill="#6d7580"/><circle cx="600" cy="210" r="90" fill="#6d7580"/><rect x="570" y="110" width="60" height="110" fill="#dbe7f3"/></g>
      <g transform="rotate(35 600 430)"><rect x="580" y="240" width="40" height="260" rx="10" fill="#b8bec6"/><rect x="555" y="470" width="90" height="190" rx="30" fill="#e0862a"/></g>`,
  },
  "body-paint": {
    colours: ["#fde7d6", "#f1b48a"],
    picture: `<rect x="430" y="300" width="300" height="140" rx="40" fill="#5c6570"/><rect x="690" y="340" width="180" height="44" rx="16" fill="#8a9099"/><rect x="480" y="430" width="60" height="220" rx="20" fill="#3a3d42"/><rect x="540" y="230" width="120" height="90" rx="16" fill="#c9302c"/>
      <circle cx="930" cy="360" r="34" fill="#2457c5" opacity="0.7"/><circle cx="990" cy="300" r="24" fill="#f2c81b" opacity="0.7"/><circle cx="1000" cy="420" r="28" fill="#2f8a4a" opacity="0.7"/>`,
  },
  tuning: {
    colours: ["#2b2f38", "#11131a"],
    picture: `${wheel(600, 240, 440)}<path d="M860 180 L800 330 L880 330 L810 500" fill="none" stroke="#f2c81b" stroke-width="22" stroke-linejoin="round" stroke-linecap="round"/>`,
  },
  wash: {
    colours: ["#d6f0fb", "#8fcbea"],
    picture: `<g transform="translate(0 -60)">${car("sedan", paints["light-blue"])}</g>
      <g fill="#ffffff" opacity="0.85"><circle cx="300" cy="520" r="40"/><circle cx="360" cy="470" r="28"/><circle cx="860" cy="500" r="46"/><circle cx="930" cy="450" r="24"/><circle cx="600" cy="380" r="32"/><circle cx="520" cy="420" r="20"/></g>
      <g fill="#2d8fd5"><path d="M250 200 Q270 240 250 260 Q230 240 250 200 Z"/><path d="M600 150 Q622 195 600 215 Q578 195 600 150 Z"/><path d="M950 210 Q970 250 950 270 Q930 250 950 210 Z"/></g>`,
  },
  cargo: {
    colours: ["#f3ead6", "#d9c49a"],
    picture: `<g transform="translate(0 -60)">${commercialPictures.truck(paints.orange)}</g>`,
  },
  taxi: {
    colours: ["#fff4c4", "#f2d35c"],
    picture: `<g transform="translate(0 -60)">${car(
      "sedan",
      paints.yellow,
      `<rect x="560" y="${GROUND - 262}" width="110" height="38" rx="8" fill="#23262b"/><text x="615" y="${GROUND - 235}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="#f2c81b">TAXI</text>`,
    )}</g>`,
  },
  "tow-truck": {
    colours: ["#e3e7ec", "#b5bdc7"],
    picture: `<g transform="translate(0 -60)"><rect x="150" y="${GROUND - 160}" width="680" height="36" fill="#3a3d42"/>
      <g transform="translate(-110 -150) scale(0.8)">${car("hatchback", paints.red)}</g>
      ${cab(830, 220, 280, paints.orange)}${wheel(260, 60)}${wheel(640, 60)}${wheel(930, 60)}</g>`,
  },
  rental: {
    colours: ["#e4f5e8", "#9fd3ae"],
    picture: `<g transform="translate(0 -80)">${car("suv", paints.white)}</g><g transform="translate(830 150) rotate(20)"><circle cx="0" cy="0" r="56" fill="none" stroke="#3a3d42" stroke-width="18"/><rect x="40" y="-14" width="180" height="28" rx="8" fill="#3a3d42"/><rect x="170" y="14" width="22" height="36" fill="#3a3d42"/></g>`,
  },
  keys: {
    colours: ["#ece3f5", "#bba3d6"],
    picture: `<g transform="rotate(-20 600 450)"><circle cx="420" cy="450" r="130" fill="none" stroke="#c9a227" stroke-width="52"/><rect x="530" y="420" width="420" height="60" rx="14" fill="#c9a227"/><rect x="840" y="470" width="40" height="80" fill="#c9a227"/><rect x="760" y="470" width="40" height="60" fill="#c9a227"/></g>`,
  },
  "driving-school": {
    colours: ["#e6effa", "#a9c2e4"],
    picture: `<g transform="translate(0 -60)">${car("hatchback", paints.white)}</g><path d="M840 130 L990 390 L690 390 Z" fill="#fff" stroke="#c9302c" stroke-width="26" stroke-linejoin="round"/><text x="840" y="355" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="700" fill="#23262b">У</text>`,
  },
  diagnostics: {
    colours: ["#dff3f1", "#94d1c8"],
    picture: `<rect x="330" y="220" width="540" height="340" rx="22" fill="#2b2f38"/><rect x="360" y="250" width="480" height="280" rx="8" fill="#0f3b3a"/><rect x="270" y="560" width="660" height="40" rx="14" fill="#5c6570"/>
      <polyline points="380,420 460,420 490,330 530,500 570,380 610,420 700,420 730,300 760,470 820,420" fill="none" stroke="#4be3c1" stroke-width="10" stroke-linejoin="round"/>`,
  },
  tyres: {
    colours: ["#ececec", "#bdbdbd"],
    picture: `<g fill="#1f2124"><ellipse cx="480" cy="610" rx="190" ry="60"/><ellipse cx="480" cy="540" rx="190" ry="60"/><ellipse cx="480" cy="470" rx="190" ry="60"/></g><g fill="#3a3d42"><ellipse cx="480" cy="460" rx="90" ry="26"/></g>${wheel(830, 190, 470)}`,
  },
  parts: {
    colours: ["#f4eee4", "#d5c3a6"],
    picture: `<g transform="translate(470 440)"><circle r="160" fill="#6d7580"/>${Array.from({ length: 10 }, (_, index) => `<rect x="-28" y="-200" width="56" height="70" rx="8" fill="#6d7580" transform="rotate(${index * 36})"/>`).join("")}<circle r="60" fill="#f4eee4"/></g>
      <rect x="760" y="300" width="170" height="210" rx="24" fill="#b8bec6"/><rect x="820" y="500" width="50" height="150" rx="10" fill="#8a9099"/>`,
  },
  wanted: {
    colours: ["#fdf3dc", "#f0cf85"],
    picture: `<circle cx="540" cy="400" r="170" fill="#fff" fill-opacity="0.4" stroke="#3a3d42" stroke-width="44"/><rect x="640" y="530" width="70" height="240" rx="26" fill="#3a3d42" transform="rotate(-45 675 650)"/>`,
  },
};

/** Details a seller adds after the cover: the dashboard, a wheel, the seats, the back. */
const detailPictures = {
  dashboard: () =>
    studio(
      "#cfd8e3",
      "#5c6570",
      `<rect x="0" y="520" width="${WIDTH}" height="380" fill="#2b2f38"/><rect x="120" y="560" width="380" height="130" rx="30" fill="#1b1e24"/><circle cx="230" cy="625" r="50" fill="none" stroke="#4be3c1" stroke-width="8"/><circle cx="390" cy="625" r="50" fill="none" stroke="#f08a5d" stroke-width="8"/>
      <circle cx="320" cy="720" r="200" fill="none" stroke="#15171c" stroke-width="48"/><rect x="140" y="700" width="360" height="40" rx="18" fill="#15171c"/><rect x="780" y="580" width="280" height="170" rx="14" fill="#0f1a2a"/><rect x="800" y="600" width="240" height="130" rx="8" fill="#2457c5" opacity="0.6"/>`,
    ),
  wheel: () => studio("#e8eaee", "#9aa3ad", wheel(600, 280, 430)),
  seats: () =>
    studio(
      "#efe6da",
      "#b49a7a",
      `<path d="M300 700 L300 360 Q300 250 420 250 L480 250 Q560 250 560 360 L560 620 L700 620 L700 700 Z" fill="#3d2b22"/><path d="M640 700 L640 360 Q640 250 760 250 L820 250 Q900 250 900 360 L900 620 L1040 620 L1040 700 Z" fill="#3d2b22"/>
      <rect x="340" y="180" width="160" height="80" rx="30" fill="#3d2b22"/><rect x="680" y="180" width="160" height="80" rx="30" fill="#3d2b22"/><g stroke="#5a4336" stroke-width="6"><line x1="330" y1="420" x2="530" y2="420"/><line x1="670" y1="420" x2="870" y2="420"/></g>`,
    ),
  back: (paint: string) =>
    studio(
      "#dde3ea",
      "#8e99a6",
      `<rect x="310" y="260" width="580" height="420" rx="70" fill="${paint}"/><rect x="370" y="300" width="460" height="150" rx="30" fill="#27394d" opacity="0.9"/>
      <rect x="330" y="500" width="120" height="50" rx="14" fill="#d0342c"/><rect x="750" y="500" width="120" height="50" rx="14" fill="#d0342c"/><rect x="520" y="560" width="160" height="46" rx="6" fill="#fff" stroke="#23262b" stroke-width="4"/>
      <rect x="330" y="680" width="90" height="70" rx="14" fill="#1c1e21"/><rect x="780" y="680" width="90" height="70" rx="14" fill="#1c1e21"/>`,
    ),
};

/** The body of a car ad as the picture shows it. */
export const carShapeBodies: Record<CarShapeName, string> = {
  sedan: "sedan",
  suv: "suv-5d",
  hatchback: "hatchback-5d",
  minivan: "minivan",
  pickup: "pickup",
  coupe: "coupe",
  wagon: "wagon",
};

export interface DemoPicture {
  /** What the picture shows: `car:<shape>:<paint>[:<mark>]`, `commercial:<category>`, `moto:<category>`, `uslugi:<type>`, `detail:<name>`. */
  key: string;
  svg: string;
}

/** Marks named on car pictures (the most advertised ones); the others get unnamed pictures. */
export const namedMarks: { slug: string; name: string; shapes: [CarShapeName, Paint][] }[] = [
  {
    slug: "toyota",
    name: "Toyota",
    shapes: [
      ["sedan", "white"],
      ["suv", "black"],
    ],
  },
  { slug: "lexus", name: "Lexus", shapes: [["suv", "white"]] },
  {
    slug: "hyundai",
    name: "Hyundai",
    shapes: [
      ["sedan", "silver"],
      ["suv", "blue"],
    ],
  },
  { slug: "kia", name: "Kia", shapes: [["sedan", "red"]] },
  {
    slug: "mercedes-benz",
    name: "Mercedes-Benz",
    shapes: [
      ["sedan", "black"],
      ["suv", "silver"],
    ],
  },
  { slug: "honda", name: "Honda", shapes: [["hatchback", "blue"]] },
  { slug: "daewoo", name: "Daewoo", shapes: [["sedan", "white"]] },
  { slug: "lada", name: "Lada", shapes: [["sedan", "white"]] },
  { slug: "bmw", name: "BMW", shapes: [["sedan", "blue"]] },
  { slug: "nissan", name: "Nissan", shapes: [["suv", "silver"]] },
];

/** Unnamed car pictures: every shape, in one or two paints. */
export const unnamedCars: Record<CarShapeName, Paint[]> = {
  sedan: ["silver", "burgundy"],
  suv: ["white"],
  hatchback: ["red"],
  minivan: ["white"],
  pickup: ["black"],
  coupe: ["yellow"],
  wagon: ["beige"],
};

/** The paint of each commercial category's picture. */
export const commercialPaints: Record<keyof typeof commercialPictures, Paint> = {
  truck: "blue",
  "tractor-unit": "red",
  bus: "yellow",
  "light-commercial": "white",
  trailer: "grey",
  special: "yellow",
};

/** The paints of each moto category's pictures. */
export const motoPaints: Record<keyof typeof motoPictures, Paint[]> = {
  motorcycle: ["red", "black"],
  scooter: ["light-blue"],
  atv: ["green"],
  buggy: ["yellow"],
  snowmobile: ["red"],
  karting: ["orange"],
};

/** The services with a picture of their own; the others show the repair one. */
export const servicesPictured = Object.keys(servicePictures);

/** The close-ups a vehicle ad may add after its cover. */
export const detailKeys = ["detail:dashboard", "detail:wheel", "detail:seats", "detail:back"];

/** Every demo picture, in a fixed order (the same pool on every machine). */
export function demoPictures(): DemoPicture[] {
  const pictures: DemoPicture[] = [];
  let scene = 0;
  const road = (subject: string, scale: number, caption?: string) => {
    scene += 1;
    return roadScene(
      lights[scene % lights.length] as Light,
      160 + ((scene * 373) % 880),
      subject,
      scale,
      caption,
    );
  };
  for (const mark of namedMarks) {
    for (const [shape, paint] of mark.shapes) {
      pictures.push({
        key: `car:${shape}:${paint}:${mark.slug}`,
        svg: road(car(shape, paints[paint]), 1.25, mark.name),
      });
    }
  }
  for (const [shape, paintList] of Object.entries(unnamedCars)) {
    for (const paint of paintList) {
      pictures.push({
        key: `car:${shape}:${paint}`,
        svg: road(car(shape as CarShapeName, paints[paint]), 1.25),
      });
    }
  }
  for (const [category, paint] of Object.entries(commercialPaints)) {
    const draw = commercialPictures[category as keyof typeof commercialPictures];
    pictures.push({ key: `commercial:${category}:${paint}`, svg: road(draw(paints[paint]), 1) });
  }
  for (const [category, paintList] of Object.entries(motoPaints)) {
    for (const paint of paintList) {
      const draw = motoPictures[category as keyof typeof motoPictures];
      pictures.push({ key: `moto:${category}:${paint}`, svg: road(draw(paints[paint]), 1.15) });
    }
  }
  for (const [type, { colours, picture }] of Object.entries(servicePictures)) {
    pictures.push({ key: `uslugi:${type}`, svg: studio(colours[0], colours[1], picture) });
  }
  pictures.push(
    { key: "detail:dashboard", svg: detailPictures.dashboard() },
    { key: "detail:wheel", svg: detailPictures.wheel() },
    { key: "detail:seats", svg: detailPictures.seats() },
    { key: "detail:back", svg: detailPictures.back(paints.white) },
  );
  return pictures;
}

/**
 * Renders and stores every demo picture as an unattached photo of `userId` (the rows are only a
 * template: each ad gets its own rows pointing at the same files). The photos module encodes two at a
 * time.
 */
export async function storeDemoPictures(
  db: Database,
  storage: FileStorage,
  userId: number,
): Promise<Map<string, AdPhotoRow>> {
  const pictures = demoPictures();
  const rows = await Promise.all(
    pictures.map(async (picture) => {
      const png = await sharp(Buffer.from(picture.svg), { density: (72 * RENDER_WIDTH) / WIDTH })
        .png({ compressionLevel: 1 })
        .toBuffer();
      return storeAdPhoto(db, storage, userId, png);
    }),
  );
  return new Map(pictures.map((picture, index) => [picture.key, rows[index] as AdPhotoRow]));
}
