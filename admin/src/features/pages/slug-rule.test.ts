import { describe, expect, it } from 'vitest';
import { initialSlugState, slugAfterManualEdit, slugAfterTitleChange, type SlugState } from './slug-rule';

/** Types a title letter by letter, as a person does, from the given state. */
function typeTitle(state: SlugState, title: string): SlugState {
  let next = state;
  for (let i = 1; i <= title.length; i++) next = slugAfterTitleChange(next, title.slice(0, i));
  return next;
}

describe('page slug rule', () => {
  it("follows the title of a new page, which starts at 'new-page', as it is typed", () => {
    const state = typeTitle(initialSlugState('new-page'), 'Sunset Tours & Cruises!');
    expect(state).toEqual({ slug: 'sunset-tours-cruises', followsTitle: true });
  });

  it('follows the title when the slug is empty, using the shared slug rule', () => {
    expect(slugAfterTitleChange(initialSlugState(''), '  Café  Crème  Tour ').slug).toBe('cafe-creme-tour');
    expect(slugAfterTitleChange(initialSlugState(''), '東京 ツアー').slug).toBe('東京-ツアー');
  });

  it('keeps the slug of a saved page when its title changes', () => {
    const state = typeTitle(initialSlugState('about-us'), 'About our company');
    expect(state).toEqual({ slug: 'about-us', followsTitle: false });
  });

  it('stops following once the slug is typed by hand, and starts again when it is emptied or reset', () => {
    let state = typeTitle(initialSlugState('new-page'), 'Tours');
    state = slugAfterManualEdit('our-tours');
    expect(slugAfterTitleChange(state, 'Tours 2026').slug).toBe('our-tours');
    state = slugAfterManualEdit('');
    expect(slugAfterTitleChange(state, 'Tours 2026').slug).toBe('tours-2026');
    state = slugAfterManualEdit('new-page');
    expect(slugAfterTitleChange(state, 'Island Hopping').slug).toBe('island-hopping');
  });

  it('gives an empty slug for a title with no letters or digits, and keeps following', () => {
    expect(slugAfterTitleChange(initialSlugState('new-page'), '!!!')).toEqual({ slug: '', followsTitle: true });
  });
});
