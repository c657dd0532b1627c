/**
 * The data-attribute widgets, wired once per document by delegated listeners, so content loaded later
 * (or edited in the canvas) works without re-wiring. Visibility is Tailwind's `hidden` class, as authors write it:
 *
 * - dropdown: `[data-dropdown]` holding a `[data-dropdown-toggle]` and a `[data-dropdown-menu]` (or
 *   `data-dropdown-toggle="menu-id"`); a click elsewhere or Escape closes it.
 * - slider: `[data-slider]` with `[data-slide]` children and `[data-slider-prev]` / `[data-slider-next]` buttons,
 *   optional `data-slider-autoplay="5000"` (ms).
 * - tabs: `[data-tabs]` with `[data-tab="name"]` buttons and `[data-tab-panel="name"]` panels.
 * - accordion: `[data-accordion-toggle]` opens the `[data-accordion-content]` of its `[data-accordion-item]` (or
 *   its next sibling); `[data-accordion="single"]` keeps one item open.
 * - modal: `[data-modal-trigger="modal-id"]` shows `#modal-id`; `[data-modal-close]`, a click on the backdrop (the
 *   `[data-modal]` element itself) or Escape hides it.
 * - validated form: `form[data-validate]`: empty required fields get a red border, otherwise the alert
 *   'Form submitted successfully!' and the form is cleared.
 * - tooltip: `[data-tooltip="text"]` shows the text on hover and keyboard focus.
 */
export const FORM_SUCCESS_MESSAGE = 'Form submitted successfully!';
const HIDDEN = 'hidden';
const INVALID_BORDER = '2px solid #ef4444';

const isShown = (element: Element) => !element.classList.contains(HIDDEN);
function setShown(element: Element, shown: boolean): void {
  if (isShown(element) !== shown) element.classList.toggle(HIDDEN, !shown);
}

/** Elements matching the selector that belong to this widget and not to one nested inside it. */
function ownParts(container: Element, selector: string, widgetSelector: string): Element[] {
  return Array.from(container.querySelectorAll(selector)).filter(
    (el) => el.parentElement?.closest(widgetSelector) === container,
  );
}

function byIdOrNull(doc: Document, id: string | null): HTMLElement | null {
  return id ? doc.getElementById(id) : null;
}

// Dropdowns
function menuOf(toggle: Element): Element | null {
  return (
    byIdOrNull(toggle.ownerDocument, toggle.getAttribute('data-dropdown-toggle')) ??
    toggle.closest('[data-dropdown]')?.querySelector('[data-dropdown-menu]') ??
    null
  );
}
function closeDropdowns(doc: Document, keep?: Element | null): void {
  for (const toggle of Array.from(doc.querySelectorAll('[data-dropdown-toggle]'))) {
    const menu = menuOf(toggle);
    if (!menu || menu === keep || !isShown(menu)) continue;
    setShown(menu, false);
    toggle.setAttribute('aria-expanded', 'false');
  }
}

// Sliders
const autoplays = new Map<Element, number>();
function slidesOf(slider: Element): Element[] {
  return ownParts(slider, '[data-slide]', '[data-slider]');
}
function showSlide(slider: Element, index: number): void {
  const slides = slidesOf(slider);
  if (slides.length === 0) return;
  const target = ((index % slides.length) + slides.length) % slides.length;
  slides.forEach((slide, i) => setShown(slide, i === target));
}
function stepSlider(slider: Element, step: number): void {
  const current = slidesOf(slider).findIndex(isShown);
  showSlide(slider, Math.max(current, 0) + step);
}

// Modals
function closeModal(modal: Element | null): void {
  if (!modal) return;
  setShown(modal, false);
  modal.setAttribute('aria-hidden', 'true');
}

// Validated forms
const originalStyles = new WeakMap<HTMLElement, string | null>();
function markInvalid(field: HTMLElement, invalid: boolean): void {
  if (invalid) {
    if (!originalStyles.has(field)) originalStyles.set(field, field.getAttribute('style'));
    field.style.border = INVALID_BORDER;
    field.setAttribute('aria-invalid', 'true');
  } else if (originalStyles.has(field)) {
    const style = originalStyles.get(field);
    if (style === null || style === undefined) field.removeAttribute('style');
    else field.setAttribute('style', style);
    originalStyles.delete(field);
    field.removeAttribute('aria-invalid');
  }
}
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
function isEmpty(field: Field): boolean {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return !field.checked;
  return field.value.trim() === '';
}
function requiredFields(form: HTMLFormElement): Field[] {
  return Array.from(form.querySelectorAll<Field>('input[required], textarea[required], select[required]'));
}

/** Checks a validated form: red borders on the empty required fields, or the success alert. */
export function submitValidatedForm(form: HTMLFormElement, alert: (message: string) => void): boolean {
  const fields = requiredFields(form);
  const empty = fields.filter(isEmpty);
  fields.forEach((field) => markInvalid(field, empty.includes(field)));
  if (empty.length > 0) {
    empty[0]!.focus();
    return false;
  }
  alert(FORM_SUCCESS_MESSAGE);
  form.reset();
  return true;
}

/** Sets up the state widgets start in: the first slide of each slider shown, autoplay, forms validated by us. */
export function initWidgets(root: ParentNode): void {
  for (const timer of autoplays.values()) window.clearInterval(timer);
  autoplays.clear();
  for (const slider of Array.from(root.querySelectorAll('[data-slider]'))) {
    const visible = slidesOf(slider).findIndex(isShown);
    showSlide(slider, visible < 0 ? 0 : visible);
    const delay = Number(slider.getAttribute('data-slider-autoplay'));
    if (delay >= 1000)
      autoplays.set(
        slider,
        window.setInterval(() => stepSlider(slider, 1), delay),
      );
  }
  // The browser's own validation would stop the submit before our handler sees it.
  root.querySelectorAll<HTMLFormElement>('form[data-validate]').forEach((form) => (form.noValidate = true));
}

