/**
 * The trust card (issue 15): who a seller is — avatar and name, member since, the verified phone
 * badge, active ads, response rate and usual response time (only with enough chats), the rating when
 * given, and "other ads from this seller". On the profile page and beside every ad; the actions of
 * the place it stands in (write, show the phone, edit) come as children.
 */
import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import {
  IconClock,
  IconListDetails,
  IconMessageCheck,
  IconRosetteDiscountCheckFilled,
  IconStarFilled,
} from "@tabler/icons-react";
import type { PublicProfile } from "@unaa/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, responseTimeUnit } from "../lib/format.ts";
import { useLocale } from "../lib/use-locale.ts";
import { AppLink } from "./app-link.tsx";
import classes from "./trust-card.module.css";
import { UserAvatar } from "./user-avatar.tsx";

export type TrustCardProfile = Omit<PublicProfile, "tabCounts">;

export interface TrustCardRating {
  /** 1–5, the mean of the seller's visible reviews. */
  average: number;
  count: number;
}

export interface TrustCardProps {
  profile: TrustCardProfile;
  /** The seller's rating (the reviews issue supplies it); nothing shows without it. */
  rating?: TrustCardRating | undefined;
  /** The name links to the profile (beside an ad); on the profile itself it is plain text. */
  linkToProfile?: boolean;
  /** "Other ads from this seller" under the facts (beside an ad). */
  showOtherAds?: boolean;
  children?: ReactNode;
  testId?: string;
}

export function TrustCard({
  profile,
  rating,
  linkToProfile = false,
  showOtherAds = false,
  children,
  testId = "trust-card",
}: TrustCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const profilePath = `/profile/${profile.id}`;
  const count = (value: number) => formatNumber(value, 0, locale);
  const replyTime = profile.responseMinutes === null ? null : responseTimeUnit(profile.responseMinutes);

  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <UserAvatar user={profile} size={56} />
          <Stack gap={2} miw={0}>
            {linkToProfile ? (
              <Anchor
                component={AppLink}
                to={profilePath}
                fw={700}
                truncate="end"
                data-testid="trust-card-profile-link"
              >
                {profile.username}
              </Anchor>
            ) : (
              <Text fw={700} className={classes.name}>
                {profile.username}
              </Text>
            )}
            <Text fz="xs" c="dimmed">
              {t("profile.trust.memberSince", { year: new Date(profile.createdAt).getUTCFullYear() })}
            </Text>
            {rating && rating.count > 0 && (
              <Group gap={4} fz="sm" data-testid="trust-card-rating">
                <IconStarFilled size={16} className={classes.star} aria-hidden />
                <Text span fw={700} fz="sm">
                  {formatNumber(rating.average, 1, locale)}
                </Text>
                <Text span c="dimmed" fz="sm">
                  {t("profile.trust.reviews", { count: rating.count, formatted: count(rating.count) })}
                </Text>
              </Group>
            )}
          </Stack>
        </Group>

        <ul className={classes.facts}>
          {profile.hasConfirmedPhone && (
            <li data-testid="trust-card-verified">
              <IconRosetteDiscountCheckFilled size={16} aria-hidden className={classes.verified} />
              <Text fz="sm">{t("profile.trust.verified")}</Text>
            </li>
          )}
          <li>
            <IconListDetails size={16} aria-hidden className={classes.icon} />
            <Text fz="sm">
              {t("profile.trust.activeAds", {
                count: profile.activeAds,
                formatted: count(profile.activeAds),
              })}
            </Text>
          </li>
          {profile.responseRate !== null && (
            <li data-testid="trust-card-response-rate">
              <IconMessageCheck size={16} aria-hidden className={classes.icon} />
              <Text fz="sm">{t("profile.trust.responseRate", { percent: profile.responseRate })}</Text>
            </li>
          )}
          {replyTime && (
            <li data-testid="trust-card-response-time">
              <IconClock size={16} aria-hidden className={classes.icon} />
              <Text fz="sm">
                {t(`profile.trust.replyTime.${replyTime.unit}`, {
                  count: replyTime.count,
                  formatted: count(replyTime.count),
                })}
              </Text>
            </li>
          )}
        </ul>

        {showOtherAds && profile.activeAds > 1 && (
          <Anchor component={AppLink} to={`${profilePath}/adds`} fz="sm" data-testid="trust-card-other-ads">
            {t("profile.trust.otherAds")}
          </Anchor>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
