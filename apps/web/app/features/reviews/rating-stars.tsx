import { Rating } from "@mantine/core";
import type { SellerRating } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/use-locale.ts";
import classes from "./reviews.module.css";

/**
 * A seller's rating: stars, the average and the count, read out as one phrase ("4.6 out of 5, 23
 * reviews"). With no reviews it says so. For the profile, the trust card and the reviews section.
 */
export function RatingStars({
  rating,
  size = "sm",
  withCount = true,
}: {
  rating: SellerRating;
  size?: "xs" | "sm" | "md" | "lg";
  withCount?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (rating.average === null || rating.count === 0) {
    return (
      <span className={classes.rating} data-testid="rating-stars">
        <span className={classes.ratingNone}>{t("reviews.rating.none")}</span>
      </span>
    );
  }
  const average = formatNumber(rating.average, 1, locale);
  return (
    <span
      role="img"
      aria-label={t("reviews.rating.label", { average, count: rating.count })}
      className={classes.rating}
      data-testid="rating-stars"
    >
      <Rating value={rating.average} fractions={10} readOnly size={size} aria-hidden />
      <span className={classes.ratingValue} aria-hidden>
        {average}
      </span>
      {withCount && (
        <span className={classes.ratingCount} aria-hidden>
          {t("reviews.rating.count", { count: rating.count })}
        </span>
      )}
    </span>
  );
}

/** One review's stars, read out as "4 out of 5". */
export function ReviewStars({ stars }: { stars: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t("reviews.card.stars", { stars })} className={classes.rating}>
      <Rating value={stars} readOnly size="sm" aria-hidden />
    </span>
  );
}
