import { ActionIcon, CloseButton, FileButton, Progress, Text, Textarea, Tooltip } from "@mantine/core";
import { IconPaperclip, IconSend } from "@tabler/icons-react";
import {
  type AdPhoto as AdPhotoData,
  type ChatMessage,
  chatMessagePhotosMax,
  chatMessageTextMax,
} from "@unaa/contracts";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { formatNumber } from "../../lib/format.ts";
import { HttpError } from "../../lib/http-client.ts";
import { checkPhotoFile, deletePhoto, photoAccept, uploadPhoto } from "../../lib/photo-upload.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { sendMessage } from "./api/send-message.ts";
import classes from "./chats.module.css";
import { isSendKey } from "./composer-keys.ts";

type Attachment =
  | { key: string; state: "uploading"; progress: number }
  | { key: string; state: "done"; photo: AdPhotoData };

let attachmentCount = 0;

/** Answers that mean the chat is closed for writing: the conversation is fetched again to say why. */
const refusalCodes: ReadonlySet<string> = new Set(["CHAT_BLOCKED", "CHAT_USER_DELETED"]);

/**
 * The message box: a textarea (Enter sends, Shift+Enter a new line) with its character count,
 * photos attached through the photo upload (with progress), and the send button.
 */
export function ChatComposer({
  chatId,
  onSent,
  onTyping,
  onRefused,
}: {
  chatId: number;
  onSent: (message: ChatMessage) => void;
  onTyping: () => void;
  /** The server refused because nobody may write here any more (a block, a deleted account). */
  onRefused: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [text, setText] = useState("");
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const resetFiles = useRef<() => void>(null);
  const counterId = useId();
  const hintId = useId();

  const length = text.trim().length;
  const isTooLong = length > chatMessageTextMax;
  const photos = attachments.flatMap((item) => (item.state === "done" ? [item.photo] : []));
  const isUploading = attachments.some((item) => item.state === "uploading");
  const canSend = !isSending && !isUploading && !isTooLong && (length > 0 || photos.length > 0);

  async function send() {
    if (!canSend) return;
    setIsSending(true);
    setError(null);
    try {
      const message = await sendMessage(chatId, {
        text: text.trim(),
        photoIds: photos.map((photo) => photo.id),
      });
      setText("");
      setAttachments([]);
      onSent(message);
    } catch (failure) {
      setError(
        failure instanceof HttpError && failure.message ? failure.message : t("chats.composer.failed"),
      );
      if (failure instanceof HttpError && refusalCodes.has(failure.code)) onRefused();
    } finally {
      setIsSending(false);
    }
  }

  async function attach(files: File[]) {
    resetFiles.current?.();
    setError(null);
    const room = chatMessagePhotosMax - attachments.length;
    if (files.length > room) setError(t("chats.composer.photosMax", { max: chatMessagePhotosMax }));
    await Promise.all(
      files.slice(0, Math.max(0, room)).map(async (file) => {
        const problem = checkPhotoFile(file);
        if (problem) {
          setError(
            t(
              problem === "IMAGE_TOO_LARGE"
                ? "chats.composer.photoTooLarge"
                : "chats.composer.photoUnsupported",
            ),
          );
          return;
        }
        attachmentCount += 1;
        const key = `a${attachmentCount}`;
        const update = (next: Attachment | null) =>
          setAttachments((current) =>
            next
              ? current.map((item) => (item.key === key ? next : item))
              : current.filter((item) => item.key !== key),
          );
        setAttachments((current) => [...current, { key, state: "uploading", progress: 0 }]);
        try {
          const photo = await uploadPhoto(
            file,
            (fraction) => update({ key, state: "uploading", progress: Math.round(fraction * 100) }),
            { purpose: "chat" },
          );
          update({ key, state: "done", photo });
        } catch (failure) {
          update(null);
          setError(
            failure instanceof HttpError && failure.message
              ? failure.message
              : t("chats.composer.photoFailed"),
          );
        }
      }),
    );
  }

  function remove(item: Attachment) {
    setAttachments((current) => current.filter((other) => other.key !== item.key));
    if (item.state === "done") void deletePhoto(item.photo.id).catch(() => undefined);
  }

  return (
    <div className={classes.composer} data-testid="chat-composer">
      {attachments.length > 0 && (
        <ul className={classes.attachments} aria-label={t("chats.composer.attach")}>
          {attachments.map((item) => (
            <li
              key={item.key}
              className={classes.attachment}
              data-testid="chat-attachment"
              data-state={item.state}
            >
              {item.state === "done" ? (
                <>
                  <AdPhoto photo={item.photo} alt="" sizes="64px" className={classes.attachmentImage} />
                  <CloseButton
                    size="sm"
                    className={classes.attachmentRemove}
                    aria-label={t("chats.composer.removePhoto")}
                    onClick={() => remove(item)}
                  />
                </>
              ) : (
                <Progress
                  value={item.progress}
                  size="sm"
                  w="100%"
                  aria-label={t("chats.composer.uploading", { percent: item.progress })}
                  data-testid="chat-upload-progress"
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <div className={classes.composerRow}>
        <FileButton
          resetRef={resetFiles}
          onChange={(files) => void attach(files)}
          accept={photoAccept}
          multiple
        >
          {(props) => (
            <Tooltip label={t("chats.composer.attach")}>
              <ActionIcon
                {...props}
                variant="subtle"
                color="gray"
                size={44}
                aria-label={t("chats.composer.attach")}
                disabled={attachments.length >= chatMessagePhotosMax}
                data-testid="chat-attach"
              >
                <IconPaperclip size={22} stroke={1.6} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          className={classes.composerInput}
          aria-label={t("chats.composer.label")}
          aria-describedby={`${counterId} ${hintId}`}
          placeholder={t("chats.composer.placeholder")}
          autosize
          minRows={1}
          maxRows={6}
          value={text}
          error={
            isTooLong
              ? t("chats.composer.tooLong", { max: formatNumber(chatMessageTextMax, 0, locale) })
              : undefined
          }
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (event.currentTarget.value.trim()) onTyping();
          }}
          onKeyDown={(event) => {
            if (!isSendKey(event)) return;
            event.preventDefault();
            void send();
          }}
          data-testid="chat-input"
        />
        <ActionIcon
          size={44}
          radius="xl"
          onClick={() => void send()}
          disabled={!canSend}
          loading={isSending}
          aria-label={t("chats.composer.send")}
          data-testid="chat-send"
        >
          <IconSend size={20} aria-hidden />
        </ActionIcon>
      </div>
      <div className={classes.composerFooter}>
        <Text id={hintId} fz="xs" c="dimmed" visibleFrom="sm">
          {t("chats.composer.hint")}
        </Text>
        <Text
          id={counterId}
          fz="xs"
          c={isTooLong ? "red" : "dimmed"}
          className={classes.counter}
          data-testid="chat-counter"
        >
          {t("chats.composer.counter", {
            count: formatNumber(length, 0, locale),
            max: formatNumber(chatMessageTextMax, 0, locale),
          })}
        </Text>
      </div>
      {error && (
        <Text fz="sm" c="red" role="alert" data-testid="chat-composer-error">
          {error}
        </Text>
      )}
    </div>
  );
}
