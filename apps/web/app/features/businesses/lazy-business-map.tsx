import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { BusinessMapProps } from "./business-map.tsx";

const BusinessMap = lazy(() =>
  import("./business-map.tsx").then((module) => ({ default: module.BusinessMap })),
);

/** A map that fails (its code cannot load, Leaflet throws) leaves its frame, not an error page. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The map, only in the browser and loaded on demand (Leaflet stays out of every page's first load);
 * the server and the first render show the empty frame the map takes.
 */
export function LazyBusinessMap(props: BusinessMapProps) {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const frame = <div className={props.className} aria-hidden />;
  if (!isMounted) return frame;
  return (
    <MapBoundary fallback={frame}>
      <Suspense fallback={frame}>
        <BusinessMap {...props} />
      </Suspense>
    </MapBoundary>
  );
}
