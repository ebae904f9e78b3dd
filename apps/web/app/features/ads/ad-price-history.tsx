/**
 * The prices an ad has had (requirements P4), newest first, once it changed at least once: when,
 * the price in both currencies as the page shows prices, and by how much it moved from the one before.
 */
import { Badge, Text, Title } from "@mantine/core";
import { IconTrendingDown, IconTrendingUp } from "@tabler/icons-react";
import type { AdPriceChange } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { useLocale } from "../../lib/use-locale.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { formatAdDate, formatAdPrice, formatMoney } from "./ad-format.ts";
import classes from "./ad-price-history.module.css";

/** How far a price moved from the one before, in its own currency; null when either was "negotiable". */
export function priceMove(change: AdPriceChange, before: AdPriceChange | undefined): number | null {
  if (!before || change.price === 0 || before.price === 0) return null;
  const previous = change.currency === "USD" ? before.priceUsd : before.priceKgs;
  return change.price - previous;
}

export function AdPriceHistory({ items }: { items: readonly AdPriceChange[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useRouteLoaderData<typeof rootLoader>("root")?.config.timeZone ?? "Asia/Bishkek";
  if (items.length < 2) return null;
  const now = new Date();
  const newestFirst = items
    .map((change, index) => ({ change, move: priceMove(change, items[index - 1]) }))
    .reverse();

  return (
    <section data-testid="ad-price-history" aria-labelledby="ad-price-history-title">
      <Title order={2} fz="h3" mb="sm" id="ad-price-history-title">
        {t("adPage.priceHistory.title")}
      </Title>
      <ol className={classes.list}>
        {newestFirst.map(({ change, move }) => {
          const price = formatAdPrice(t, locale, { ...change, oldPrice: null });
          const amount = move === null ? "" : formatMoney(t, locale, Math.abs(move), change.currency);
          return (
            <li key={change.changedAt} className={classes.row} data-testid="ad-price-change">
              <Text component="span" fz="sm" c="dimmed" className={classes.date}>
                {formatAdDate(t, change.changedAt, now, timeZone)}
              </Text>
              <span className={classes.price}>
                <Text component="span" fw={600}>
                  {price.main}
                </Text>
                {price.other && (
                  <Text component="span" fz="sm" c="dimmed">
                    {price.other}
                  </Text>
                )}
              </span>
              {move !== null && move !== 0 && (
                <Badge
                  variant="light"
                  color={move < 0 ? "teal" : "orange"}
                  tt="none"
                  className={classes.move}
                  leftSection={
                    move < 0 ? (
                      <IconTrendingDown size={14} aria-hidden />
                    ) : (
                      <IconTrendingUp size={14} aria-hidden />
                    )
                  }
                >
                  {t(move < 0 ? "adPage.priceHistory.dropped" : "adPage.priceHistory.raised", { amount })}
                </Badge>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
