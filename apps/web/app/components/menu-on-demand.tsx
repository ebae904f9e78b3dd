import {
  type ComponentType,
  cloneElement,
  type ReactElement,
  Suspense,
  useCallback,
  useRef,
  useState,
} from "react";

/** The props of a lazily loaded menu module's component: the button that opens it, and its state. */
export interface MenuOnDemandProps {
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/**
 * A menu whose code (Mantine's Menu with the floating-ui positioning it brings, ~15 KB gzip) loads
 * on first use, not with every page. Until then the target renders alone, announced as a menu
 * button; pointing at it or focusing it fetches the menu's module, and activating it (click, Enter
 * or Space) mounts the menu, focuses its button and opens it, so closing it returns the focus there.
 * From then on Mantine's Menu handles keyboard, focus and ARIA.
 */
export function MenuOnDemand({
  target,
  menu: Menu,
  preload,
}: {
  target: ReactElement<Record<string, unknown>>;
  /** `lazy(preload)`, made once at module level. */
  menu: ComponentType<MenuOnDemandProps>;
  preload: () => Promise<unknown>;
}) {
  const [isWanted, setIsWanted] = useState(false);
  const [isOpened, setIsOpened] = useState(false);
  const hasOpened = useRef(false);
  const openOnMount = useCallback((button: HTMLElement | null) => {
    if (!button || hasOpened.current) return;
    hasOpened.current = true;
    button.focus();
    setIsOpened(true);
  }, []);
  if (isWanted) {
    return (
      <Suspense fallback={target}>
        <Menu target={cloneElement(target, { ref: openOnMount })} opened={isOpened} onChange={setIsOpened} />
      </Suspense>
    );
  }
  return cloneElement(target, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
    onClick: () => setIsWanted(true),
  });
}
