/**
 * The trust card (issue 15): who a seller is — avatar and name, member since, the verified phone
 * badge, active ads, response rate and usual response time (only with enough chats), the rating when
 * given, and "other ads from this seller". On the profile page and beside every ad; the actions of
 * the place it stands in (write, show the phone, edit) come as children.
 */
import { Anchor, Paper, Stack } from "@mantine/core";
import type { PublicProfile } from "@unaa/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, responseTimeUnit } from "../lib/format.ts";
import { useLocale } from "../lib/use-locale.ts";
import { AppLink } from "./app-link.tsx";
import classes from "./trust-card.module.css";
import { UserAvatar } from "./user-avatar.tsx";

export type TrustCardProfile = Omit<PublicProfile, "tabCounts">;

export interface TrustCardProps {
  profile: TrustCardProfile;
  /** The name links to the profile (beside an ad); on the profile itself it is plain text. */
  linkToProfile?: boolean;
  /** "Other ads from this seller" under the facts (beside an ad). */
  showOtherAds?: boolean;
  children?: ReactNode;
  testId?: string;
}

export function TrustCard({
  profile,
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
        <div className={classes.head}>
          <UserAvatar user={profile} size={56} />
          <div className={classes.who}>
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
              <b className={classes.name}>{profile.username}</b>
            )}
            <span className={classes.since}>
              {t("profile.trust.memberSince", { year: profile.createdAt.slice(0, 4) })}
            </span>
            {profile.rating.average !== null && profile.rating.count > 0 && (
              // A star and figures, not the reviews feature's stars: the card stands on every ad page.
              <AppLink
                to={`${profilePath}#reviews`}
                className={classes.rating}
                data-testid="trust-card-rating"
              >
                {/* Its name is what it shows: the star is decoration. */}
                <span aria-hidden>★</span>
                <span>{formatNumber(profile.rating.average, 1, locale)}</span>
                <span className={classes.ratingCount}>
                  {t("reviews.rating.count", { count: profile.rating.count })}
                </span>
              </AppLink>
            )}
          </div>
        </div>
        {/* The place's actions (show the phone, write) right under the name: on a laptop beside an
            ad they stay on the first screen. */}
        {children}

        <ul className={classes.facts}>
          {profile.hasConfirmedPhone && (
            <li className={classes.verified} data-testid="trust-card-verified">
              {t("profile.trust.verified")}
            </li>
          )}
          <li>
            {t("profile.trust.activeAds", { count: profile.activeAds, formatted: count(profile.activeAds) })}
          </li>
          {profile.responseRate !== null && (
            <li data-testid="trust-card-response-rate">
              {t("profile.trust.responseRate", { percent: profile.responseRate })}
            </li>
          )}
          {replyTime && (
            <li data-testid="trust-card-response-time">
              {t(`profile.trust.replyTime.${replyTime.unit}`, {
                count: replyTime.count,
                formatted: count(replyTime.count),
              })}
            </li>
          )}
        </ul>

        {showOtherAds && profile.activeAds > 1 && (
          <Anchor component={AppLink} to={`${profilePath}/adds`} fz="sm" data-testid="trust-card-other-ads">
            {t("profile.trust.otherAds")}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
