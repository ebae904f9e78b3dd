import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Badge, Button, Progress, Stack, Text, Tooltip } from "@mantine/core";
import { IconPhoto, IconPhotoPlus, IconRefresh, IconStar, IconTrash } from "@tabler/icons-react";
import { type AdPhoto, adPhotoMaxBytes, adPhotosMax } from "@unaa/contracts";
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCodeText } from "../../lib/error-code-text.ts";
import { useErrorMessages } from "../../lib/error-messages.ts";
import { HttpError } from "../../lib/http-client.ts";
import { checkPhotoFile, deletePhoto, photoAccept, uploadPhoto } from "../../lib/photo-upload.ts";
import { useLocale } from "../../lib/use-locale.ts";
import classes from "./photo-uploader.module.css";

/** Uploads at once; more wait their turn so a phone's connection is not split twenty ways. */
const parallelUploads = 3;

interface PendingPhoto {
  key: string;
  file: File;
  /** A local preview of the file (HEIC has none in most browsers: an icon shows then). */
  preview: string;
  status: "queued" | "uploading" | "failed";
  progress: number;
  /** Why the upload failed; null for a file refused before it (its problem's message is shown). */
  error: string | null;
}

export interface PhotoUploaderProps {
  photos: AdPhoto[];
  /** Gets a function of the current list, as React's state setters do: uploads finish at any time. */
  onPhotosChange: (update: (photos: AdPhoto[]) => AdPhoto[]) => void;
  /** Whether a removed photo is deleted on the server (a new ad's), or only left out (an ad's own). */
  deleteOnRemove: boolean;
  error?: string | undefined;
}

let pendingKeys = 0;

/**
 * The photo step: pick or drop up to 20 photos; each uploads at once with its own progress bar,
 * can be dragged (mouse, touch or keyboard) into place, made the cover, removed or, after a
 * failure, retried. The first photo is the cover.
 */
