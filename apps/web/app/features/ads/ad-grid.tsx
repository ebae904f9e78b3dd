import { SimpleGrid } from "@mantine/core";
import type { AdCard as AdCardData, Currency } from "@unaa/contracts";
import classes from "./ad-card.module.css";
import { AdCard, rowCardPhotoSizes } from "./ad-card.tsx";
import rowClasses from "./ad-grid.module.css";

/** Columns at each width: one row per ad on phones (photo left), tiles beyond. */
const defaultCols = { base: 1, sm: 3, lg: 4 } as const;

export interface AdGridProps {
  ads: readonly AdCardData[];
  currency?: Currency;
  cols?: Partial<Record<"base" | "xs" | "sm" | "md" | "lg" | "xl", number>>;
  /** How many of the first cards load their cover at once (above the fold). */
  priorityCount?: number;
  sizes?: string;
  testId?: string;
}

export function AdGrid({
  ads,
  currency,
  cols = defaultCols,
  priorityCount = 0,
  sizes = rowCardPhotoSizes,
  testId,
}: AdGridProps) {
  return (
    <SimpleGrid
      cols={cols}
      spacing={{ base: "xs", sm: "md" }}
      verticalSpacing={{ base: "sm", sm: "md" }}
      data-testid={testId}
    >
      {ads.map((ad, index) => (
        <AdCard
          key={ad.id}
          ad={ad}
          {...(currency ? { currency } : {})}
          sizes={sizes}
          phoneLayout="row"
          priority={index < priorityCount}
        />
      ))}
    </SimpleGrid>
  );
}

/** Placeholder cards while a page of ads loads (plain elements that look like Mantine's Skeleton). */
export function AdGridSkeleton({ count, cols = defaultCols }: { count: number; cols?: AdGridProps["cols"] }) {
  return (
    <SimpleGrid cols={cols} spacing={{ base: "xs", sm: "md" }} aria-hidden data-testid="ad-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
        <div key={index} className={`${classes.card} ${classes.phoneRow}`}>
          <div className={`${classes.cover} ${rowClasses.skeleton} ${rowClasses.skeletonCover}`} />
          <div className={classes.body}>
            <div className={`${rowClasses.skeleton} ${rowClasses.skeletonPrice}`} />
            <div className={`${rowClasses.skeleton} ${rowClasses.skeletonOther}`} />
            <div className={`${rowClasses.skeleton} ${rowClasses.skeletonTitle}`} />
            <div className={`${rowClasses.skeleton} ${rowClasses.skeletonSpecs}`} />
          </div>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The photo widths of a card in a row: nearly half a phone, a third of a tablet, a quarter beyond. */
const rowPhotoSizes = "(max-width: 47.99em) 46vw, (max-width: 75em) 31vw, 300px";
/** A compact row's photos: a third of a phone. */
const compactRowPhotoSizes = "(max-width: 47.99em) 36vw, (max-width: 75em) 31vw, 300px";

/**
 * A row of cards (home page strips): swiped sideways on phones, the first four on wide screens.
 * A compact row (the promoted strip above a list) shows small tiles on phones, about a third of the
 * screen high, so the list's first ads stay on the first screen.
 */
export function AdRow({
  ads,
  currency,
  priorityCount = 0,
  compact = false,
  testId,
}: {
  ads: readonly AdCardData[];
  currency?: Currency;
  /** How many of the first cards load their cover at once (the row opens the page). */
  priorityCount?: number;
  compact?: boolean;
  testId?: string;
}) {
  return (
    <div className={`${rowClasses.row} ${compact ? rowClasses.compact : ""}`} data-testid={testId}>
      {ads.map((ad, index) => (
        <AdCard
          key={ad.id}
          ad={ad}
          sizes={compact ? compactRowPhotoSizes : rowPhotoSizes}
          phoneLayout={compact ? "compact" : "tile"}
          priority={index < priorityCount}
          {...(currency ? { currency } : {})}
        />
      ))}
    </div>
  );
}
