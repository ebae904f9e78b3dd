/**
 * The ad's photos: the current one large, thumbnails below, arrows, swipe on touch screens, ← and →
 * on the keyboard, and a full-screen viewer (Esc closes it). Only the photo on show is loaded at
 * full size; thumbnails take the 320-px size.
 */
import { ActionIcon, UnstyledButton } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconMaximize, IconX } from "@tabler/icons-react";
import type { AdPhoto as AdPhotoData, Vertical } from "@unaa/contracts";
import { type KeyboardEvent, lazy, Suspense, type TouchEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { verticalIcons } from "../../components/vertical-icons.ts";
import { useFocusBack } from "../../lib/use-focus-back.ts";
import classes from "./ad-page.module.css";

// The full-screen viewer's Modal (with its focus trap and scroll area, and floating-ui that the
// scroll area imports) loads when the photo stage is first pointed at or focused, not with the page.
const Modal = lazy(() => import("../../components/lazy-modal.ts"));

/** The stage is the page's main column: full width on phones, about 800 px beside the aside. */
const stageSizes = "(max-width: 62em) 100vw, 800px";
const SWIPE_MIN_PX = 40;

export interface AdGalleryProps {
  photos: readonly AdPhotoData[];
  title: string;
  vertical: Vertical;
}

/** ← and → step through the photos, wrapping around; returns whether the key was used. */
function stepForKey(key: string): -1 | 1 | 0 {
  if (key === "ArrowLeft") return -1;
  if (key === "ArrowRight") return 1;
  return 0;
}

/**
 * The strip's scroll offset that shows the whole thumbnail at `left` (from the strip's start, `width`
 * wide), moving as little as it can: unchanged when the thumbnail is already in view.
 */
export function stripOffsetFor(scrollLeft: number, stripWidth: number, left: number, width: number): number {
  if (left < scrollLeft) return left;
  if (left + width > scrollLeft + stripWidth) return left + width - stripWidth;
  return scrollLeft;
}

/** Swipe handlers: a horizontal move of at least SWIPE_MIN_PX steps one photo. */
function useSwipe(step: (delta: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
    },
  };
}

