import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeTracker } from './change-tracker';

let root: HTMLElement;
let tracker: ChangeTracker;
const CONTENT = '<nav><button id="t">Tours</button><ul id="m" class="hidden"><li id="li">Crete</li></ul></nav>';

beforeEach(() => {
  root = document.createElement('div');
  root.innerHTML = CONTENT;
  document.body.appendChild(root);
  tracker = new ChangeTracker(root);
  tracker.start();
});
afterEach(() => {
  tracker.stop();
  root.remove();
});
const $ = (selector: string) => root.querySelector<HTMLElement>(selector)!;

describe('ChangeTracker', () => {
  it('leaves out what scripts and widgets did: classes toggled, attributes set, nodes and text added', () => {
    $('#m').classList.remove('hidden');
    $('#t').setAttribute('aria-expanded', 'true');
    const injected = document.createElement('iframe');
    root.appendChild(injected);
    $('#li').firstChild!.textContent = 'Changed by a script';
    expect(tracker.serialize()).toBe(CONTENT);
    // The live document keeps the widget's state.
    expect($('#m').classList.contains('hidden')).toBe(false);
  });

  it('puts back what scripts removed: a text replaced with textContent, an element taken out', () => {
    $('#li').textContent = 'Loading prices…';
    $('#t').remove();
    expect(tracker.serialize()).toBe(CONTENT);
  });

  it('keeps a generated text once the user has edited it', () => {
    $('#li').textContent = 'From a script';
    tracker.asUser(() => ($('#li').firstChild!.textContent = 'From a script, then edited'));
    expect(tracker.serialize()).toContain('<li id="li">From a script, then edited</li>');
  });

  it('keeps what the user did, even on an element a script had changed', () => {
    $('#m').classList.remove('hidden');
    tracker.asUser(() => {
      $('#m').setAttribute('class', 'menu');
      const p = document.createElement('p');
      p.textContent = 'New paragraph';
      root.appendChild(p);
      $('#li').firstChild!.textContent = 'Crete and Rhodes';
    });
    expect(tracker.serialize()).toBe(
      '<nav><button id="t">Tours</button><ul id="m" class="menu"><li id="li">Crete and Rhodes</li></ul></nav><p>New paragraph</p>',
    );
  });

  it('keeps the nodes marked as content (the fresh copies of scripts)', () => {
    const script = document.createElement('script');
    script.type = 'text/x-inert';
    script.textContent = 'x = 1';
    tracker.markAsContent([script]);
    root.appendChild(script);
    expect(tracker.serialize()).toBe(`${CONTENT}<script type="text/x-inert">x = 1</script>`);
  });

  it('forgets earlier recordings when started again on new content', () => {
    $('#m').classList.remove('hidden');
    tracker.stop();
    root.innerHTML = '<p id="p">Fresh</p>';
    tracker.start();
    expect(tracker.serialize()).toBe('<p id="p">Fresh</p>');
  });
});
