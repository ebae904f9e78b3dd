/**
 * The heart that keeps an ad as a favourite, on cards and on the ad page. Guests keep the list in
 * this browser; signed-in users' changes show at once and are undone with a toast if the API refuses.
 */
import { Button } from "@mantine/core";
import { IconHeart, IconHeartFilled } from "@tabler/icons-react";
import { adFavoritesMax } from "@unaa/contracts";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { SpriteIcon } from "../../components/icon-sprite.tsx";
import { toasts } from "../../lib/app-state.ts";
import { setFavorite, useIsFavorite } from "../../lib/favorites-store.ts";
import { getErrorTitle, HttpError } from "../../lib/http-client.ts";
import { useSession } from "../../lib/session.ts";
import classes from "./favorite-button.module.css";

export interface FavoriteButtonProps {
  adId: number;
  /** "icon": a round heart (cards, the gallery); "button": a heart with its label (ad page). */
  variant?: "icon" | "button";
  /** The ad's new favourite count, when the API tells it (signed-in users). */
  onFavoritesChange?: (favorites: number) => void;
}

function showError(title: string): void {
  toasts.scheduleAutoClose(toasts.add({ title, color: "red" }));
}

export function FavoriteButton({ adId, variant = "icon", onFavoritesChange }: FavoriteButtonProps) {
  const { t } = useTranslation();
  const isFavorite = useIsFavorite(adId);
  // While the session is being restored a click would land in the guest list by mistake.
  const { status } = useSession();
  // One name whatever the state: aria-pressed tells whether the ad is kept.
  const label = t("adPage.favorite.label");
  const hint = t(isFavorite ? "adPage.favorite.remove" : "adPage.favorite.add");

  async function toggle(event: MouseEvent) {
    // Cards are links: the heart must not open the ad.
    event.preventDefault();
    event.stopPropagation();
    const result = await setFavorite(adId, !isFavorite);
    if (result.kind === "full") showError(t("adPage.favorite.full", { max: adFavoritesMax }));
    else if (result.kind === "failed") {
      showError(
        result.error instanceof HttpError ? getErrorTitle(result.error) : t("adPage.favorite.failed"),
      );
    } else if (result.favorites !== null) onFavoritesChange?.(result.favorites);
  }

  const common = {
    onClick: toggle,
    "aria-pressed": isFavorite,
    disabled: status === "restoring",
    "data-favorite": isFavorite ? "on" : "off",
  } as const;
  if (variant === "button") {
    const Icon = isFavorite ? IconHeartFilled : IconHeart;
    return (
      <Button
        {...common}
        variant={isFavorite ? "light" : "default"}
        color={isFavorite ? "red" : undefined}
        leftSection={<Icon size={18} aria-hidden />}
        title={hint}
      >
        {label}
      </Button>
    );
  }
  // A plain button styled as Mantine's round default ActionIcon, with the sprite's heart: a list
  // renders one per card.
  return (
    <button
      {...common}
      type="button"
      className={`mantine-focus-auto mantine-active ${classes.icon}`}
      aria-label={label}
      title={hint}
    >
      <SpriteIcon
        name={isFavorite ? "heart-filled" : "heart"}
        size={20}
        color={isFavorite ? "var(--mantine-color-red-6)" : undefined}
      />
    </button>
  );
}
