import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_SUCCESS_MESSAGE, initWidgets, installWidgets } from './widgets';

const alert = vi.fn();
beforeAll(() => installWidgets(document, alert));
beforeEach(() => {
  alert.mockClear();
  document.body.innerHTML = '';
});

function render(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.appendChild(root);
  initWidgets(root);
  return root;
}
const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!;
const hidden = (selector: string) => $(selector).classList.contains('hidden');

describe('frame widgets', () => {
  it('opens a dropdown on its toggle, and closes it on a click elsewhere', () => {
    render(
      '<nav data-dropdown><button data-dropdown-toggle>Tours</button><ul data-dropdown-menu class="hidden" id="m"><li>Crete</li></ul></nav><p id="away">x</p>',
    );
    $('[data-dropdown-toggle]').click();
    expect(hidden('#m')).toBe(false);
    expect($('[data-dropdown-toggle]').getAttribute('aria-expanded')).toBe('true');
    $('#away').click();
    expect(hidden('#m')).toBe(true);
  });

  it('switches tabs', () => {
    render(
      '<div data-tabs><button data-tab="a">A</button><button data-tab="b">B</button>' +
        '<div data-tab-panel="a" id="pa">A</div><div data-tab-panel="b" id="pb" class="hidden">B</div></div>',
    );
    $('[data-tab="b"]').click();
    expect([hidden('#pa'), hidden('#pb')]).toEqual([true, false]);
    expect($('[data-tab="b"]').getAttribute('aria-selected')).toBe('true');
  });

  it('toggles an accordion item', () => {
    render(
      '<div data-accordion-item><button data-accordion-toggle>Q</button><div data-accordion-content class="hidden" id="c">A</div></div>',
    );
    $('[data-accordion-toggle]').click();
    expect(hidden('#c')).toBe(false);
    $('[data-accordion-toggle]').click();
    expect(hidden('#c')).toBe(true);
  });

  it('opens a modal from its trigger and closes it with its close button', () => {
    render(
      '<button data-modal-trigger="book">Book</button><div data-modal id="book" class="hidden"><button data-modal-close>Close</button></div>',
    );
    $('[data-modal-trigger]').click();
    expect(hidden('#book')).toBe(false);
    $('[data-modal-close]').click();
    expect(hidden('#book')).toBe(true);
  });

  it('shows one slide at a time and steps through them', () => {
    render(
      '<div data-slider><div data-slide id="s1">1</div><div data-slide id="s2">2</div><button data-slider-next>›</button><button data-slider-prev>‹</button></div>',
    );
    expect([hidden('#s1'), hidden('#s2')]).toEqual([false, true]);
    $('[data-slider-next]').click();
    expect([hidden('#s1'), hidden('#s2')]).toEqual([true, false]);
    $('[data-slider-next]').click();
    expect([hidden('#s1'), hidden('#s2')]).toEqual([false, true]);
    $('[data-slider-prev]').click();
    expect([hidden('#s1'), hidden('#s2')]).toEqual([true, false]);
  });

  it('marks empty required fields of a validated form in red, then alerts success once they are filled', () => {
    render(
      '<form data-validate><input required name="name" style="color: blue"><input name="note"><textarea required name="msg"></textarea><button>Send</button></form>',
    );
    const form = $('form') as HTMLFormElement;
    const name = $('[name=name]') as HTMLInputElement;
    const message = $('[name=msg]') as HTMLTextAreaElement;
    form.requestSubmit();
    expect(alert).not.toHaveBeenCalled();
    expect(name.style.border).toBe('2px solid rgb(239, 68, 68)');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(($('[name=note]') as HTMLInputElement).style.border).toBe('');

    name.value = 'Ann';
    message.value = 'Hello';
    form.requestSubmit();
    expect(alert).toHaveBeenCalledWith(FORM_SUCCESS_MESSAGE);
    expect(name.getAttribute('style')).toBe('color: blue');
    expect(name.value).toBe('');
  });

  it('shows a tooltip on hover', () => {
    render('<span data-tooltip="Free cancellation" id="t">i</span>');
    $('#t').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(document.querySelector('[role=tooltip]')?.textContent).toBe('Free cancellation');
    $('#t').dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
    expect(document.querySelector('[role=tooltip]')).toBeNull();
  });
});
