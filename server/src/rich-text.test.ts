import { expect, it } from 'vitest';
import { cleanRichText } from './rich-text.js';

it('keeps the editor’s formatting and safe links, and removes scripts, handlers, styles and dangerous links', () => {
  const html = [
    '<p>Meet at <strong>9:00</strong>, <em>sharp</em>.</p>',
    '<script>alert(1)</script><img src=x onerror="alert(2)">',
    '<p onclick="steal()" style="color:red">Bring <a href="https://maps.example/x" target="_blank">water</a></p>',
    '<a href="javascript:alert(3)">bad</a><a href="java\tscript:alert(4)">worse</a><iframe src="https://evil.example"></iframe>',
    '<ul><li>Hat</li></ul>',
  ].join('');
  expect(cleanRichText(html)).toBe(
    '<p>Meet at <strong>9:00</strong>, <em>sharp</em>.</p><p>Bring <a href="https://maps.example/x" target="_blank" rel="noopener noreferrer">water</a></p><a>bad</a><a>worse</a><ul><li>Hat</li></ul>',
  );
});

it('answers null for nothing, for blank and for markup that held only what was removed', () => {
  expect(cleanRichText(null)).toBeNull();
  expect(cleanRichText('   ')).toBeNull();
  expect(cleanRichText('<script>alert(1)</script>')).toBeNull();
});
