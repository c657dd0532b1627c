import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// wawoff2 is Google's woff2 compiled to WebAssembly; CommonJS only.
const wawoff2 = require('wawoff2') as {
  compress(ttf: Uint8Array): Promise<Uint8Array>;
  decompress(woff2: Uint8Array): Promise<Uint8Array>;
};

/** The little of the WebAssembly API used here (the server's TypeScript libraries carry no WebAssembly types). */
declare const WebAssembly: {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: unknown } }>;
};

/** The exports of HarfBuzz's subsetter (harfbuzzjs' harfbuzz-subset.wasm) that a subset needs. */
interface HarfBuzzSubset {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_set_add(set: number, codePoint: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

const HB_MEMORY_MODE_WRITABLE = 2;

let harfBuzz: Promise<HarfBuzzSubset> | undefined;

function loadHarfBuzz(): Promise<HarfBuzzSubset> {
  harfBuzz ??= (async () => {
    const wasm = await fs.promises.readFile(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    const { instance } = await WebAssembly.instantiate(wasm, {});
    const hb = instance.exports as unknown as HarfBuzzSubset;
    hb._initialize();
    return hb;
  })();
  return harfBuzz;
}

/** Decoded fonts, by file: a font is read and decoded once per process. */
const decoded = new Map<string, Promise<Uint8Array>>();

/**
 * A WOFF2 font holding only the glyphs of `codePoints`, from the WOFF2 font at `file`: HarfBuzz's subsetter (the
 * one browsers' font tools use) on the decoded font, then WOFF2 again. A dozen icons of Font Awesome's 120 KB
 * solid font come to about 2 KB. Rejects when the font cannot be read or subset.
 */
export async function subsetWoff2(file: string, codePoints: readonly number[]): Promise<Buffer> {
  let font = decoded.get(file);
  if (!font) {
    // A copy: wawoff2 answers a view of its own WebAssembly memory, which its next call overwrites.
    font = fs.promises.readFile(file).then(async (bytes) => Uint8Array.from(await wawoff2.decompress(bytes)));
    decoded.set(file, font);
    font.catch(() => decoded.delete(file));
  }
  const [ttf, hb] = await Promise.all([font, loadHarfBuzz()]);
  const pointer = hb.malloc(ttf.length);
  if (!pointer) throw new Error('Font subsetting ran out of memory');
  let face = 0;
  let input = 0;
  let subset = 0;
  let blob = 0;
  try {
    new Uint8Array(hb.memory.buffer).set(ttf, pointer);
    const source = hb.hb_blob_create(pointer, ttf.length, HB_MEMORY_MODE_WRITABLE, 0, 0);
    face = hb.hb_face_create(source, 0);
    hb.hb_blob_destroy(source);
    input = hb.hb_subset_input_create_or_fail();
    if (!input) throw new Error('Font subsetting could not start');
    const set = hb.hb_subset_input_unicode_set(input);
    for (const point of codePoints) hb.hb_set_add(set, point);
    subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error(`Font subsetting failed for ${file}`);
    blob = hb.hb_face_reference_blob(subset);
    const start = hb.hb_blob_get_data(blob, 0);
    const sfnt = new Uint8Array(hb.memory.buffer).slice(start, start + hb.hb_blob_get_length(blob));
    // A copy, for the same reason.
    return Buffer.from(await wawoff2.compress(sfnt));
  } finally {
    if (blob) hb.hb_blob_destroy(blob);
    if (subset) hb.hb_face_destroy(subset);
    if (input) hb.hb_subset_input_destroy(input);
    if (face) hb.hb_face_destroy(face);
    hb.free(pointer);
  }
}
