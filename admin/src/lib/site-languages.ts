import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SITE_SETTINGS, siteLanguageList, type SiteSettings } from '@tours-cms/contract';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The site's languages (Settings, issue 30), the default first. Until the settings are read (or when they cannot
 * be), the site has one language, so screens look as they do on a site in one language.
 */
export function useSiteLanguages(): { languages: string[]; defaultLanguage: string; multilingual: boolean } {
  const { data } = useQuery({
    queryKey: queryKeys.settings,
    queryFn: () => apiFetch<SiteSettings>('/settings'),
    staleTime: 60_000,
  });
  const defaultLanguage =
    typeof data?.default_language === 'string' ? data.default_language : DEFAULT_SITE_SETTINGS.default_language;
  const languages = siteLanguageList(defaultLanguage, Array.isArray(data?.languages) ? data.languages : []);
  return { languages, defaultLanguage, multilingual: languages.length > 1 };
}
