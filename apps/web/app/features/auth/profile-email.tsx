import { Badge, Button, Group, Text } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import type { Me } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showSuccess } from "../../lib/notify.ts";
import { ContactConfirmForm } from "./contact-confirm-form.tsx";
import { SettingsSection } from "./settings-section.tsx";

/** Email: add, change or confirm, each through a code sent to the new address. */
export function ProfileEmail({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ email: string } | null>(null);

  return (
    <SettingsSection
      title={t("auth.email.title")}
      description={t("auth.email.description")}
      testId="email-section"
    >
      {user.email ? (
        <Group gap="sm" wrap="wrap">
          <IconMail size={18} stroke={1.6} />
          <Text fw={500} style={{ overflowWrap: "anywhere" }} data-testid="email-current">
            {user.email}
          </Text>
          <Badge size="sm" variant="light" color={user.emailConfirmed ? "teal" : "yellow"}>
            {user.emailConfirmed ? t("auth.common.confirmed") : t("auth.common.notConfirmed")}
          </Badge>
        </Group>
      ) : (
        !editing && (
          <Text size="sm" c="dimmed">
            {t("auth.email.none")}
          </Text>
        )
      )}
      {editing ? (
        <ContactConfirmForm
          key={editing.email}
          contact="email"
          initialValue={editing.email}
          onCancel={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            showSuccess(t("auth.email.saved"));
          }}
        />
      ) : (
        <Group gap="sm">
          {user.email && !user.emailConfirmed && (
            <Button variant="light" onClick={() => setEditing({ email: user.email ?? "" })}>
              {t("auth.common.confirm")}
            </Button>
          )}
          <Button
            variant={user.email ? "default" : "light"}
            onClick={() => setEditing({ email: "" })}
            data-testid="email-edit"
          >
            {user.email ? t("auth.email.change") : t("auth.email.add")}
          </Button>
        </Group>
      )}
    </SettingsSection>
  );
}
