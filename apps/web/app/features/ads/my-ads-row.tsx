import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import {
  IconArchive,
  IconCalendarPlus,
  IconDots,
  IconEye,
  IconHeart,
  IconMessageCircle,
  IconPencil,
  IconPhone,
  IconRocket,
  IconSend,
  IconTag,
  IconTrash,
  IconTrendingUp,
} from "@tabler/icons-react";
import {
  type AdOwnerAction,
  type AdStatus,
  adDaysLeft,
  canExtendAd,
  canRunAdAction,
  isAdExpiring,
  type Locale,
  type MyAd,
} from "@unaa/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { AppLink } from "../../components/app-link.tsx";
import { verticalIcons } from "../../components/vertical-icons.ts";
import { formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { localizeRestyling } from "../catalog/catalog-format.ts";
import { adPath, formatAdDate, formatAdPrice, formatCount } from "./ad-format.ts";
import classes from "./my-ads.module.css";

const statusColors: Record<AdStatus, string> = {
  active: "teal",
  pending: "yellow",
  draft: "gray",
  rejected: "red",
  archived: "gray",
  sold: "indigo",
  removed: "red",
};

export interface MyAdRowProps {
  ad: MyAd;
  now: Date;
  busyAction: AdOwnerAction | "delete" | null;
  onAction: (action: AdOwnerAction) => void;
  onDelete: () => void;
}

/** Views a day, to a tenth when not whole. */
function perDay(value: number, locale: Locale): string {
  return formatNumber(value, Number.isInteger(value) ? 0 : 1, locale);
}

/** One of the owner's ads: cover, title, price, state, counters, expiry, moderator's note, actions. */
export function MyAdRow({ ad, now, busyAction, onAction, onDelete }: MyAdRowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useRouteLoaderData<typeof rootLoader>("root")?.config.timeZone ?? "Asia/Bishkek";
  const price = formatAdPrice(t, locale, ad);
  const isEnding = isAdExpiring(ad, now);
  const Icon = verticalIcons[ad.vertical];
  const isBusy = busyAction !== null;
  const publishLabel = ad.status === "draft" ? "myAds.action.publish" : "myAds.action.publishAgain";

  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      className={classes.row}
      data-testid="my-ad"
      data-ad-id={ad.id}
      data-status={ad.status}
    >
      <AppLink to={adPath(ad)} className={classes.cover} tabIndex={-1} aria-hidden>
        {ad.cover ? (
          <AdPhoto photo={ad.cover} alt="" sizes="128px" />
        ) : (
          <span className={classes.noPhoto}>
            <Icon size={36} stroke={1.3} />
          </span>
        )}
      </AppLink>
      <Stack gap={6} className={classes.body}>
        <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
          <Anchor
            component={AppLink}
            to={adPath(ad)}
            fw={600}
            c="inherit"
            lineClamp={2}
            data-testid="my-ad-title"
          >
            {localizeRestyling(t, ad.title)}
          </Anchor>
          <Badge
            color={statusColors[ad.status]}
            variant="light"
            className={classes.status}
            data-testid="my-ad-status"
          >
            {t(`myAds.status.${ad.status}`)}
          </Badge>
        </Group>
        <Group gap="xs" align="baseline">
          <Text fw={700}>{price.main}</Text>
          {price.old && (
            <Text component="s" size="sm" c="dimmed">
              {price.old}
            </Text>
          )}
        </Group>
        <Group gap="md" className={classes.counters}>
          <Counter
            icon={<IconEye size={16} />}
            label={t("myAds.counter.views")}
            value={formatCount(ad.views, locale)}
          />
          <Counter
            icon={<IconPhone size={16} />}
            label={t("myAds.counter.phoneReveals")}
            value={formatCount(ad.phoneReveals, locale)}
          />
          <Counter
            icon={<IconHeart size={16} />}
            label={t("myAds.counter.favorites")}
            value={formatCount(ad.favorites, locale)}
          />
          <Counter
            icon={<IconMessageCircle size={16} />}
            label={t("myAds.counter.chats")}
            value={formatCount(ad.chats, locale)}
          />
          {ad.status === "active" && ad.expiresAt && (
            <Text
              size="sm"
              c={isEnding ? "orange" : "dimmed"}
              fw={isEnding ? 600 : undefined}
              data-testid="my-ad-expiry"
            >
              {isEnding
                ? t("myAds.expiresIn", { count: adDaysLeft(ad, now) })
                : t("myAds.activeUntil", { date: formatAdDate(t, ad.expiresAt, now, timeZone) })}
            </Text>
          )}
        </Group>
        {ad.lift && (
          <Text size="sm" c="dimmed" data-testid="my-ad-lift">
            <IconTrendingUp size={14} className={classes.liftIcon} aria-hidden />{" "}
            {t("myAds.lift", {
              service: t(`paidServices.service.${ad.lift.service}.title`),
              before: perDay(ad.lift.before, locale),
              during: perDay(ad.lift.during, locale),
              after: ad.lift.after === null ? "—" : perDay(ad.lift.after, locale),
            })}{" "}
            <Anchor component={AppLink} to={`/services/${ad.vertical}/${ad.id}`} size="sm">
              {t("myAds.liftMore")}
            </Anchor>
          </Text>
        )}
        {ad.hasPendingChanges && (
          <Text size="sm" c="yellow.8">
            {t("myAds.pendingChanges")}
          </Text>
        )}
        {ad.status === "rejected" && (
          <Alert color="red" variant="light" p="xs" data-testid="my-ad-rejection">
            {ad.rejectReason && (
              <Text size="sm" fw={600}>
                {t(`myAds.reject.${ad.rejectReason}`)}
              </Text>
            )}
            {ad.rejectNote && <Text size="sm">{ad.rejectNote}</Text>}
            {/* A rejected ad goes back to moderation by an edit, never as it was. */}
            <Text size="sm" mt={4}>
              {t("myAds.rejectedHint")}
            </Text>
            <Button
              size="xs"
              mt="xs"
              color="red"
              component={AppLink}
              to={`${adPath(ad)}/edit`}
              leftSection={<IconPencil size={14} />}
              data-testid="my-ad-fix"
            >
              {t("myAds.action.fix")}
            </Button>
          </Alert>
        )}
        <Group gap="xs" mt={4}>
          {canRunAdAction(ad, "publish", now) && (
            <Button
              size="xs"
              leftSection={<IconSend size={14} />}
              loading={busyAction === "publish"}
              disabled={isBusy}
              onClick={() => onAction("publish")}
              data-testid="my-ad-publish"
            >
              {t(publishLabel)}
            </Button>
          )}
          {canExtendAd(ad, now) && (
            <Button
              size="xs"
              color="orange"
              leftSection={<IconCalendarPlus size={14} />}
              loading={busyAction === "extend"}
              disabled={isBusy}
              onClick={() => onAction("extend")}
              data-testid="my-ad-extend"
            >
              {t("myAds.action.extend")}
            </Button>
          )}
          {ad.status !== "removed" && ad.status !== "rejected" && (
            <Button
              size="xs"
              variant="default"
              component={AppLink}
              to={`${adPath(ad)}/edit`}
              leftSection={<IconPencil size={14} />}
              data-testid="my-ad-edit"
            >
              {t("myAds.action.edit")}
            </Button>
          )}
          {ad.status === "active" && (
            <Button
              size="xs"
              variant="light"
              color="grape"
              component={AppLink}
              to={`/services/${ad.vertical}/${ad.id}`}
              leftSection={<IconRocket size={14} />}
              data-testid="my-ad-promote"
            >
              {t("myAds.action.promote")}
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Tooltip label={t("myAds.action.more")}>
                <ActionIcon
                  variant="default"
                  size={30}
                  aria-label={t("myAds.action.more")}
                  loading={isBusy && busyAction !== "publish" && busyAction !== "extend"}
                  data-testid="my-ad-more"
                >
                  <IconDots size={16} />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              {canRunAdAction(ad, "archive", now) && (
                <Menu.Item
                  leftSection={<IconArchive size={16} />}
                  onClick={() => onAction("archive")}
                  disabled={isBusy}
                  data-testid="my-ad-archive"
                >
                  {t("myAds.action.archive")}
                </Menu.Item>
              )}
              {canRunAdAction(ad, "sold", now) && (
                <Menu.Item
                  leftSection={<IconTag size={16} />}
                  onClick={() => onAction("sold")}
                  disabled={isBusy}
                  data-testid="my-ad-sold"
                >
                  {t("myAds.action.sold")}
                </Menu.Item>
              )}
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={onDelete}
                disabled={isBusy}
                data-testid="my-ad-delete"
              >
                {t("myAds.action.delete")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Stack>
    </Paper>
  );
}

function Counter({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Tooltip label={label}>
      <Group gap={4} c="dimmed" aria-label={`${label}: ${value}`} role="img">
        {icon}
        <Text size="sm" span>
          {value}
        </Text>
      </Group>
    </Tooltip>
  );
}
