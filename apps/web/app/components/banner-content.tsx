/**
 * A slot's banner (decision 071), loaded after hydration: `GET /api/banners` (cached a minute),
 * the image with its "advertising" label, linked through the click counter; its impression (once
 * half of it is on screen) is counted in a batch with the page's other slots.
 */
import { useQuery } from "@tanstack/react-query";
import type { BannerShown, BannerSlot } from "@unaa/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../lib/app-state.ts";
import { countBannerImpression, flushBannerImpressions } from "../lib/banner-impressions.ts";
import { useLocale } from "../lib/use-locale.ts";
import classes from "./banner-content.module.css";

/** One impression per banner shown in this slot. */
function countOnce(counted: { current: number | null }, id: number): void {
  if (counted.current === id) return;
  counted.current = id;
  countBannerImpression(id);
}

export default function BannerContent({ slot, onEmpty }: { slot: BannerSlot; onEmpty: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const shown = useQuery({
    queryKey: ["banner", slot, locale],
    queryFn: ({ signal }) =>
      api.get<BannerShown>("/api/banners", { signal, silent: true, query: { slot, locale } }),
    staleTime: 60_000,
  });
  const banner = shown.data?.banner;
  const isEmpty = shown.isError || shown.data?.banner === null;
  useEffect(() => {
    if (isEmpty) onEmpty();
  }, [isEmpty, onEmpty]);
  const link = useRef<HTMLAnchorElement>(null);
  const counted = useRef<number | null>(null);
  // An impression is a banner at least half on screen (a slot hidden on phones never is).
  useEffect(() => {
    const element = link.current;
    if (!banner || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        countOnce(counted, banner.id);
        observer.disconnect();
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [banner]);
  if (!banner) return null;
  return (
    <a
      ref={link}
      href={banner.clickUrl}
      rel="sponsored noopener"
      className={classes.link}
      data-testid="banner-link"
      // A banner clicked was seen, even before the observer said so; its impression leaves first.
      onClick={() => {
        countOnce(counted, banner.id);
        flushBannerImpressions();
      }}
    >
      <img
        src={banner.imageUrl}
        alt={banner.title}
        width={banner.width}
        height={banner.height}
        className={classes.image}
      />
      <span className={classes.label} data-testid="banner-label">
        {t("banner.label")}
      </span>
    </a>
  );
}
