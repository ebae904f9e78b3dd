import { Badge } from "@mantine/core";
import type { AdCard as AdCardData, AdPhoto as AdPhotoData, Currency } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { AppLink } from "../../components/app-link.tsx";
import { SpriteIcon } from "../../components/icon-sprite.tsx";
import { verticalIcons } from "../../components/vertical-icons.ts";
import { useRegions } from "../../lib/shared-config.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { localizeRestyling } from "../catalog/catalog-format.ts";
import classes from "./ad-card.module.css";
import { adLocation, adPath, cardSpecs, formatAdDate, formatAdPrice } from "./ad-format.ts";
import { FavoriteButton } from "./favorite-button.tsx";

/** The photo widths of a tile in a grid of 2 (below Mantine's `sm`, 48em), 3 (to `lg`, 75em) and 4 columns. */
export const cardPhotoSizes = "(max-width: 47.99em) 50vw, (max-width: 75em) 33vw, 320px";

/** The photo widths of a list row's card: the 128 px photo at its left on phones, a grid tile beyond. */
export const rowCardPhotoSizes = "(max-width: 47.99em) 128px, (max-width: 75em) 33vw, 320px";

/**
 * How a card lays out on phones (below Mantine's `sm`): a tile (the default), a one-column list row
 * (photo left, then price, title, specs, place and date), or the small tile of a promoted strip.
 * Wider screens show the tile always.
 */
export type AdCardPhoneLayout = "tile" | "row" | "compact";

const phoneLayouts = { tile: "", row: classes.phoneRow, compact: classes.phoneCompact } as const;

const promotionColors = { premium: "grape", vip: "orange", top: "indigo" } as const;

export interface AdCardProps {
  /** A list's card; the form's preview gives the whole first photo as the cover. */
  ad: AdCardData | (Omit<AdCardData, "cover"> & { cover: AdPhotoData | null });
  /** The currency the visitor filters by; the seller's own when absent. */
  currency?: Currency;
  /** Loads the cover at once (the first row of a server-rendered page). */
  priority?: boolean;
  sizes?: string;
  phoneLayout?: AdCardPhoneLayout;
}

/**
 * An ad in a list: the cover (4:3) with its paid marks and the heart, the price in both currencies
 * (the old one crossed out after a drop), the title, the card fields of the vertical's definition,
 * where and when. The whole card opens the ad.
 */
export function AdCard({
  ad,
  currency,
  priority = false,
  sizes = cardPhotoSizes,
  phoneLayout = "tile",
}: AdCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const config = useRouteLoaderData<typeof rootLoader>("root")?.config;
  const regions = useRegions();
  const price = formatAdPrice(t, locale, ad, currency);
  const specs = cardSpecs(t, locale, ad);
  const location = adLocation(locale, regions, ad);
  const postedAt = ad.raisedAt ?? ad.publishedAt;
  const date = postedAt ? formatAdDate(t, postedAt, new Date(), config?.timeZone ?? "Asia/Bishkek") : null;
  const Icon = verticalIcons[ad.vertical];
  const title = localizeRestyling(t, ad.title);

  return (
    <article
      className={`${classes.card} ${phoneLayouts[phoneLayout]} ${ad.isHighlighted ? classes.highlighted : ""}`}
      data-testid="ad-card"
      data-ad-id={ad.id}
    >
      <div className={classes.cover}>
        {ad.cover ? (
          <AdPhoto photo={ad.cover} alt={title} sizes={sizes} priority={priority} />
        ) : (
          <div className={classes.noPhoto} role="img" aria-label={t("ads.card.noPhoto")}>
            <Icon size={56} stroke={1.2} />
          </div>
        )}
        {(ad.promotion || ad.isUrgent) && (
          <div className={classes.marks}>
            {ad.promotion && (
              <Badge
                size="sm"
                variant="filled"
                color={promotionColors[ad.promotion]}
                className={classes.promotionMark}
              >
                {t(`ads.promotion.${ad.promotion}`)}
              </Badge>
            )}
            {ad.isUrgent && (
              <Badge size="sm" variant="filled" color="red" data-testid="ad-card-urgent">
                {t("ads.card.urgent")}
              </Badge>
            )}
          </div>
        )}
        <div className={classes.favorite}>
          <FavoriteButton adId={ad.id} />
        </div>
        {ad.photoCount > 1 && (
          <span className={classes.photoCount} title={t("ads.card.photos", { count: ad.photoCount })}>
            <SpriteIcon name="camera" size={13} />
            {ad.photoCount}
          </span>
        )}
      </div>
      {/* Plain elements styled by the module: a list page renders dozens of cards on the server. */}
      <div className={classes.body}>
        <div className={classes.row}>
          <span className={classes.price} data-testid="ad-card-price">
            {price.main}
          </span>
          {price.old && <s className={classes.oldPrice}>{price.old}</s>}
        </div>
        {(price.other || price.old || ad.negotiable) && (
          <div className={classes.row}>
            {price.other && <span className={classes.dimmed}>{price.other}</span>}
            {price.old && (
              <Badge
                size="xs"
                variant="light"
                color="teal"
                leftSection={<SpriteIcon name="trending-down" size={12} />}
              >
                {t("ads.card.priceDropped")}
              </Badge>
            )}
            {ad.negotiable && ad.price > 0 && (
              <Badge size="xs" variant="light" color="gray">
                {t("ads.card.negotiable")}
              </Badge>
            )}
          </div>
        )}
        <AppLink to={adPath(ad)} className={classes.link}>
          <h3 className={classes.title} data-testid="ad-card-title">
            {title}
          </h3>
        </AppLink>
        {specs.length > 0 && <p className={`${classes.dimmed} ${classes.specs}`}>{specs.join(" · ")}</p>}
        <p className={`${classes.dimmed} ${classes.meta}`}>{[location, date].filter(Boolean).join(" · ")}</p>
      </div>
    </article>
  );
}
