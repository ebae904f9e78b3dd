/**
 * The ad's YouTube video: a poster with a play button until asked, then the privacy-enhanced
 * player (youtube-nocookie.com), so a page view never loads YouTube by itself.
 */
import { UnstyledButton } from "@mantine/core";
import { IconPlayerPlayFilled } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./ad-page.module.css";

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The video id of a YouTube address (watch, youtu.be, embed, shorts, live), or null. */
export function youtubeId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^(www|m|music)\./, "");
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = parsed.pathname.split("/")[1];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [first, second] = parsed.pathname.split("/").slice(1);
    id =
      first === "watch"
        ? parsed.searchParams.get("v")
        : ["embed", "shorts", "live", "v"].includes(first ?? "")
          ? second
          : null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export function AdVideo({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [isPlaying, setPlaying] = useState(false);
  const id = youtubeId(url);
  if (!id) return null;
  return (
    <div className={classes.video} data-testid="ad-video">
      {isPlaying ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
          title={t("adPage.video.title", { title })}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <UnstyledButton className={classes.videoPoster} onClick={() => setPlaying(true)}>
          <span className={classes.play}>
            <IconPlayerPlayFilled size={26} aria-hidden />
          </span>
          {t("adPage.video.play")}
        </UnstyledButton>
      )}
    </div>
  );
}
