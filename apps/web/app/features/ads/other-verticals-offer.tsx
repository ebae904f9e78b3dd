/**
 * A text search that found little in its vertical and more in others (the API counts the words
 * there): "Found in Services: 12", each a link to that vertical's list with the same words, so
 * "эвакуатор" typed on the cars tab leads to the tow trucks.
 */
import { Alert, Button, Group } from "@mantine/core";
import { IconArrowsExchange } from "@tabler/icons-react";
import type { AdVerticalCount } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { useLocale } from "../../lib/use-locale.ts";
import { formatCount } from "./ad-format.ts";
import { listLocation } from "./ad-list-query.ts";

export function OtherVerticalsOffer({
  counts,
  q,
}: {
  counts: readonly AdVerticalCount[];
  q: string | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!q || counts.length === 0) return null;
  return (
    <Alert
      color="indigo"
      variant="light"
      mb="md"
      icon={<IconArrowsExchange size={20} />}
      title={t("ads.list.otherVerticals.title", { q })}
      data-testid="other-verticals"
    >
      <Group gap="xs" mt={4}>
        {counts.map((count) => {
          const target = listLocation(count.vertical, { q });
          const shown = `${count.totalIsExact ? "" : "≈ "}${formatCount(count.total, locale)}`;
          return (
            <Button
              key={count.vertical}
              component={AppLink}
              to={target.pathname + target.search}
              size="xs"
              variant="filled"
              data-testid={`other-vertical-${count.vertical}`}
            >
              {t("ads.list.otherVerticals.found", { name: t(`nav.${count.vertical}`), shown })}
            </Button>
          );
        })}
      </Group>
    </Alert>
  );
}
