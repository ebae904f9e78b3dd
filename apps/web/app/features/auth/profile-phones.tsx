import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { IconPlus, IconStar, IconTrash } from "@tabler/icons-react";
import type { Me, UserPhone } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatPhone } from "../../lib/format.ts";
import { showSuccess } from "../../lib/notify.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { deletePhone, makePhoneMain } from "./auth-api.ts";
import { ContactConfirmForm } from "./contact-confirm-form.tsx";
import { SettingsSection } from "./settings-section.tsx";

/** Phones: several, each confirmed by a code; one is the main one; the only way to sign in stays. */
export function ProfilePhones({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<{ phone: string } | null>(null);
  const [toDelete, setToDelete] = useState<UserPhone | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const describe = useApiErrorTexts();
  const [error, setError] = useState<string | null>(null);

  const run = async (id: number, action: () => Promise<unknown>, doneKey: string) => {
    setBusyId(id);
    setError(null);
    try {
      await action();
      showSuccess(t(doneKey));
    } catch (cause) {
      setError(describe(cause, []).form);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <SettingsSection
      title={t("auth.phones.title")}
      description={t("auth.phones.description")}
      testId="phones-section"
    >
      {user.phones.length === 0 && !adding && (
        <Text size="sm" c="dimmed">
          {t("auth.phones.none")}
        </Text>
      )}
      <Stack gap="xs">
        {user.phones.map((phone) => (
          <Paper key={phone.id} withBorder radius="md" px="md" py="sm" data-testid="phone-row">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={4} miw={0}>
                <Text fw={500} data-testid="phone-number">
                  {formatPhone(phone.phone)}
                </Text>
                <Group gap={6}>
                  {phone.isMain && (
                    <Badge size="sm" variant="light" color="indigo">
                      {t("auth.phones.main")}
                    </Badge>
                  )}
                  {!phone.confirmed && (
                    <Badge size="sm" variant="light" color="yellow">
                      {t("auth.common.notConfirmed")}
                    </Badge>
                  )}
                </Group>
              </Stack>
              <Group gap={4} wrap="nowrap">
                {!phone.confirmed && (
                  <Button size="xs" variant="light" onClick={() => setAdding({ phone: phone.phone })}>
                    {t("auth.common.confirm")}
                  </Button>
                )}
                {phone.confirmed && !phone.isMain && (
                  <Tooltip label={t("auth.phones.makeMain")}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t("auth.phones.makeMain")}
                      loading={busyId === phone.id}
                      onClick={() =>
                        void run(phone.id, () => makePhoneMain(phone.id), "auth.phones.madeMain")
                      }
                      data-testid="phone-make-main"
                    >
                      <IconStar size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Tooltip label={t("auth.phones.delete")}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t("auth.phones.delete")}
                    disabled={busyId !== null}
                    onClick={() => setToDelete(phone)}
                    data-testid="phone-delete"
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <FormAlert text={error} />
      {adding ? (
        <ContactConfirmForm
          key={adding.phone}
          contact="phone"
          initialValue={adding.phone}
          onCancel={() => setAdding(null)}
          onDone={() => {
            setAdding(null);
            showSuccess(t("auth.phones.added"));
          }}
        />
      ) : (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setAdding({ phone: "" })}
            data-testid="phone-add"
          >
            {t("auth.phones.add")}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={toDelete !== null}
        title={t("auth.phones.deleteTitle")}
        text={toDelete ? t("auth.phones.deleteText", { phone: formatPhone(toDelete.phone) }) : ""}
        confirmLabel={t("auth.phones.delete")}
        isBusy={busyId !== null}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          const phone = toDelete;
          if (!phone) return;
          setToDelete(null);
          void run(phone.id, () => deletePhone(phone.id), "auth.phones.deleted");
        }}
      />
    </SettingsSection>
  );
}
