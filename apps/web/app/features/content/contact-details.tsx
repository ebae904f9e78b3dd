import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { IconMail, IconMapPin, IconPhone } from "@tabler/icons-react";
import type { ContactDetails } from "@unaa/contracts";
import { useTranslation } from "react-i18next";

/** The site's contact details (setting `contactDetails`); an empty one is left out. */
export function ContactDetailsCard({ details }: { details: ContactDetails }) {
  const { t } = useTranslation();
  const { phone, email, address } = details;
  if (!phone && !email && !address) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} data-testid="contact-details">
      <Stack gap="sm">
        {phone && (
          <Group gap="sm" wrap="nowrap">
            <IconPhone size={20} aria-hidden />
            <Anchor
              href={`tel:${phone.replace(/[^\d+]/g, "")}`}
              aria-label={`${t("content.details.phone")}: ${phone}`}
            >
              {phone}
            </Anchor>
          </Group>
        )}
        {email && (
          <Group gap="sm" wrap="nowrap">
            <IconMail size={20} aria-hidden />
            <Anchor href={`mailto:${email}`} style={{ overflowWrap: "anywhere" }}>
              {email}
            </Anchor>
          </Group>
        )}
        {address && (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconMapPin size={20} aria-hidden />
            <Text>{address}</Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
