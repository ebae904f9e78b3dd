import { useEffect, useRef, useState } from "react";

/** Whether a sideways strip has more beyond its right edge, kept current on scrolling and resizing. */
export function useMoreToScroll<T extends HTMLElement = HTMLDivElement>() {
  const viewport = useRef<T>(null);
  const [hasMore, setHasMore] = useState(false);
  const update = () => {
    const strip = viewport.current;
    if (strip) setHasMore(strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1);
  };
  // After every render (the counts change the tabs' widths) and on resizing; an unchanged answer
  // renders nothing.
  useEffect(update);
  // biome-ignore lint/correctness/useExhaustiveDependencies: update reads only the ref.
  useEffect(() => {
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return { viewport, hasMore, update };
}
