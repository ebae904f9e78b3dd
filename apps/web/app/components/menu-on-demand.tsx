import { type ComponentType, cloneElement, type ReactElement, Suspense, useState } from "react";

/** The props a lazily loaded menu module's component takes: the button that opens it. */
export interface MenuTargetProps {
  target: ReactElement;
}

/**
 * A menu whose code (Mantine's Menu with the floating-ui positioning it brings, ~15 KB gzip) loads
 * on first use, not with every page. Until then the target renders alone, announced as a menu
 * button; pointing at it or focusing it fetches the menu's module, and activating it (click, Enter
 * or Space) mounts the menu opened. From then on Mantine's Menu handles keyboard, focus and ARIA.
 */
export function MenuOnDemand({
  target,
  menu: Menu,
  preload,
}: {
  target: ReactElement<Record<string, unknown>>;
  /** `lazy(preload)`, made once at module level. */
  menu: ComponentType<MenuTargetProps>;
  preload: () => Promise<unknown>;
}) {
  const [isWanted, setIsWanted] = useState(false);
  if (isWanted) {
    return (
      <Suspense fallback={target}>
        <Menu target={target} />
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
