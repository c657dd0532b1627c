/**
 * The language suggestion banner's words (contract/src/language-banner.ts), part of the site's words but kept apart:
 * each entry is in the language it suggests, not the page's, and the banner's script (site-languages.js) builds
 * this file in whole, so it stays a few lines a language rather than the whole dictionary. It has a few more
 * languages than the dictionaries: a suggestion is one sentence.
 */

/** The banner's words, each in the language it suggests. */
export interface LanguageBannerText {
  /** "Diese Seite gibt es auf Deutsch." (empty where we have no sentence for the language). */
  sentence: string;
  /** The link to the same page in that language. */
  link: string;
  /** The close button's accessible name. */
  close: string;
}

export const BANNER_WORDS: Readonly<Record<string, LanguageBannerText>> = {
  en: { sentence: 'This page is available in English.', link: 'Read it in English', close: 'Close' },
  de: { sentence: 'Diese Seite gibt es auf Deutsch.', link: 'Auf Deutsch lesen', close: 'Schließen' },
  fr: { sentence: 'Cette page existe en français.', link: 'Lire en français', close: 'Fermer' },
  es: { sentence: 'Esta página está disponible en español.', link: 'Leer en español', close: 'Cerrar' },
  pt: { sentence: 'Esta página está disponível em português.', link: 'Ler em português', close: 'Fechar' },
  it: { sentence: 'Questa pagina è disponibile in italiano.', link: 'Leggi in italiano', close: 'Chiudi' },
  nl: { sentence: 'Deze pagina is er ook in het Nederlands.', link: 'Lees in het Nederlands', close: 'Sluiten' },
  pl: { sentence: 'Ta strona jest dostępna po polsku.', link: 'Czytaj po polsku', close: 'Zamknij' },
};
