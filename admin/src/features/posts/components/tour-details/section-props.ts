import type { PostFormValues } from '../../post-form-values';

/** What every section of Tour details is given: its value, how to change it, and the errors under its name. */
export interface SectionProps<K extends keyof PostFormValues> {
  value: PostFormValues[K];
  onChange: (value: PostFormValues[K]) => void;
  /** The message for one input, by the name the API gives it (`itinerary[3].title`). */
  errorAt: (field: string) => string | undefined;
}

export const replaceAt = <T>(list: readonly T[], index: number, item: T): T[] =>
  list.map((current, i) => (i === index ? item : current));

export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

export function moveIn<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
