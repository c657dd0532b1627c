import { useEffect, useRef } from 'react';
import { EDITOR_HISTORY_DEPTH, EDITOR_HISTORY_MERGE_MS } from '@tours-cms/contract';
import { Compartment, EditorState } from '@codemirror/state';
import {
  EditorView,
  crosshairCursor,
  drawSelection,
  dropCursor,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  lineNumbers,
  keymap,
  rectangularSelection,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { bracketMatching, foldGutter, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { oneDark } from '@codemirror/theme-one-dark';
import { languageSupport, type CodeLanguage } from './languages';
import { accessibleHighlightStyle } from './highlight-style';

export const DEFAULT_CODE_HEIGHT = 400;
/** Tab size 2. */
const TAB_SIZE = 2;
/** The editors keep 100 undo steps and merge edits made within 1000 ms. */
const HISTORY = { minDepth: EDITOR_HISTORY_DEPTH, newGroupDelay: EDITOR_HISTORY_MERGE_MS };

export interface CodeMirrorViewProps {
  value: string;
  onChange: (value: string) => void;
  language: CodeLanguage;
  dark?: boolean;
  /** CSS height of the editor; 400 px by default. */
  height?: number | string;
  /** The accessible name of the editing area. */
  label: string;
}

const lightTheme = EditorView.theme({
  '&': { backgroundColor: '#ffffff' },
  '.cm-gutters': { backgroundColor: '#f8fafc', borderRight: '1px solid #e2e8f0' },
});

/**
 * CodeMirror 6, bundled, as a controlled React component: word wrap on, tab size 2, Tab indents (Escape then Tab
 * leaves the editor, as CodeMirror documents). Language and theme switch in place without losing the undo history.
 */
export function CodeMirrorView({
  value,
  onChange,
  language,
  dark = false,
  height = DEFAULT_CODE_HEIGHT,
  label,
}: CodeMirrorViewProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const compartments = useRef({
    language: new Compartment(),
    theme: new Compartment(),
    size: new Compartment(),
    label: new Compartment(),
  });
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const sizeTheme = (h: number | string) =>
    EditorView.theme({ '&': { height: typeof h === 'number' ? `${h}px` : h }, '.cm-scroller': { overflow: 'auto' } });
  // tabindex: the content is focusable already (contenteditable); saying so lets checkers see that its scrolling
  // region can be reached by keyboard.
  const labelAttributes = (text: string) => EditorView.contentAttributes.of({ 'aria-label': text, tabindex: '0' });

  useEffect(() => {
    const c = compartments.current;
    const view = new EditorView({
      parent: hostRef.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          foldGutter(),
          drawSelection(),
          dropCursor(),
          EditorState.allowMultipleSelections.of(true),
          indentOnInput(),
          syntaxHighlighting(accessibleHighlightStyle, { fallback: true }),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          rectangularSelection(),
          crosshairCursor(),
          highlightActiveLine(),
          highlightSelectionMatches(),
          history(HISTORY),
          keymap.of([
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...searchKeymap,
            ...historyKeymap,
            ...completionKeymap,
            indentWithTab,
          ]),
          EditorView.lineWrapping,
          EditorState.tabSize.of(TAB_SIZE),
          indentUnit.of(' '.repeat(TAB_SIZE)),
          c.language.of(languageSupport(language)),
          c.theme.of(dark ? oneDark : lightTheme),
          c.size.of(sizeTheme(height)),
          c.label.of(labelAttributes(label)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // Created once; later prop changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value from outside (another mode, undo, format document) replaces the document.
  useEffect(() => {
    const view = viewRef.current;
    if (view && view.state.doc.toString() !== value) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.current.language.reconfigure(languageSupport(language)) });
  }, [language]);
  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.current.theme.reconfigure(dark ? oneDark : lightTheme) });
  }, [dark]);
  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.current.size.reconfigure(sizeTheme(height)) });
  }, [height]);
  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.current.label.reconfigure(labelAttributes(label)) });
  }, [label]);

  return <div ref={hostRef} className="overflow-hidden text-sm" data-testid="code-mirror" />;
}
