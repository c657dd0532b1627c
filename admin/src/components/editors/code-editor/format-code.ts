import type { Plugin } from 'prettier';
import type { CodeLanguage } from './languages';

const PARSERS: Record<CodeLanguage, string> = { html: 'html', javascript: 'babel', css: 'css' };

/** Prettier's parsers for a language; HTML also needs those of its inline <script> and <style>. */
async function pluginsFor(language: CodeLanguage): Promise<Plugin[]> {
  const modules: Promise<{ default: Plugin } | Plugin>[] = [];
  if (language === 'html') modules.push(import('prettier/plugins/html'));
  if (language === 'html' || language === 'javascript')
    modules.push(import('prettier/plugins/babel'), import('prettier/plugins/estree'));
  if (language === 'html' || language === 'css') modules.push(import('prettier/plugins/postcss'));
  return (await Promise.all(modules)).map((m) => ('default' in m ? m.default : m) as Plugin);
}

/**
 * "Format document": Prettier's standalone build and the language's plugins are loaded only now, on first use,
 * so they never weigh on the editor's own load. Throws Prettier's error for code it cannot parse.
 */
export async function formatCode(code: string, language: CodeLanguage): Promise<string> {
  const [{ format }, plugins] = await Promise.all([import('prettier/standalone'), pluginsFor(language)]);
  return format(code, {
    parser: PARSERS[language],
    plugins,
    tabWidth: 2,
    printWidth: 100,
    htmlWhitespaceSensitivity: 'css',
  });
}
