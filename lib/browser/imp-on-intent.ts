import { useCallback } from 'react';
import { type ImpConfig, loadImp } from './imp-loader';

/**
 * Props for the button that opens a certification or payment window: the service's script is
 * fetched once the button shows on screen, or is hovered, touched or focused, whichever comes
 * first — not with the page. By the click it is there, so the window opens inside the
 * click (popup blockers allow window.open only then). A load that fails is tried again on click,
 * where its error is shown.
 */
export function useImpOnIntent(impConfig: ImpConfig) {
  const load = useCallback(() => {
    loadImp(impConfig).catch(() => undefined);
  }, [impConfig]);
  const ref = useCallback(
    (button: HTMLElement | null) => {
      if (!button) return;
      if (typeof IntersectionObserver === 'undefined') {
        load();
        return;
      }
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      });
      observer.observe(button);
      return () => observer.disconnect();
    },
    [load],
  );
  return { ref, onPointerEnter: load, onTouchStart: load, onFocus: load };
}