export function AdGallery({ photos, title, vertical }: AdGalleryProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [isFullScreen, setFullScreen] = useState(false);
  // The viewer is rendered (closed) from the first pointing at or focus on the stage, so its code is
  // there before it opens.
  const [isViewerMounted, setViewerMounted] = useState(false);
  if (isFullScreen && !isViewerMounted) setViewerMounted(true);
  const mountViewer = () => setViewerMounted(true);
  useFocusBack(isFullScreen);
  const thumbs = useRef<HTMLDivElement>(null);
  const count = photos.length;
  const step = (delta: -1 | 1) => setIndex((current) => (current + delta + count) % count);
  const swipe = useSwipe(step);
  const current = photos[index];

  // The chosen thumbnail scrolls into view inside the strip (it overflows on phones). Only the strip
  // moves: scrollIntoView would scroll the window too and open the page scrolled down (S2.11).
  useEffect(() => {
    const strip = thumbs.current;
    const thumb = strip?.children[index] as HTMLElement | undefined;
    if (!strip || !thumb) return;
    strip.scrollLeft = stripOffsetFor(
      strip.scrollLeft,
      strip.clientWidth,
      thumb.offsetLeft,
      thumb.offsetWidth,
    );
  }, [index]);

  // The full-screen viewer takes ← and → wherever the focus is inside it.
  useEffect(() => {
    if (!isFullScreen || count < 2) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const delta = stepForKey(event.key);
      if (delta === 0) return;
      event.preventDefault();
      setIndex((value) => (value + delta + count) % count);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [isFullScreen, count]);

  if (!current) {
    const Icon = verticalIcons[vertical];
    return (
      <div className={classes.stage} data-testid="ad-gallery">
        <div className={classes.noPhoto} role="img" aria-label={t("ads.card.noPhoto")}>
          <Icon size={96} stroke={1.1} />
        </div>
      </div>
    );
  }

  function onStageKey(event: KeyboardEvent) {
    const delta = stepForKey(event.key);
    if (delta !== 0 && count > 1) {
      event.preventDefault();
      step(delta);
    } else if (event.key === "Enter" && event.target === event.currentTarget) {
      // Enter on the stage itself; on an arrow (its keydown bubbles here) it is that button's click.
      event.preventDefault();
      setFullScreen(true);
    }
  }

  const position = t("adPage.gallery.position", { current: index + 1, count });
  const alt = `${title} — ${position}`;
  const arrows = count > 1 && (
    <>
      <ActionIcon
        className={`${classes.arrow} ${classes.arrowPrev}`}
        variant="default"
        radius="xl"
        size="xl"
        aria-label={t("adPage.gallery.previous")}
        onClick={(event) => {
          event.stopPropagation();
          step(-1);
        }}
      >
        <IconChevronLeft aria-hidden />
      </ActionIcon>
      <ActionIcon
        className={`${classes.arrow} ${classes.arrowNext}`}
        variant="default"
        radius="xl"
        size="xl"
        aria-label={t("adPage.gallery.next")}
        onClick={(event) => {
          event.stopPropagation();
          step(1);
        }}
      >
        <IconChevronRight aria-hidden />
      </ActionIcon>
    </>
  );

  return (
    <div data-testid="ad-gallery">
      {/* biome-ignore lint/a11y/useSemanticElements: a carousel region has no element of its own. */}
      <div
        className={classes.stage}
        role="region"
        aria-roledescription={t("adPage.gallery.carousel")}
        aria-label={t("adPage.gallery.label", { title })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the photos take ← and → when focused.
        tabIndex={0}
        onKeyDown={onStageKey}
        onPointerEnter={mountViewer}
        onFocus={mountViewer}
        data-testid="ad-gallery-stage"
        {...swipe}
      >
        <UnstyledButton
          className={classes.stageButton}
          onClick={() => setFullScreen(true)}
          aria-label={t("adPage.gallery.open")}
          tabIndex={-1}
        >
          <AdPhoto
            key={current.id}
            photo={current}
            alt={alt}
            sizes={stageSizes}
            priority={index === 0}
            fit="contain"
            className={classes.stagePhoto}
          />
        </UnstyledButton>
        {arrows}
        {count > 1 && (
          <span className={classes.counter} aria-live="polite" data-testid="ad-gallery-position">
            {position}
          </span>
        )}
        <ActionIcon
          className={classes.fullScreenButton}
          variant="default"
          radius="xl"
          size="lg"
          aria-label={t("adPage.gallery.open")}
          onClick={() => setFullScreen(true)}
          data-testid="ad-gallery-fullscreen"
        >
          <IconMaximize size={18} aria-hidden />
        </ActionIcon>
      </div>
      {count > 1 && (
        <div className={classes.thumbs} ref={thumbs}>
          {photos.map((photo, photoIndex) => (
            <UnstyledButton
              key={photo.id}
              className={classes.thumb}
              data-active={photoIndex === index || undefined}
              aria-current={photoIndex === index ? "true" : undefined}
              aria-label={t("adPage.gallery.show", { current: photoIndex + 1, count })}
              onClick={() => setIndex(photoIndex)}
            >
              <AdPhoto photo={photo} alt="" sizes="96px" />
            </UnstyledButton>
          ))}
        </div>
      )}
      {isViewerMounted && (
        <Suspense fallback={null}>
          <Modal
            opened={isFullScreen}
            onClose={() => setFullScreen(false)}
            fullScreen
            withCloseButton={false}
            padding={0}
            // The title names the dialog for screen readers; its header is hidden from sight.
            title={t("adPage.gallery.label", { title })}
            classNames={{ content: classes.viewer, body: classes.viewerBody, header: classes.viewerHeader }}
            transitionProps={{ duration: 0 }}
            returnFocus={false}
          >
            <div className={classes.viewerStage} data-testid="ad-gallery-viewer" {...swipe}>
              <AdPhoto
                key={current.id}
                photo={current}
                alt={alt}
                sizes="100vw"
                fit="contain"
                className={classes.viewerPhoto}
              />
              {arrows}
              {count > 1 && <span className={classes.counter}>{position}</span>}
              <ActionIcon
                className={classes.viewerClose}
                variant="default"
                radius="xl"
                size="xl"
                aria-label={t("adPage.gallery.close")}
                onClick={() => setFullScreen(false)}
                data-autofocus
              >
                <IconX aria-hidden />
              </ActionIcon>
            </div>
          </Modal>
        </Suspense>
      )}
    </div>
  );
}
