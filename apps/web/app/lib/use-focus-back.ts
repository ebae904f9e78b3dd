import { useLayoutEffect, useRef } from "react";

/**
 * Gives the focus back, when a dialog closes, to what had it when the dialog opened, so a keyboard
 * user goes on from there. Mantine's Modal and Drawer note that place only when they open as an
 * update, not when they first render open: what a lazily loaded one does when its code arrives after
 * the click (a slow network, a busy phone). Give them `returnFocus={false}`.
 */
export function useFocusBack(opened: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect: the dialog's focus trap moves the focus inside it only in a later task.
  useLayoutEffect(() => {
    if (opened) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else if (opener.current) {
      opener.current.focus({ preventScroll: true });
      opener.current = null;
    }
  }, [opened]);
}
