import { Pen, escapeXml, fmt, prng } from './pen.js';

// One presentation sheet: warm paper, a fine frame, the drawing at a true architectural scale chosen to fit,
// and a title block with the project, the drawing, the scale and its bar, and a north arrow on plans.

export type DrawingKind = 'plan' | 'site' | 'elevation' | 'section';

export interface Drawing {
  /** The file written beside the project's Markdown, e.g. `plan.svg`. */
  file: string;
  /** As the title block says it, e.g. "Ground floor plan". */
  title: string;
  kind: DrawingKind;
  /** What the drawing covers, in metres: [minX, minY, maxX, maxY] (y up; north up in plans). */
  extent: [number, number, number, number];
  /** Plans: the direction of north in degrees clockwise from up (0 = up). */
  north?: number;
  draw: (pen: Pen) => void;
}

export interface SampleProject {
  slug: string;
  name: string;
  place: string;
  drawings: Drawing[];
}

export const SHEET = { width: 1800, height: 1200 } as const;
const PAPER = '#f6f4ef';
const INK = '#1d1d1b';
const ACCENT = '#2f4a3c';
const RULE = '#d6d0c4';
/** 3 sheet pixels per millimetre of paper: 1800 × 1200 is a 600 × 400 mm sheet. */
const PX_PER_MM = 3;
const SCALES = [50, 100, 200, 500];
const AREA = { x0: 96, y0: 96, x1: 1704, y1: 990 };

/** The largest standard scale at which the extent fits the drawing area. */
function chooseScale([x0, y0, x1, y1]: Drawing['extent']): { scale: number; k: number } {
  for (const scale of SCALES) {
    const k = (1000 * PX_PER_MM) / scale;
    if ((x1 - x0) * k <= AREA.x1 - AREA.x0 && (y1 - y0) * k <= AREA.y1 - AREA.y0) return { scale, k };
  }
  throw new Error(`extent ${x1 - x0} × ${y1 - y0} m does not fit at 1:${SCALES.at(-1)}`);
}

const STYLE = [
  `.cut{fill:${INK};stroke:${INK};stroke-width:1;stroke-linejoin:round}`,
  `.prof{fill:none;stroke:${INK};stroke-width:4.2;stroke-linejoin:round;stroke-linecap:round}`,
  `.el{fill:none;stroke:${INK};stroke-width:2.2;stroke-linejoin:round;stroke-linecap:round}`,
  `.fine{fill:none;stroke:${INK};stroke-width:1.2;stroke-linecap:round}`,
  `.hatch{fill:none;stroke:${INK};stroke-width:.8;stroke-opacity:.75}`,
  `.dash{fill:none;stroke:${INK};stroke-width:1.6;stroke-dasharray:16 9}`,
  `.dot{fill:none;stroke:${INK};stroke-width:1.4;stroke-dasharray:3 7;stroke-linecap:round}`,
  `.ground{fill:none;stroke:${INK};stroke-width:6;stroke-linejoin:round;stroke-linecap:round}`,
  `.earth{fill:url(#earth)}`,
  `.water{fill:#e3e9e2}`,
  `.glass{fill:#dfdbd0}`,
  `.solid-light{fill:${PAPER}}`,
  `.shade{fill:${INK};fill-opacity:.11}`,
  `.tone{fill:${INK};fill-opacity:.05}`,
  `.canopy{fill:${ACCENT};fill-opacity:.07;stroke:${ACCENT};stroke-width:1.5}`,
  `.trunk{fill:${ACCENT}}`,
  `.tree-trunk{fill:${PAPER};stroke:${ACCENT};stroke-width:1.5}`,
  `.frond{fill:none;stroke:${ACCENT};stroke-width:1.8;stroke-linecap:round}`,
  `.accent{fill:none;stroke:${ACCENT};stroke-width:2.4;stroke-dasharray:18 8}`,
  `.arrow{marker-end:url(#head)}`,
  `.label{font-family:sans-serif;font-size:25px;font-weight:600;letter-spacing:2.5px;fill:${INK}}`,
  `.note{font-family:serif;font-size:27px;font-style:italic;fill:#57554f}`,
  `.name{font-family:serif;font-size:46px;fill:${INK}}`,
  `.sub{font-family:sans-serif;font-size:22px;letter-spacing:3px;fill:#57554f}`,
  `.scale{font-family:sans-serif;font-size:26px;font-weight:600;letter-spacing:1px;fill:${INK}}`,
  `.small{font-family:sans-serif;font-size:19px;fill:#57554f}`,
  `.num{font-family:serif;font-size:58px;fill:${ACCENT}}`,
].join('');