let tooltip: HTMLElement | null = null;
function showTooltip(target: Element): void {
  const text = target.getAttribute('data-tooltip');
  if (!text) return;
  hideTooltip();
  const doc = target.ownerDocument;
  tooltip = doc.createElement('div');
  tooltip.className = 'tcms-tooltip';
  tooltip.setAttribute('role', 'tooltip');
  tooltip.textContent = text;
  doc.body.appendChild(tooltip);
  const box = target.getBoundingClientRect();
  const tip = tooltip.getBoundingClientRect();
  const top = box.top - tip.height - 6;
  tooltip.style.top = `${top < 0 ? box.bottom + 6 : top}px`;
  tooltip.style.left = `${Math.max(4, Math.min(box.left + box.width / 2 - tip.width / 2, window.innerWidth - tip.width - 4))}px`;
}
function hideTooltip(): void {
  tooltip?.remove();
  tooltip = null;
}

/** Installs the delegated listeners on the document; `alert` is the frame's window.alert (allow-modals). */
export function installWidgets(doc: Document, alert: (message: string) => void = (m) => window.alert(m)): void {
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;

    const toggle = target.closest('[data-dropdown-toggle]');
    const menu = toggle && menuOf(toggle);
    if (toggle && menu) {
      event.preventDefault();
      const open = !isShown(menu);
      closeDropdowns(doc, menu);
      setShown(menu, open);
      toggle.setAttribute('aria-expanded', String(open));
      return;
    }
    if (!target.closest('[data-dropdown-menu]')) closeDropdowns(doc);

    const sliderButton = target.closest('[data-slider-prev], [data-slider-next]');
    const slider = sliderButton?.closest('[data-slider]');
    if (sliderButton && slider) {
      event.preventDefault();
      stepSlider(slider, sliderButton.hasAttribute('data-slider-prev') ? -1 : 1);
      return;
    }

    const tab = target.closest('[data-tab]');
    if (tab) {
      const tabs = tab.closest('[data-tabs]');
      if (tabs) {
        event.preventDefault();
        const name = tab.getAttribute('data-tab');
        for (const other of ownParts(tabs, '[data-tab]', '[data-tabs]')) {
          other.setAttribute('aria-selected', String(other === tab));
          other.toggleAttribute('data-active', other === tab);
        }
        for (const panel of ownParts(tabs, '[data-tab-panel]', '[data-tabs]'))
          setShown(panel, panel.getAttribute('data-tab-panel') === name);
        return;
      }
    }

    const accordionToggle = target.closest('[data-accordion-toggle]');
    if (accordionToggle) {
      const item = accordionToggle.closest('[data-accordion-item]');
      const content =
        byIdOrNull(doc, accordionToggle.getAttribute('data-accordion-toggle')) ??
        item?.querySelector('[data-accordion-content]') ??
        accordionToggle.nextElementSibling;
      if (content) {
        event.preventDefault();
        const opening = !isShown(content);
        const group = accordionToggle.closest('[data-accordion="single"]');
        if (opening && group) {
          for (const other of Array.from(group.querySelectorAll('[data-accordion-content]')))
            if (other !== content) setShown(other, false);
          group.querySelectorAll('[data-accordion-toggle]').forEach((t) => t.setAttribute('aria-expanded', 'false'));
        }
        setShown(content, opening);
        accordionToggle.setAttribute('aria-expanded', String(opening));
        return;
      }
    }

    const trigger = target.closest('[data-modal-trigger]');
    const modal = trigger && byIdOrNull(doc, trigger.getAttribute('data-modal-trigger'));
    if (trigger && modal) {
      event.preventDefault();
      setShown(modal, true);
      modal.setAttribute('aria-hidden', 'false');
      return;
    }
    const close = target.closest('[data-modal-close]');
    if (close) {
      event.preventDefault();
      closeModal(byIdOrNull(doc, close.getAttribute('data-modal-close')) ?? close.closest('[data-modal]'));
      return;
    }
    if (target.hasAttribute('data-modal')) closeModal(target);
  });

  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    closeDropdowns(doc);
    doc.querySelectorAll('[data-modal]').forEach((modal) => isShown(modal) && closeModal(modal));
  });

  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-validate')) return;
      event.preventDefault();
      submitValidatedForm(form, alert);
    },
    true,
  );
  // A form added by a script after initWidgets still validates natively: show our red borders, not the bubbles.
  doc.addEventListener(
    'invalid',
    (event) => {
      const field = event.target as Field;
      if (!field.form?.hasAttribute('data-validate')) return;
      event.preventDefault();
      markInvalid(field, isEmpty(field));
    },
    true,
  );
  doc.addEventListener(
    'input',
    (event) => {
      const field = event.target;
      if (field instanceof HTMLElement && field.getAttribute('aria-invalid') === 'true' && !isEmpty(field as Field))
        markInvalid(field, false);
    },
    true,
  );

  const tooltipTarget = (event: Event) =>
    event.target instanceof Element ? event.target.closest('[data-tooltip]') : null;
  doc.addEventListener('mouseover', (event) => {
    const target = tooltipTarget(event);
    if (target) showTooltip(target);
  });
  doc.addEventListener('mouseout', (event) => {
    const target = tooltipTarget(event);
    if (target && !(event.relatedTarget instanceof Node && target.contains(event.relatedTarget))) hideTooltip();
  });
  doc.addEventListener('focusin', (event) => {
    const target = tooltipTarget(event);
    if (target) showTooltip(target);
  });
  doc.addEventListener('focusout', hideTooltip);
}
