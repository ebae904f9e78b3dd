import { businessInputSchema } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import {
  businessFormValuesOf,
  businessInputOf,
  emptyBusinessFormValues,
  formFieldOf,
} from "./business-form-values.ts";

describe("[P8] the business form's values", () => {
  it("[P8] make a body the API schema accepts: closed days null, breaks only when chosen", () => {
    const values = {
      ...emptyBusinessFormValues(),
      link: "avto-plus",
      name: "Avto Plus",
      regionId: "3",
      instagram: "@avto",
    };
    values.hours.mon = { ...values.hours.mon, hasBreak: true };
    const input = businessInputOf(values);
    const parsed = businessInputSchema.parse(input);
    expect(parsed.hours.mon).toEqual({
      open: "09:00",
      close: "18:00",
      breakStart: "13:00",
      breakEnd: "14:00",
    });
    expect(parsed.hours.tue?.breakStart).toBeNull();
    expect(parsed.hours.sun).toBeNull();
    expect(parsed.socials).toEqual({ instagram: "avto", telegram: null, whatsapp: null, facebook: null });
    expect(parsed.regionId).toBe(3);
  });

  it("[P8] come back from the saved business as they went", () => {
    const values = { ...emptyBusinessFormValues(), link: "avto-plus", name: "Avto Plus", regionId: "3" };
    const input = businessInputSchema.parse(businessInputOf(values));
    const saved = {
      ...input,
      id: 1,
      logo: null,
      cover: null,
      isOpenNow: false,
      isVerified: false,
      ownerId: 1,
      phoneCount: 0,
      createdAt: "",
      updatedAt: "",
    };
    expect(businessFormValuesOf(saved)).toEqual(values);
  });

  it("[P8] API field errors land on the form's fields", () => {
    expect(formFieldOf("socials.telegram")).toBe("telegram");
    expect(formFieldOf("hours.mon.breakEnd")).toBe("hours.mon.breakEnd");
    expect(formFieldOf("point.lat")).toBe("point");
    expect(formFieldOf("logoPhotoId")).toBe("logo");
    expect(formFieldOf("phoneIds.1")).toBe("phoneIds");
  });
});