export function PhotoUploader({ photos, onPhotosChange, deleteOnRemove, error }: PhotoUploaderProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorMessages = useErrorMessages();
  const dndId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [isDropTarget, setDropTarget] = useState(false);
  /** Uploads already started, so a second run of the effect never starts one twice. */
  const started = useRef(new Set<string>());
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const update = (key: string, patch: Partial<PendingPhoto>) =>
    setPending((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  /** The message of a file refused before upload (too large, not an image). */
  const problemMessage = (file: File): string | null => {
    const problem = checkPhotoFile(file);
    return problem && errorMessages ? errorMessages[problem] : null;
  };

  const problemText = (failure: unknown): string => {
    if (failure instanceof HttpError) return errorCodeText(failure, locale);
    return t("auth.error.network");
  };

  // Starts queued uploads while fewer than `parallelUploads` run.
  useEffect(() => {
    const running = pending.filter((item) => item.status === "uploading").length;
    const next = pending.filter((item) => item.status === "queued").slice(0, parallelUploads - running);
    for (const item of next) {
      if (started.current.has(item.key)) continue;
      started.current.add(item.key);
      update(item.key, { status: "uploading", progress: 0 });
      uploadPhoto(item.file, (progress) => update(item.key, { progress })).then(
        (photo) => {
          URL.revokeObjectURL(item.preview);
          setPending((list) => list.filter((other) => other.key !== item.key));
          onPhotosChange((current) => [...current, photo]);
        },
        (failure: unknown) => {
          started.current.delete(item.key);
          update(item.key, { status: "failed", error: problemText(failure) });
        },
      );
    }
  });

  const addFiles = (files: readonly File[]) => {
    setNotice(null);
    const room = adPhotosMax - photos.length - pending.length;
    const added: PendingPhoto[] = files.slice(0, Math.max(0, room)).map((file) => {
      const problem = checkPhotoFile(file);
      return {
        key: `photo-${++pendingKeys}`,
        file,
        preview: URL.createObjectURL(file),
        status: problem ? "failed" : "queued",
        progress: 0,
        error: null,
      };
    });
    if (files.length > added.length) setNotice(t("adForm.photos.tooMany", { max: adPhotosMax }));
    setPending((list) => [...list, ...added]);
  };

  const removePending = (item: PendingPhoto) => {
    URL.revokeObjectURL(item.preview);
    setPending((list) => list.filter((other) => other.key !== item.key));
  };

  const removePhoto = (photo: AdPhoto) => {
    onPhotosChange((current) => current.filter((other) => other.id !== photo.id));
    // A photo left on the server unattached is cleaned up there later; no need to wait or warn.
    if (deleteOnRemove) deletePhoto(photo.id).catch(() => undefined);
  };

  const makeCover = (photo: AdPhoto) =>
    onPhotosChange((current) => [photo, ...current.filter((other) => other.id !== photo.id)]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onPhotosChange((current) => {
      const from = current.findIndex((photo) => photo.id === active.id);
      const to = current.findIndex((photo) => photo.id === over.id);
      return from < 0 || to < 0 ? current : arrayMove(current, from, to);
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropTarget(false);
    addFiles([...event.dataTransfer.files]);
  };

  const positionOf = (id: unknown) => photos.findIndex((photo) => photo.id === id) + 1;
  const announcement = (key: string) => (args: { active: { id: unknown }; over?: { id: unknown } | null }) =>
    t(key, {
      from: positionOf(args.active.id),
      to: args.over ? positionOf(args.over.id) : positionOf(args.active.id),
      total: photos.length,
    });
  const isFull = photos.length + pending.length >= adPhotosMax;

  return (
    <Stack gap="md">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop area also has a button for keyboards */}
      <div
        className={classes.dropZone}
        data-active={isDropTarget || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDropTarget(true);
        }}
        onDragLeave={() => setDropTarget(false)}
        onDrop={onDrop}
        data-testid="photo-drop-zone"
      >
        <IconPhotoPlus size={36} stroke={1.4} className={classes.dropIcon} aria-hidden />
        <Text fw={600} ta="center">
          {t("adForm.photos.drop")}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {t("adForm.photos.rules", {
            max: adPhotosMax,
            size: Math.round(adPhotoMaxBytes / 1024 / 1024),
          })}
        </Text>
        <Button
          variant="light"
          leftSection={<IconPhotoPlus size={18} />}
          onClick={() => input.current?.click()}
          disabled={isFull}
          data-testid="photo-pick"
        >
          {t("adForm.photos.pick")}
        </Button>
        <input
          ref={input}
          type="file"
          accept={photoAccept}
          multiple
          hidden
          onChange={(event) => {
            addFiles([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = "";
          }}
          data-testid="photo-input"
        />
      </div>
      {notice && (
        <Text size="sm" c="orange" role="status">
          {notice}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="field-error-photoIds">
          {error}
        </Text>
      )}
      {photos.length > 1 && (
        <Text size="sm" c="dimmed">
          {t("adForm.photos.reorderHint")}
        </Text>
      )}
      <div className={classes.grid} data-testid="photo-grid">
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: t("adForm.photos.dnd.instructions") },
            announcements: {
              onDragStart: announcement("adForm.photos.dnd.start"),
              onDragOver: announcement("adForm.photos.dnd.over"),
              onDragEnd: announcement("adForm.photos.dnd.end"),
              onDragCancel: announcement("adForm.photos.dnd.cancel"),
            },
          }}
        >
          <SortableContext items={photos.map((photo) => photo.id)} strategy={rectSortingStrategy}>
            {photos.map((photo, index) => (
              <SortablePhoto
                key={photo.id}
                photo={photo}
                index={index}
                count={photos.length}
                onRemove={() => removePhoto(photo)}
                onMakeCover={() => makeCover(photo)}
              />
            ))}
          </SortableContext>
        </DndContext>
        {pending.map((item) => (
          <div key={item.key} className={classes.tile} data-testid="photo-pending" data-status={item.status}>
            <PreviewImage src={item.preview} />
            {item.status === "failed" ? (
              <div className={classes.failure} role="alert">
                <Text size="xs" fw={600} data-testid="photo-error">
                  {item.error ?? problemMessage(item.file)}
                </Text>
                <div className={classes.actions}>
                  {item.error !== null && !checkPhotoFile(item.file) && (
                    <TileAction
                      label={t("adForm.photos.retry")}
                      onClick={() => update(item.key, { status: "queued", error: null })}
                      testId="photo-retry"
                    >
                      <IconRefresh size={16} />
                    </TileAction>
                  )}
                  <TileAction
                    label={t("adForm.photos.remove")}
                    onClick={() => removePending(item)}
                    testId="photo-remove"
                  >
                    <IconTrash size={16} />
                  </TileAction>
                </div>
              </div>
            ) : (
              <div className={classes.progress}>
                <Progress
                  value={Math.round(item.progress * 100)}
                  size="sm"
                  animated={item.status === "uploading"}
                  aria-label={t("adForm.photos.uploading", { name: item.file.name })}
                  data-testid="photo-progress"
                />
              </div>
            )}
          </div>
        ))}
      </div>
    </Stack>
  );
}

function PreviewImage({ src }: { src: string }) {
  const [hasFailed, setFailed] = useState(false);
  if (hasFailed)
    return (
      <div className={classes.noPreview}>
        <IconPhoto size={32} stroke={1.3} aria-hidden />
      </div>
    );
  return <img src={src} alt="" className={classes.image} onError={() => setFailed(true)} />;
}

function SortablePhoto({
  photo,
  index,
  count,
  onRemove,
  onMakeCover,
}: {
  photo: AdPhoto;
  index: number;
  count: number;
  onRemove: () => void;
  onMakeCover: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: photo.id });
  const isCover = index === 0;
  return (
    <div
      ref={setNodeRef}
      className={classes.tile}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-dragging={isDragging || undefined}
      data-testid="photo-item"
      data-photo-id={photo.id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={t("adForm.photos.item", { position: index + 1, total: count })}
        data-testid="photo-handle"
      >
        <img
          src={photo.src}
          alt=""
          width={photo.width}
          height={photo.height}
          className={classes.image}
          style={{ backgroundImage: `url("${photo.placeholder}")` }}
          draggable={false}
        />
      </button>
      {isCover && (
        <Badge className={classes.cover} size="sm" variant="filled" data-testid="photo-cover">
          {t("adForm.photos.cover")}
        </Badge>
      )}
      <div className={classes.actions}>
        {!isCover && (
          <TileAction label={t("adForm.photos.makeCover")} onClick={onMakeCover} testId="photo-make-cover">
            <IconStar size={16} />
          </TileAction>
        )}
        <TileAction label={t("adForm.photos.remove")} onClick={onRemove} testId="photo-remove">
          <IconTrash size={16} />
        </TileAction>
      </div>
    </div>
  );
}

/** A round action on a photo tile, named by its tooltip. */
function TileAction({
  label,
  onClick,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="filled" color="dark" aria-label={label} onClick={onClick} data-testid={testId}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
