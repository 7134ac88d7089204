// The service's script is fetched on intent (the button on screen, hovered, touched or focused),
// never with the page. jsdom has no IntersectionObserver: a stand-in reports visibility on demand.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SCRIPT = 'http://127.0.0.1:4010/v1/iamport.js';
const impConfig = { merchantCode: 'imp00000000', scriptUrl: SCRIPT };
const scripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src === SCRIPT);

let observers: { callback: IntersectionObserverCallback; observed: Element[]; disconnected: boolean }[] = [];
class StandInObserver {
  private readonly entry;
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, observed: [] as Element[], disconnected: false };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.observed.push(element);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}
const showOnScreen = (visible: boolean) =>
  act(() => {
    for (const o of observers.filter((o) => !o.disconnected)) {
      const entries = o.observed.map((target) => ({ target, isIntersecting: visible }) as IntersectionObserverEntry);
      o.callback(entries, o as unknown as IntersectionObserver);
    }
  });

async function renderButton() {
  // A fresh loader per test: it loads once per page.
  const { useImpOnIntent } = await import('./imp-on-intent');
  function PayButton() {
    return (
      <button type="button" {...useImpOnIntent(impConfig)}>
        결제하기
      </button>
    );
  }
  render(<PayButton />);
  return screen.getByRole('button', { name: '결제하기' });
}

beforeEach(() => {
  vi.resetModules();
  observers = [];
  vi.stubGlobal('IntersectionObserver', StandInObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const script of scripts()) script.remove();
});

describe('useImpOnIntent', () => {
  it('fetches nothing with the page, and the script once the button shows on screen', async () => {
    await renderButton();
    showOnScreen(false);
    await act(async () => {});
    expect(scripts()).toHaveLength(0);
    showOnScreen(true);
    await vi.waitFor(() => expect(scripts()).toHaveLength(1));
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it.each([
    ['hovered', fireEvent.pointerEnter],
    ['focused', fireEvent.focus],
    ['touched', fireEvent.touchStart],
  ])('fetches the script once, when the button is %s before it shows', async (_, intent) => {
    const button = await renderButton();
    expect(scripts()).toHaveLength(0);
    intent(button);
    intent(button);
    await vi.waitFor(() => expect(scripts()).toHaveLength(1));
  });
});
