/**
 * Photo uploads (the ad form, chat messages): the checks made before a file is sent (the server
 * checks again, by content), the upload with its progress, and removal.
 */
import { type AdPhoto, adPhotoMaxBytes, type PhotoPurpose } from "@unaa/contracts";
import { api } from "./app-state.ts";
import { xhrTransport } from "./xhr-transport.ts";

/** What the file picker offers; HEIC is what iPhones shoot. */
export const photoAccept = "image/jpeg,image/png,image/webp,image/heic,image/heif";
const acceptedTypes = new Set(photoAccept.split(","));
/** Some browsers give HEIC files no type: their name tells. */
const acceptedExtensions = /\.(jpe?g|png|webp|heic|heif)$/i;

/** Why a file is refused before upload: the same codes the server answers with (415, 413). */
export type PhotoFileProblem = "IMAGE_UNSUPPORTED" | "IMAGE_TOO_LARGE";

export function checkPhotoFile(file: Pick<File, "name" | "type" | "size">): PhotoFileProblem | null {
  const isImage = file.type ? acceptedTypes.has(file.type) : acceptedExtensions.test(file.name);
  if (!isImage) return "IMAGE_UNSUPPORTED";
  return file.size > adPhotoMaxBytes ? "IMAGE_TOO_LARGE" : null;
}

/**
 * `POST /api/photos` (multipart, one part `file`); `onProgress` gets the share sent, 0–1. A chat
 * message's photo is uploaded `for: "chat"`: only the chat's members can see it (decision 059).
 */
export function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  options: { signal?: AbortSignal; purpose?: PhotoPurpose } = {},
) {
  const body = new FormData();
  body.append("file", file);
  const query = options.purpose === "chat" ? "?for=chat" : "";
  return api.post<AdPhoto>(`/api/photos${query}`, body, {
    transport: xhrTransport(onProgress),
    silent: true,
    signal: options.signal,
  });
}

/** Deletes an uploaded photo that no published ad shows yet. */
export function deletePhoto(id: number): Promise<void> {
  return api.del<void>(`/api/photos/${id}`, { silent: true });
}
