import type { Extension } from '@codemirror/state';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { css } from '@codemirror/lang-css';

/** The code editor's languages: HTML, JavaScript, CSS. */
export const CODE_LANGUAGES = ['html', 'javascript', 'css'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export const CODE_LANGUAGE_LABELS: Record<CodeLanguage, string> = {
  html: 'HTML',
  javascript: 'JavaScript',
  css: 'CSS',
};

const DOWNLOAD_NAMES: Record<string, string> = { html: 'code.html', javascript: 'code.js', css: 'code.css' };
/** code.html, code.js or code.css; code.txt for anything else. */
export function downloadName(language: string): string {
  return DOWNLOAD_NAMES[language] ?? 'code.txt';
}

export function languageSupport(language: CodeLanguage): Extension {
  switch (language) {
    case 'javascript':
      return javascript();
    case 'css':
      return css();
    default:
      return html();
  }
}

export const isCodeLanguage = (value: string): value is CodeLanguage =>
  (CODE_LANGUAGES as readonly string[]).includes(value);
