import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SAMPLE_PROJECTS } from './drawings/projects/index.js';
import { renderSheet } from './drawings/sheet.js';

// Draws the sample firm's project images: a plan, an elevation and a section (or a site plan) per sample
// project, as SVG beside its Markdown (content/projects/<slug>/…). They are generated, not committed
// (.gitignore), and made by `npm run samples` and by deploy/prepare.sh after the build. Only projects whose
// Markdown is still there get drawings, so a firm that replaced the sample content gets nothing written.
// Usage: node --import tsx deploy/sample-drawings.ts [content-dir]   (default: the repository's content/)

export interface Written {
  files: string[];
  bytes: number;
}

export async function writeSampleDrawings(contentDir: string): Promise<Written> {
  const written: Written = { files: [], bytes: 0 };
  for (const project of SAMPLE_PROJECTS) {
    if (!existsSync(join(contentDir, 'projects', `${project.slug}.md`))) continue;
    const folder = join(contentDir, 'projects', project.slug);
    await mkdir(folder, { recursive: true });
    for (const [index, drawing] of project.drawings.entries()) {
      const svg = renderSheet(project, drawing, index);
      const file = join(folder, drawing.file);
      await writeFile(file, svg);
      written.files.push(file);
      written.bytes += Buffer.byteLength(svg);
    }
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const contentDir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'content'));
  const started = performance.now();
  const { files, bytes } = await writeSampleDrawings(contentDir);
  const ms = Math.round(performance.now() - started);
  console.log(`sample drawings: ${files.length} SVG files, ${Math.round(bytes / 1024)} KiB, in ${ms} ms (${contentDir})`);
}
