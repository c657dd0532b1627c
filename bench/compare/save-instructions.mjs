// node save-instructions.mjs ROOT SAVES: the checkout's built server on its busy post (busy-post.mjs), 20 warm-up
// saves, then SAVES saves: save-instructions.sh counts the instructions of a run with none and of one with many.
import { openBusyPost } from './busy-post.mjs';

const post = await openBusyPost(process.argv[2]);
for (let i = 0; i < 20; i++) await post.save();
for (let i = 0; i < Number(process.argv[3]); i++) await post.save();
await post.close();
console.log('done', process.argv[3]);