/** Material fills as patterns, sized from the drawing's scale so that shingle courses and stone stay in proportion. */
function patterns(k: number, random: () => number): string {
  const line = (d: string, w = 0.8): string => `<path d="${d}" fill="none" stroke="${INK}" stroke-width="${w}" stroke-opacity=".7"/>`;
  const pattern = (id: string, w: number, h: number, body: string, extra = ''): string =>
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${fmt(w)}" height="${fmt(h)}"${extra}>${body}</pattern>`;
  const joints = (width: number, y0: number, y1: number, n: number): string =>
    Array.from({ length: n }, (_, i) => `M${fmt(((i + random() * 0.6) * width) / n)} ${fmt(y0)}V${fmt(y1)}`).join('');
  const c = Math.max(8, 0.3 * k);
  const shingle = line(`M0 ${fmt(c)}H${fmt(8 * c)}M0 ${fmt(2 * c)}H${fmt(8 * c)}${joints(8 * c, 0, c, 6)}${joints(8 * c, c, 2 * c, 6)}`);
  const s = Math.max(12, 0.4 * k);
  const stone = line(`M0 ${fmt(s)}H${fmt(6 * s)}M0 ${fmt(1.8 * s)}H${fmt(6 * s)}M0 ${fmt(3 * s)}H${fmt(6 * s)}${joints(6 * s, 0, s, 3)}${joints(6 * s, s, 1.8 * s, 4)}${joints(6 * s, 1.8 * s, 3 * s, 3)}`, 1);
  const dots = (size: number, n: number, r: number): string => Array.from({ length: n }, () =>
    `<circle cx="${fmt(random() * size)}" cy="${fmt(random() * size)}" r="${r}" fill="${INK}" fill-opacity=".55"/>`).join('');
  const t = Math.max(7, 0.28 * k);
  const tile = line(`M0 ${fmt(t * 1.6)}${Array.from({ length: 4 }, (_, i) => `A${fmt(t / 2)} ${fmt(t / 2)} 0 0 0 ${fmt((i + 1) * t)} ${fmt(t * 1.6)}`).join('')}${Array.from({ length: 4 }, (_, i) => `M${fmt(i * t)} 0V${fmt(t * 1.6)}`).join('')}`, 1);
  const tufts = Array.from({ length: 7 }, () => {
    const x = random() * 70;
    const y = random() * 70;
    return `M${fmt(x - 3)} ${fmt(y - 5)}L${fmt(x)} ${fmt(y)}L${fmt(x + 3)} ${fmt(y - 6)}`;
  }).join('');
  return [
    pattern('earth', 11, 11, line('M0 11L11 0M-3 3L3 -3M8 14L14 8', 0.9)),
    pattern('hatch45', 8, 8, line('M0 8L8 0M-2 2L2 -2M6 10L10 6', 0.8)),
    pattern('shingle', 8 * c, 2 * c, shingle),
    pattern('clapboard', 10, Math.max(6, 0.2 * k), line(`M0 ${fmt(Math.max(6, 0.2 * k))}H10`)),
    pattern('board', 10, Math.max(6, 0.2 * k), line(`M0 ${fmt(Math.max(6, 0.2 * k))}H10`, 0.6)),
    pattern('siding', Math.max(6, 0.18 * k), 10, line(`M${fmt(Math.max(6, 0.18 * k))} 0V10`)),
    pattern('seam', Math.max(8, 0.45 * k), 10, line(`M${fmt(Math.max(8, 0.45 * k))} 0V10`)),
    pattern('stone', 6 * s, 3 * s, stone),
    pattern('stucco', 36, 36, dots(36, 9, 0.9)),
    pattern('sand', 48, 48, dots(48, 7, 1.1)),
    pattern('tile', 4 * t, 1.6 * t, tile),
    pattern('meadow', 70, 70, line(tufts, 1)),
    pattern('paving', Math.max(12, 0.9 * k), Math.max(12, 0.6 * k), line(`M0 0H${fmt(Math.max(12, 0.9 * k))}M0 0V${fmt(Math.max(12, 0.6 * k))}`, 0.6)),
    pattern('deck', 10, Math.max(5, 0.14 * k), line(`M0 0H10`, 0.6)),
    `<marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 1L10 5L0 9Z" fill="${INK}"/></marker>`,
  ].join('');
}
// Material classes: a fill with the pattern, e.g. class="m-shingle".
const MATERIALS = ['shingle', 'clapboard', 'board', 'siding', 'seam', 'stone', 'stucco', 'sand', 'tile', 'meadow', 'paving', 'deck', 'hatch45'];
const MATERIAL_STYLE = MATERIALS.map((m) => `.m-${m}{fill:url(#${m})}`).join('');

