import { useId, useState } from 'react';
import { Check, Copy, Download, Moon, Play, Sun, WandSparkles } from 'lucide-react';
import { useNotify } from '../../ui/notify';
import { CodeMirrorView, DEFAULT_CODE_HEIGHT } from './codemirror-view';
import { CodePreview } from './code-preview';
import { CODE_LANGUAGES, CODE_LANGUAGE_LABELS, downloadName, type CodeLanguage } from './languages';
import { formatCode } from './format-code';
import { runHtmlInNewWindow, runJavaScriptInSandbox } from './run-code';
import { copyText } from './copy-text';
import { SegmentedControl } from '../../ui/segmented-control';

export const CODE_VIEW_MODES = ['code', 'preview', 'split'] as const;
export type CodeViewMode = (typeof CODE_VIEW_MODES)[number];
const VIEW_MODE_LABELS: Record<CodeViewMode, string> = { code: 'Code', preview: 'Preview', split: 'Split' };

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Controlled language; without it the editor keeps its own, starting at defaultLanguage. */
  language?: CodeLanguage;
  onLanguageChange?: (language: CodeLanguage) => void;
  defaultLanguage?: CodeLanguage;
  /** Height of the editing area; 400 px by default. */
  height?: number;
  /** The accessible name of the editing area. */
  label?: string;
  /** Which view modes to offer; the rich text editor, which has its own preview, offers only Code. */
  viewModes?: readonly CodeViewMode[];
  /** False when the screen shows its own language select (the page builder's top bar). */
  showLanguageSelect?: boolean;
}

function countLines(text: string): number {
  return text === '' ? 1 : text.split('\n').length;
}

/**
 * The code editor component: CodeMirror 6 with HTML, JavaScript and CSS; Code, Preview and Split; run,
 * copy, download, format document and a light/dark theme; a footer with language, theme, lines and characters.
 */
export function CodeEditor({
  value,
  onChange,
  language: controlledLanguage,
  onLanguageChange,
  defaultLanguage = 'html',
  height = DEFAULT_CODE_HEIGHT,
  label = 'Code',
  viewModes = CODE_VIEW_MODES,
  showLanguageSelect = true,
}: CodeEditorProps) {
  const notify = useNotify();
  const selectId = useId();
  const [ownLanguage, setOwnLanguage] = useState<CodeLanguage>(defaultLanguage);
  const language = controlledLanguage ?? ownLanguage;
  const [mode, setMode] = useState<CodeViewMode>(viewModes[0] ?? 'code');
  const [dark, setDark] = useState(false);
  const [formatting, setFormatting] = useState(false);
  const [copied, setCopied] = useState(false);

  const changeLanguage = (next: CodeLanguage) => {
    setOwnLanguage(next);
    onLanguageChange?.(next);
  };

  const run = async () => {
    if (language === 'html') {
      if (!runHtmlInNewWindow(value))
        notify.error('The browser blocked the new window. Allow pop-ups for this site to run HTML.');
      return;
    }
    const error = await runJavaScriptInSandbox(value);
    if (error !== null) notify.error(`JavaScript Error: ${error}`);
    else notify.success('JavaScript ran without errors.');
  };

  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2_000);
    } else {
      notify.error('Could not copy to the clipboard.');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([value], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = downloadName(language);
    link.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  const format = async () => {
    setFormatting(true);
    try {
      const formatted = await formatCode(value, language);
      if (formatted !== value) onChange(formatted);
    } catch (error) {
      notify.error(
        `Could not format the document: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    } finally {
      setFormatting(false);
    }
  };

  const editor = (
    <CodeMirrorView value={value} onChange={onChange} language={language} dark={dark} height={height} label={label} />
  );
  const preview = <CodePreview code={value} language={language} height={height} />;

  return (
    <div className="overflow-hidden rounded-lg border border-slate-300 bg-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2">
        {showLanguageSelect && (
          <>
            <label className="sr-only" htmlFor={selectId}>
              Language
            </label>
            <select
              id={selectId}
              className="input w-36 py-1"
              value={language}
              onChange={(event) => changeLanguage(event.target.value as CodeLanguage)}
            >
              {CODE_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {CODE_LANGUAGE_LABELS[l]}
                </option>
              ))}
            </select>
          </>
        )}
        {viewModes.length > 1 && (
          <SegmentedControl
            label="View mode"
            options={viewModes.map((m) => ({ value: m, label: VIEW_MODE_LABELS[m] }))}
            value={mode}
            onChange={setMode}
          />
        )}
        <div className="ml-auto flex items-center gap-1">
          {language !== 'css' && (
            <button
              type="button"
              className="icon-btn"
              onClick={run}
              aria-label="Run code"
              title={language === 'html' ? 'Run in a new window' : 'Run in a sandbox'}
            >
              <Play className="h-4 w-4" aria-hidden="true" />
            </button>
          )}
          <button type="button" className="icon-btn" onClick={copy} aria-label="Copy code" title="Copy to clipboard">
            {copied ? (
              <Check className="h-4 w-4 text-green-600" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
          </button>
          <button
            type="button"
            className="icon-btn"
            onClick={download}
            aria-label="Download code"
            title={`Download as ${downloadName(language)}`}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-btn"
            onClick={format}
            disabled={formatting}
            aria-label="Format document"
            title="Format document"
          >
            <WandSparkles className={`h-4 w-4 ${formatting ? 'animate-pulse' : ''}`} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-btn"
            onClick={() => setDark((d) => !d)}
            aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
            title={dark ? 'Light theme' : 'Dark theme'}
          >
            {dark ? <Sun className="h-4 w-4" aria-hidden="true" /> : <Moon className="h-4 w-4" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {mode === 'code' && editor}
      {mode === 'preview' && preview}
      {mode === 'split' && (
        <div className="grid grid-cols-1 divide-y divide-slate-200 lg:grid-cols-2 lg:divide-x lg:divide-y-0">
          <div className="min-w-0">{editor}</div>
          <div className="min-w-0">{preview}</div>
        </div>
      )}
      <div
        className="flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-600"
        aria-label="Editor status"
      >
        <span>{CODE_LANGUAGE_LABELS[language]}</span>
        <span>{dark ? 'Dark' : 'Light'} theme</span>
        <span>
          {countLines(value)} {countLines(value) === 1 ? 'line' : 'lines'}
        </span>
        <span>
          {value.length} {value.length === 1 ? 'character' : 'characters'}
        </span>
      </div>
    </div>
  );
}
