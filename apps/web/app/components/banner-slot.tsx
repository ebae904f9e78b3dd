/**
 * An advertising slot (decision 071): a box of the slot's ratio, reserved in the server's HTML so
 * nothing moves when the banner arrives. Its content (the fetch, the image, the counting) is a
 * separate chunk loaded after hydration: the page never waits for a banner. A slot without a
 * campaign when the page was made (the root loader's `bannerSlots`) has no box at all; one whose
 * campaigns ended since goes away.
 */
import type { BannerSlot as Slot } from "@unaa/contracts";
import { lazy, Suspense, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

const BannerContent = lazy(() => import("./banner-content.tsx"));

/** The slots' sizes (contracts `bannerSlotSizes`), kept here so the page's chunk stays small. */
const sizes: Record<Slot, [number, number]> = {
  "home-top": [1200, 300],
  "list-sidebar": [300, 250],
  "ad-page": [728, 182],
};

export function BannerSlot({ slot, className }: { slot: Slot; className?: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [isEmpty, setEmpty] = useState(false);
  const isLive = useRouteLoaderData<typeof rootLoader>("root")?.bannerSlots.includes(slot) ?? false;
  useEffect(() => setHydrated(true), []);
  if (isEmpty || !isLive) return null;
  const [width, height] = sizes[slot];
  return (
    <div
      className={className}
      style={{
        position: "relative",
        width: "100%",
        maxWidth: width,
        aspectRatio: `${width} / ${height}`,
        borderRadius: "var(--mantine-radius-md)",
        overflow: "hidden",
        background: "light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-6))",
      }}
      data-testid={`banner-slot-${slot}`}
    >
      {hydrated && (
        <Suspense fallback={null}>
          <BannerContent slot={slot} onEmpty={() => setEmpty(true)} />
        </Suspense>
      )}
    </div>
  );
}
