import { Box, Button, Group, Slider, Stack, Text } from "@mantine/core";
import { IconZoomIn, IconZoomOut } from "@tabler/icons-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CONTROL_SIZE } from "../../theme.ts";
import {
  AVATAR_OUTPUT_SIZE,
  type CropView,
  clampView,
  imageRect,
  MAX_ZOOM,
  sourceSquare,
} from "./avatar-crop.ts";

const VIEWPORT = 280;
const KEY_STEP = 10;

/** Draws the cropped square into a 512 px canvas and hands it back as WebP (JPEG where unsupported). */
function exportCrop(image: HTMLImageElement, view: CropView): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = AVATAR_OUTPUT_SIZE;
  canvas.height = AVATAR_OUTPUT_SIZE;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("Canvas 2D is not available"));
  const { x, y, side } = sourceSquare(view);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, x, y, side, side, 0, 0, AVATAR_OUTPUT_SIZE, AVATAR_OUTPUT_SIZE);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The crop could not be encoded"))),
      "image/webp",
      0.9,
    );
  });
}

/**
 * A square crop in the browser: the picture is dragged (mouse, finger or arrow keys) and zoomed
 * (slider or wheel) under a round frame; the result is a 512 px square image.
 */
export function AvatarCropper({
  image,
  onCancel,
  onCropped,
  isSaving,
}: {
  image: HTMLImageElement;
  onCancel: () => void;
  onCropped: (blob: Blob) => void;
  isSaving: boolean;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const [view, setView] = useState<CropView>(() => ({
    size: VIEWPORT,
    imageWidth: image.naturalWidth,
    imageHeight: image.naturalHeight,
    zoom: 1,
    offsetX: 0,
    offsetY: 0,
  }));

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = VIEWPORT * ratio;
    canvas.height = VIEWPORT * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, VIEWPORT, VIEWPORT);
    const rect = imageRect(view);
    context.drawImage(image, rect.left, rect.top, rect.width, rect.height);
    // Dim what falls outside the round avatar.
    context.fillStyle = "rgba(0, 0, 0, 0.45)";
    context.beginPath();
    context.rect(0, 0, VIEWPORT, VIEWPORT);
    context.arc(VIEWPORT / 2, VIEWPORT / 2, VIEWPORT / 2, 0, Math.PI * 2, true);
    context.fill("evenodd");
  }, [image, view]);

  const update = (patch: Partial<CropView>) => setView((current) => clampView({ ...current, ...patch }));

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    setView((current) =>
      clampView({ ...current, offsetX: current.offsetX + dx, offsetY: current.offsetY + dy }),
    );
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      update({ offsetX: view.offsetX + move[0], offsetY: view.offsetY + move[1] });
    } else if (event.key === "+" || event.key === "=") update({ zoom: view.zoom + 0.1 });
    else if (event.key === "-") update({ zoom: view.zoom - 0.1 });
  };

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      setView((current) =>
        clampView({ ...current, zoom: current.zoom * (event.deltaY < 0 ? 1.08 : 1 / 1.08) }),
      );
    };
    canvas.addEventListener("wheel", onWheel, { passive: false });
    return () => canvas.removeEventListener("wheel", onWheel);
  }, []);

  return (
    <Stack gap="md" align="center">
      <Text size="sm" c="dimmed" ta="center">
        {t("auth.avatar.cropHint")}
      </Text>
      <Box
        component="canvas"
        ref={canvasRef}
        tabIndex={0}
        role="img"
        aria-label={t("auth.avatar.cropArea")}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        style={{
          width: VIEWPORT,
          height: VIEWPORT,
          borderRadius: "var(--mantine-radius-md)",
          cursor: "grab",
          touchAction: "none",
          background: "var(--mantine-color-default-hover)",
        }}
        data-testid="avatar-crop"
      />
      <Group gap="xs" w="100%" maw={VIEWPORT} wrap="nowrap">
        <IconZoomOut size={18} aria-hidden />
        <Slider
          flex={1}
          min={1}
          max={MAX_ZOOM}
          step={0.01}
          value={view.zoom}
          onChange={(zoom) => update({ zoom })}
          label={null}
          thumbLabel={t("auth.avatar.zoom")}
          data-testid="avatar-zoom"
        />
        <IconZoomIn size={18} aria-hidden />
      </Group>
      <Group justify="flex-end" w="100%">
        <Button variant="default" onClick={onCancel} disabled={isSaving}>
          {t("auth.common.cancel")}
        </Button>
        <Button
          size={CONTROL_SIZE}
          loading={isSaving}
          onClick={() => void exportCrop(image, view).then(onCropped)}
          data-testid="avatar-save"
        >
          {t("auth.avatar.save")}
        </Button>
      </Group>
    </Stack>
  );
}
