import { SimpleGrid, Skeleton } from "@mantine/core";
import type { AdCard as AdCardData, Currency } from "@unaa/contracts";
import classes from "./ad-card.module.css";
import { AdCard } from "./ad-card.tsx";
import rowClasses from "./ad-grid.module.css";

/** Columns at each width: two cards side by side on phones. */
const defaultCols = { base: 2, sm: 3, lg: 4 } as const;

export interface AdGridProps {
  ads: readonly AdCardData[];
  currency?: Currency;
  cols?: Partial<Record<"base" | "xs" | "sm" | "md" | "lg" | "xl", number>>;
  /** How many of the first cards load their cover at once (above the fold). */
  priorityCount?: number;
  sizes?: string;
  testId?: string;
}

export function AdGrid({ ads, currency, cols = defaultCols, priorityCount = 0, sizes, testId }: AdGridProps) {
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
          {...(sizes ? { sizes } : {})}
          priority={index < priorityCount}
        />
      ))}
    </SimpleGrid>
  );
}

/** Placeholder cards while a page of ads loads. */
export function AdGridSkeleton({ count, cols = defaultCols }: { count: number; cols?: AdGridProps["cols"] }) {
  return (
    <SimpleGrid cols={cols} spacing={{ base: "xs", sm: "md" }} aria-hidden data-testid="ad-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
        <div key={index} className={classes.card}>
          <Skeleton className={classes.cover} radius={0} />
          <div className={classes.body}>
            <Skeleton height={20} width="60%" />
            <Skeleton height={12} width="40%" />
            <Skeleton height={14} mt={4} />
            <Skeleton height={12} width="80%" />
          </div>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The photo widths of a card in a row: nearly half a phone, a third of a tablet, a quarter beyond. */
const rowPhotoSizes = "(max-width: 48em) 46vw, (max-width: 75em) 31vw, 300px";

/** A row of cards (home page strips): swiped sideways on phones, the first four on wide screens. */
export function AdRow({
  ads,
  currency,
  priorityCount = 0,
  testId,
}: {
  ads: readonly AdCardData[];
  currency?: Currency;
  /** How many of the first cards load their cover at once (the row opens the page). */
  priorityCount?: number;
  testId?: string;
}) {
  return (
    <div className={rowClasses.row} data-testid={testId}>
      {ads.map((ad, index) => (
        <AdCard
          key={ad.id}
          ad={ad}
          sizes={rowPhotoSizes}
          priority={index < priorityCount}
          {...(currency ? { currency } : {})}
        />
      ))}
    </div>
  );
}
