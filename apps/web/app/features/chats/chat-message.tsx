import { Anchor, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconChecks } from "@tabler/icons-react";
import type { ChatMessage as ChatMessageData } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { AppLink } from "../../components/app-link.tsx";
import { warningTexts } from "./chat-warnings.ts";
import classes from "./chats.module.css";
import { splitMessageText } from "./message-links.ts";

/** A message's text: links on our own site are links, any other address stays text. */
export function MessageText({ text, origin }: { text: string; origin: string }) {
  return (
    <>
      {splitMessageText(text, origin).map((part, index) =>
        part.kind === "link" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <Anchor key={index} component={AppLink} to={part.href} className={classes.messageLink}>
            {part.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** The visible safety warning the receiver of a message sees, in their language. */
export function MessageWarnings({ kinds }: { kinds: readonly string[] }) {
  const { t } = useTranslation();
  const texts = warningTexts(kinds);
  if (texts.length === 0) return null;
  return (
    <div className={classes.warning} role="note" data-testid="chat-warning">
      <IconAlertTriangle size={18} aria-hidden className={classes.warningIcon} />
      <div>
        <strong>{t("chats.warning.title")}</strong>
        {texts.map((key) => (
          <p key={key} className={classes.warningText}>
            {t(key)}
          </p>
        ))}
      </div>
    </div>
  );
}

/** One message: own on the right, the other's on the left; time and, on own ones, sent / read. */
export function ChatMessageBubble({
  message,
  time,
  isRead,
  origin,
}: {
  message: ChatMessageData;
  time: string;
  isRead: boolean;
  origin: string;
}) {
  const { t } = useTranslation();
  return (
    <li
      className={classes.messageRow}
      data-mine={message.isMine || undefined}
      data-testid="chat-message"
      data-message-id={message.id}
    >
      <div className={classes.bubble}>
        {message.photos.length > 0 && (
          <div className={classes.messagePhotos} data-count={message.photos.length}>
            {message.photos.map((photo, index) => (
              <a
                key={photo.id}
                href={photo.src}
                target="_blank"
                rel="noopener"
                className={classes.messagePhoto}
                data-testid="chat-message-photo"
              >
                <AdPhoto
                  photo={photo}
                  alt={t("chats.conversation.photoAlt", { number: index + 1 })}
                  sizes="(min-width: 62em) 320px, 70vw"
                />
              </a>
            ))}
          </div>
        )}
        {message.text && (
          <p className={classes.messageText} data-testid="chat-message-text">
            <MessageText text={message.text} origin={origin} />
          </p>
        )}
        <span className={classes.messageMeta}>
          <time dateTime={message.createdAt}>{time}</time>
          {message.isMine &&
            (isRead ? (
              <span className={classes.tick} data-read="" data-testid="chat-receipt" data-state="read">
                <IconChecks size={16} aria-hidden />
                <VisuallyHidden>{t("chats.conversation.read")}</VisuallyHidden>
              </span>
            ) : (
              <span className={classes.tick} data-testid="chat-receipt" data-state="sent">
                <IconCheck size={16} aria-hidden />
                <VisuallyHidden>{t("chats.conversation.sent")}</VisuallyHidden>
              </span>
            ))}
        </span>
      </div>
      {!message.isMine && <MessageWarnings kinds={message.warnings} />}
    </li>
  );
}
