import { Button, FileButton, Group, Modal, Stack, Text } from "@mantine/core";
import { IconTrash, IconUpload } from "@tabler/icons-react";
import type { Me } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { UserAvatar } from "../../components/user-avatar.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { deleteAvatar, uploadAvatar } from "./auth-api.ts";
import { AvatarCropper } from "./avatar-cropper.tsx";
import { SettingsSection } from "./settings-section.tsx";

const ACCEPTED = "image/jpeg,image/png,image/webp,image/heic,image/heif";
/** The API refuses larger uploads; a bigger original is only fine when it is cropped first. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

function loadImage(file: File): Promise<{ image: HTMLImageElement; url: string }> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ image, url });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("The browser cannot show this image"));
    };
    image.src = url;
  });
}

/** Avatar: pick a picture, crop it square, upload; or delete it. */
export function ProfileAvatar({ user }: { user: Me }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<{ image: HTMLImageElement; url: string } | null>(null);
  const [isSaving, setSaving] = useState(false);
  const describe = useApiErrorTexts();
  /** Why the last picture was refused (the API's text about the file, or any other error). */
  const [error, setError] = useState<string | null>(null);
  const showError = (cause: unknown) => {
    const texts = describe(cause, ["file"]);
    setError(texts.fields.file ?? texts.form);
  };

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const upload = async (blob: Blob) => {
    setSaving(true);
    setError(null);
    try {
      await uploadAvatar(blob);
      setPicked(null);
      showSuccess(t("auth.avatar.saved"));
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    try {
      setPicked(await loadImage(file));
    } catch {
      // HEIC and other formats the browser cannot draw: the server crops them square itself.
      if (file.size > MAX_UPLOAD_BYTES) setError(t("auth.avatar.tooLarge"));
      else await upload(file);
    }
  };

  const remove = async () => {
    setSaving(true);
    setError(null);
    try {
      await deleteAvatar();
      showSuccess(t("auth.avatar.deleted"));
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection
      title={t("auth.avatar.title")}
      description={t("auth.avatar.description")}
      testId="avatar-section"
    >
      <Group gap="lg" wrap="nowrap" align="center">
        <UserAvatar user={user} size={88} data-testid="avatar-current" />
        <Stack gap="xs">
          <Group gap="xs">
            <FileButton onChange={(file) => void pick(file)} accept={ACCEPTED}>
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} />}
                  loading={isSaving && !picked}
                  data-testid="avatar-upload"
                >
                  {user.avatar ? t("auth.avatar.change") : t("auth.avatar.upload")}
                </Button>
              )}
            </FileButton>
            {user.avatar && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => void remove()}
                disabled={isSaving}
                data-testid="avatar-delete"
              >
                {t("auth.avatar.delete")}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t("auth.avatar.formats")}
          </Text>
        </Stack>
      </Group>
      <FormAlert text={error} />
      <Modal
        opened={picked !== null}
        onClose={() => setPicked(null)}
        title={t("auth.avatar.cropTitle")}
        centered
      >
        {picked && (
          <>
            <FormAlert text={error} />
            <AvatarCropper
              image={picked.image}
              onCancel={() => setPicked(null)}
              onCropped={(blob) => void upload(blob)}
              isSaving={isSaving}
            />
          </>
        )}
      </Modal>
    </SettingsSection>
  );
}
