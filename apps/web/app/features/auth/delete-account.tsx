import { Anchor, Button, Group, List, PasswordInput, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { CodeSent, Me } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { deleteAccount, requestCode } from "./auth-api.ts";
import { CodeInput } from "./code-input.tsx";
import { SettingsSection } from "./settings-section.tsx";
import { useFormErrors } from "./use-form-errors.ts";
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
  const [password, setPassword] = useState("");
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [code, setCode] = useState("");
  const [isBusy, setBusy] = useState(false);
  const form = useFormErrors();

  const close = () => {
    setOpen(false);
    setPassword("");
    setSent(null);
    setCode("");
    form.clearErrors();
  };

  const sendCode = async (): Promise<CodeSent | null> => {
    if (!codeLogin) return null;
    try {
      const next = await requestCode("sign-in", codeLogin);
      form.clearErrors();
      return next;
    } catch (error) {
      form.showApiError(error, []);
      return null;
    }
  };

  const confirm = async () => {
    form.clearErrors();
    if (method === "password" && !password) return form.setFieldError("password", "auth.fieldError.required");
    if (method === "code" && !sent) {
      setBusy(true);
      const next = await sendCode();
      if (next) setSent(next);
      setBusy(false);
      return;
    }
    if (method === "code" && code.length !== 6)
      return form.setFieldError("code", "auth.fieldError.codeIncomplete");
    setBusy(true);
    try {
      await deleteAccount(method === "password" ? { password } : { code });
      // Home first, then the local sign-out (which also clears the cookies), as in the user menu.
      await signOut();
      showSuccess(t("auth.delete.done"));
    } catch (error) {
      form.showApiError(error, ["password", "code"], {
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
        onConfirm={() => void confirm()}
        isBusy={isBusy}
      >
        <Stack gap="sm">
          <List size="sm" spacing={4}>
            <List.Item>{t("auth.delete.consequenceAds")}</List.Item>
            <List.Item>{t("auth.delete.consequenceChats")}</List.Item>
            <List.Item>{t("auth.delete.consequenceData")}</List.Item>
          </List>
          <FormAlert text={form.formError} />
          {method === "password" ? (
            <PasswordInput
              label={t("auth.delete.password")}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={form.errors.password}
              disabled={isBusy}
              data-autofocus
              data-testid="delete-password"
            />
          ) : sent ? (
            <CodeInput
              sent={sent}
              value={code}
              onChange={setCode}
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
                setCode("");
                form.clearErrors();
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
