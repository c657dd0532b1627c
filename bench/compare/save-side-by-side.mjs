// node bench/compare/save-side-by-side.mjs ROOT_A ROOT_B: the built servers of two checkouts in this one process,
// each on its own fresh SQLite file with one post of 1,000 kept versions, saving that post in alternating rounds
// (A then B, then B then A), so that the machine's load falls on both alike; prints each one's median save and
// the ratio. The wall-clock companion of save-instructions.sh, for a before-and-after figure from one run.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openBusyPost } from './busy-post.mjs';

const ROUNDS = 15;
const SAVES_PER_ROUND = 20;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sides = [await openBusyPost(path.resolve(process.argv[2])), await openBusyPost(path.resolve(process.argv[3]))];
const times = new Map(sides.map((side) => [side, []]));
for (const side of sides) for (let i = 0; i < 40; i++) await side.save();
for (let round = 0; round < ROUNDS; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const start = performance.now();
    for (let i = 0; i < SAVES_PER_ROUND; i++) await side.save();
    times.get(side).push((performance.now() - start) / SAVES_PER_ROUND);
  }
}
const [a, b] = sides.map((side) => median(times.get(side)));
console.log(`${sides[0].root}: ${a.toFixed(2)} ms a save (median of ${ROUNDS} rounds of ${SAVES_PER_ROUND})`);
console.log(`${sides[1].root}: ${b.toFixed(2)} ms a save`);
console.log(`ratio ${(a / b).toFixed(3)}`);
for (const side of sides) await side.close();
