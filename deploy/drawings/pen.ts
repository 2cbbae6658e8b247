// The drawing primitives of the sample sheets: everything is given in metres (y up, north up in plans) and
// written as SVG in sheet pixels. Line weights are CSS classes defined once in sheet.ts, so a drawing says
// what a line is (cut, profile, elevation, fine, hatch) and never how thick it is.

export type Point = [number, number];

/** Numbers to one decimal: short, and the same bytes on every run. */
export const fmt = (n: number): string => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small seeded generator (mulberry32): the same slug draws the same trees, stones and ripples. */
export function prng(seedText: string): () => number {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Pen {
  readonly parts: string[] = [];

  /** `k` sheet pixels per metre; (ox, oy) is where the metre origin lands on the sheet. */
  constructor(readonly k: number, private readonly ox: number, private readonly oy: number, readonly random: () => number) {}

  X(x: number): number { return this.ox + x * this.k; }
  Y(y: number): number { return this.oy - y * this.k; }
  pt([x, y]: Point): string { return `${fmt(this.X(x))} ${fmt(this.Y(y))}`; }
  /** A length in metres as sheet pixels. */
  px(metres: number): string { return fmt(metres * this.k); }

  raw(svg: string): void { this.parts.push(svg); }

  poly(points: Point[], cls: string, closed = true): void {
    const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${this.pt(p)}`).join('');
    this.raw(`<path class="${cls}" d="${d}${closed ? 'Z' : ''}"/>`);
  }

  rect(x: number, y: number, w: number, h: number, cls: string): void {
    this.poly([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], cls);
  }

  line(x1: number, y1: number, x2: number, y2: number, cls: string): void {
    this.raw(`<path class="${cls}" d="M${this.pt([x1, y1])}L${this.pt([x2, y2])}"/>`);
  }

  circle(x: number, y: number, r: number, cls: string): void {
    this.raw(`<circle class="${cls}" cx="${fmt(this.X(x))}" cy="${fmt(this.Y(y))}" r="${this.px(r)}"/>`);
  }

  /** A circular arc of radius r around (cx, cy) from angle a0 to a1 (degrees, counter-clockwise, 0 = east). */
  arc(cx: number, cy: number, r: number, a0: number, a1: number, cls: string): void {
    const at = (a: number): Point => [cx + r * Math.cos((a * Math.PI) / 180), cy + r * Math.sin((a * Math.PI) / 180)];
    const large = Math.abs(a1 - a0) > 180 ? 1 : 0;
    const sweep = a1 > a0 ? 0 : 1;
    this.raw(`<path class="${cls}" d="M${this.pt(at(a0))}A${this.px(r)} ${this.px(r)} 0 ${large} ${sweep} ${this.pt(at(a1))}"/>`);
  }

  /** A label in sheet pixels of type size, centred on (x, y) unless told otherwise. */
  text(x: number, y: number, text: string, cls = 'label', anchor: 'start' | 'middle' | 'end' = 'middle'): void {
    this.raw(`<text class="${cls}" x="${fmt(this.X(x))}" y="${fmt(this.Y(y))}" text-anchor="${anchor}">${escapeXml(text)}</text>`);
  }

  /** A closed outline of scallops around (cx, cy): a tree canopy as a studio draws it. */
  canopy(cx: number, cy: number, rx: number, ry: number, cls: string, lobes = 11): void {
    const pts: Point[] = [];
    for (let i = 0; i < lobes; i += 1) {
      const a = (i / lobes) * Math.PI * 2 + this.random() * 0.2;
      const f = 0.9 + this.random() * 0.12;
      pts.push([cx + rx * f * Math.cos(a), cy + ry * f * Math.sin(a)]);
    }
    const bump = (a: Point, b: Point): string => {
      const chord = Math.hypot((b[0] - a[0]) * this.k, (b[1] - a[1]) * this.k);
      return `A${fmt(chord * 0.56)} ${fmt(chord * 0.56)} 0 0 0 ${this.pt(b)}`;
    };
    const d = pts.map((p, i) => bump(p, pts[(i + 1) % pts.length]!)).join('');
    this.raw(`<path class="${cls}" d="M${this.pt(pts[0]!)}${d}Z"/>`);
  }
}
