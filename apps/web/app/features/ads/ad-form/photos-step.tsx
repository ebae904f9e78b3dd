import { PhotoUploader } from "../photo-uploader.tsx";
import type { AdFormStepProps } from "./ad-form-fields.tsx";
import type { AdFormState } from "./use-ad-form.ts";

/** The photos: uploaded at once, in the order the seller gives them; the first is the cover. */
export function PhotosStep({
  values,
  errorOf,
  changePhotos,
  isEdit,
}: Pick<AdFormStepProps, "values" | "errorOf"> & Pick<AdFormState, "changePhotos" | "isEdit">) {
  return (
    <PhotoUploader
      photos={values.photos}
      onPhotosChange={changePhotos}
      // A new ad's photo taken out is deleted; an ad's own is only left out (until the edit is saved).
      deleteOnRemove={!isEdit}
      error={errorOf("photoIds")}
    />
  );
}
