import { adPhotoMaxBytes } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import { checkPhotoFile } from "./photo-upload.ts";

describe("photos checked before upload", () => {
  it("takes JPEG, PNG, WebP and HEIC (by type, or by name when the browser gives none) up to 15 MB", () => {
    expect(checkPhotoFile({ name: "a.jpg", type: "image/jpeg", size: 1000 })).toBeNull();
    expect(checkPhotoFile({ name: "IMG_0001.HEIC", type: "", size: 1000 })).toBeNull();
    expect(checkPhotoFile({ name: "b.webp", type: "image/webp", size: adPhotoMaxBytes })).toBeNull();
    expect(checkPhotoFile({ name: "c.gif", type: "image/gif", size: 1000 })).toBe("IMAGE_UNSUPPORTED");
    expect(checkPhotoFile({ name: "notes.txt", type: "", size: 10 })).toBe("IMAGE_UNSUPPORTED");
    expect(checkPhotoFile({ name: "d.png", type: "image/png", size: adPhotoMaxBytes + 1 })).toBe(
      "IMAGE_TOO_LARGE",
    );
  });
});