/** The scale bar: five alternating segments of a round length in metres. */
function scaleBar(x: number, y: number, k: number): string {
  const unit = [0.5, 1, 2, 5, 10, 20].find((u) => 5 * u * k >= 150) ?? 20;
  const segments = Array.from({ length: 5 }, (_, i) =>
    `<rect x="${fmt(x + i * unit * k)}" y="${y}" width="${fmt(unit * k)}" height="9" fill="${i % 2 === 0 ? INK : PAPER}" stroke="${INK}" stroke-width="1.2"/>`).join('');
  const end = x + 5 * unit * k;
  return `${segments}<text class="small" x="${x}" y="${y + 34}" text-anchor="middle">0</text>`
    + `<text class="small" x="${fmt(end)}" y="${y + 34}" text-anchor="middle">${fmt(5 * unit)} m</text>`;
}

/** A north arrow: a circle, a half-filled needle, and N, turned by `degrees`. */
function northArrow(x: number, y: number, degrees: number): string {
  return `<g transform="translate(${x} ${y}) rotate(${degrees})"><circle r="30" fill="none" stroke="${INK}" stroke-width="1.4"/>`
    + `<path d="M0 -42L11 22L0 12Z" fill="${INK}"/><path d="M0 -42L-11 22L0 12Z" fill="${PAPER}" stroke="${INK}" stroke-width="1.4" stroke-linejoin="round"/>`
    + `<text class="scale" y="-50" text-anchor="middle" transform="rotate(${-degrees} 0 -60)">N</text></g>`;
}

function titleBlock(project: SampleProject, drawing: Drawing, index: number, scale: number, k: number): string {
  const top = 1030;
  const north = drawing.kind === 'plan' || drawing.kind === 'site';
  return [
    `<path d="M40 ${top}H1760M1180 ${top}V1160M1600 ${top}V1160" fill="none" stroke="${INK}" stroke-width="1.2"/>`,
    `<text class="name" x="76" y="${top + 62}">${escapeXml(project.name)}</text>`,
    `<text class="sub" x="78" y="${top + 106}">${escapeXml(`${drawing.title} · ${project.place}`.toUpperCase())}</text>`,
    `<text class="scale" x="1212" y="${top + 48}">1:${scale}</text>`,
    scaleBar(1222, top + 72, k),
    north ? northArrow(1548, top + 72, drawing.north ?? 0) : '',
    `<text class="num" x="1724" y="${top + 88}" text-anchor="end">${String(index + 1).padStart(2, '0')}</text>`,
  ].join('');
}

/** The whole sheet as SVG text. The same project and drawing give the same bytes. */
export function renderSheet(project: SampleProject, drawing: Drawing, index: number): string {
  const { scale, k } = chooseScale(drawing.extent);
  const [x0, y0, x1, y1] = drawing.extent;
  const ox = (AREA.x0 + AREA.x1) / 2 - ((x0 + x1) / 2) * k;
  const oy = (AREA.y0 + AREA.y1) / 2 + ((y0 + y1) / 2) * k;
  const random = prng(`${project.slug}/${drawing.file}`);
  const pen = new Pen(k, ox, oy, random);
  drawing.draw(pen);
  const { width, height } = SHEET;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeXml(`${project.name}: ${drawing.title}`)}</title>`,
    `<defs><style>${STYLE}${MATERIAL_STYLE}</style>${patterns(k, random)}`,
    `<clipPath id="area"><rect x="40" y="40" width="1720" height="986"/></clipPath></defs>`,
    `<rect width="${width}" height="${height}" fill="${PAPER}"/>`,
    `<rect x="40" y="40" width="1720" height="1120" fill="none" stroke="${RULE}" stroke-width="2"/>`,
    `<g clip-path="url(#area)">${pen.parts.join('\n')}</g>`,
    titleBlock(project, drawing, index, scale, k),
    '</svg>\n',
  ].join('\n');
}
