import { Anchor, Button, Group, List, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { CodeSent, Me } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { PasswordInput } from "../../components/password-input.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { deleteAccount, requestCode } from "./auth-api.ts";
import { CodeInput } from "./code-input.tsx";
import { SettingsSection } from "./settings-section.tsx";
import { type FieldProblems, useAccountForm } from "./use-account-form.ts";
import { useSignOut } from "./use-sign-out.ts";

/** The login a sign-in code goes to: the main confirmed phone, else a confirmed email. */
export function codeLoginOf(user: Me): string | null {
  const main = user.phones.find((phone) => phone.isMain && phone.confirmed);
  if (main) return main.phone;
  const confirmed = user.phones.find((phone) => phone.confirmed);
  if (confirmed) return confirmed.phone;
  return user.email && user.emailConfirmed ? user.email : null;
}

/** Deleting the account asks once more, with the password or a code. */
export function DeleteAccount({ user }: { user: Me }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const codeLogin = codeLoginOf(user);
  const [isOpen, setOpen] = useState(false);
  const [method, setMethod] = useState<"password" | "code">(user.hasPassword ? "password" : "code");
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [isBusy, setBusy] = useState(false);
  const account = useAccountForm({
    initialValues: { password: "", code: "" },
    check: ({ password, code }): FieldProblems => {
      if (method === "password") return { password: password ? null : "auth.fieldError.required" };
      return { code: !sent || code.length === 6 ? null : "auth.fieldError.codeIncomplete" };
    },
  });
  const { form } = account;

  const close = () => {
    setOpen(false);
    setSent(null);
    form.reset();
    account.clearErrors();
  };

  const sendCode = async (): Promise<CodeSent | null> => {
    if (!codeLogin) return null;
    try {
      const next = await requestCode("sign-in", codeLogin);
      account.clearErrors();
      return next;
    } catch (error) {
      account.showApiError(error, []);
      return null;
    }
  };

  /** The password, or a code asked for first and then typed: the account goes. */
  const confirm = async ({ password, code }: typeof form.values) => {
    if (method === "code" && !sent) {
      setBusy(true);
      const next = await sendCode();
      if (next) setSent(next);
      setBusy(false);
      return;
    }
    setBusy(true);
    try {
      await deleteAccount(method === "password" ? { password } : { code });
      // Home first, then the local sign-out (which also clears the cookies), as in the user menu.
      await signOut();
      showSuccess(t("auth.delete.done"));
    } catch (error) {
      account.showApiError(error, ["password", "code"], {
        fieldOfCode: { PASSWORD_WRONG: "password", CREDENTIALS_INVALID: "password" },
      });
      setBusy(false);
    }
  };

  return (
    <SettingsSection
      title={t("auth.delete.title")}
      description={t("auth.delete.description")}
      tone="danger"
      testId="delete-section"
    >
      <Group>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => setOpen(true)}
          data-testid="delete-open"
        >
          {t("auth.delete.button")}
        </Button>
      </Group>
      <ConfirmModal
        opened={isOpen}
        title={t("auth.delete.confirmTitle")}
        confirmLabel={method === "code" && !sent ? t("auth.login.getCode") : t("auth.delete.confirm")}
        onClose={close}
        onConfirm={() => account.onSubmit(confirm)()}
        isBusy={isBusy}
      >
        <Stack gap="sm">
          <List size="sm" spacing={4}>
            <List.Item>{t("auth.delete.consequenceAds")}</List.Item>
            <List.Item>{t("auth.delete.consequenceChats")}</List.Item>
            <List.Item>{t("auth.delete.consequenceData")}</List.Item>
          </List>
          <FormAlert text={account.formError} />
          {method === "password" ? (
            <PasswordInput
              label={t("auth.delete.password")}
              autoComplete="current-password"
              {...form.getInputProps("password")}
              disabled={isBusy}
              data-autofocus
              data-testid="delete-password"
            />
          ) : sent ? (
            <CodeInput
              sent={sent}
              value={form.values.code}
              onChange={(code) => form.setFieldValue("code", code)}
              onResend={sendCode}
              error={form.errors.code}
              disabled={isBusy}
            />
          ) : (
            <Text size="sm">{codeLogin ? t("auth.delete.codeLead") : t("auth.delete.noCodeLogin")}</Text>
          )}
          {user.hasPassword && codeLogin && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              onClick={() => {
                setMethod(method === "password" ? "code" : "password");
                setSent(null);
                form.setFieldValue("code", "");
                account.clearErrors();
              }}
            >
              {method === "password" ? t("auth.delete.useCode") : t("auth.delete.usePassword")}
            </Anchor>
          )}
        </Stack>
      </ConfirmModal>
    </SettingsSection>
  );
}
