/** The business form's values and the API body they make (and back, from the owner's business). */
import {
  type AdPhoto,
  type BusinessInput,
  type BusinessKind,
  type OwnBusiness,
  type Weekday,
  weekdays,
} from "@unaa/contracts";

export interface DayValues {
  isOpen: boolean;
  open: string;
  close: string;
  hasBreak: boolean;
  breakStart: string;
  breakEnd: string;
}

export type BusinessFormValues = {
  link: string;
  name: string;
  kind: BusinessKind;
  description: string;
  logo: AdPhoto | null;
  cover: AdPhoto | null;
  regionId: string | null;
  townId: string | null;
  address: string;
  point: { lat: number; lng: number } | null;
  phoneIds: string[];
  hours: Record<Weekday, DayValues>;
  website: string;
  instagram: string;
  telegram: string;
  whatsapp: string;
  facebook: string;
};

const workday: DayValues = {
  isOpen: true,
  open: "09:00",
  close: "18:00",
  hasBreak: false,
  breakStart: "13:00",
  breakEnd: "14:00",
};

export function emptyBusinessFormValues(): BusinessFormValues {
  return {
    link: "",
    name: "",
    kind: "dealer",
    description: "",
    logo: null,
    cover: null,
    regionId: null,
    townId: null,
    address: "",
    point: null,
    phoneIds: [],
    hours: Object.fromEntries(
      weekdays.map((day) => [day, { ...workday, isOpen: day !== "sat" && day !== "sun" }]),
    ) as Record<Weekday, DayValues>,
    website: "",
    instagram: "",
    telegram: "",
    whatsapp: "",
    facebook: "",
  };
}

export function businessFormValuesOf(business: OwnBusiness): BusinessFormValues {
  return {
    link: business.link,
    name: business.name,
    kind: business.kind,
    description: business.description,
    logo: business.logo,
    cover: business.cover,
    regionId: String(business.regionId),
    townId: business.townId === null ? null : String(business.townId),
    address: business.address,
    point: business.point,
    phoneIds: business.phoneIds.map(String),
    hours: Object.fromEntries(
      weekdays.map((day) => {
        const hours = business.hours[day];
        return [
          day,
          hours
            ? {
                isOpen: true,
                open: hours.open,
                close: hours.close,
                hasBreak: hours.breakStart !== null,
                breakStart: hours.breakStart ?? workday.breakStart,
                breakEnd: hours.breakEnd ?? workday.breakEnd,
              }
            : { ...workday, isOpen: false },
        ];
      }),
    ) as Record<Weekday, DayValues>,
    website: business.website ?? "",
    instagram: business.socials.instagram ?? "",
    telegram: business.socials.telegram ?? "",
    whatsapp: business.socials.whatsapp ?? "",
    facebook: business.socials.facebook ?? "",
  };
}

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());

export function businessInputOf(values: BusinessFormValues): BusinessInput {
  return {
    link: values.link.trim(),
    name: values.name.trim(),
    kind: values.kind,
    description: values.description.trim(),
    logoPhotoId: values.logo?.id ?? null,
    coverPhotoId: values.cover?.id ?? null,
    regionId: Number(values.regionId ?? 0),
    townId: values.townId === null ? null : Number(values.townId),
    address: values.address.trim(),
    point: values.point,
    phoneIds: values.phoneIds.map(Number),
    hours: Object.fromEntries(
      weekdays.map((day) => {
        const hours = values.hours[day];
        return [
          day,
          hours.isOpen
            ? {
                open: hours.open,
                close: hours.close,
                breakStart: hours.hasBreak ? hours.breakStart : null,
                breakEnd: hours.hasBreak ? hours.breakEnd : null,
              }
            : null,
        ];
      }),
    ) as BusinessInput["hours"],
    website: orNull(values.website),
    socials: {
      instagram: orNull(values.instagram),
      telegram: orNull(values.telegram),
      whatsapp: orNull(values.whatsapp),
      facebook: orNull(values.facebook),
    },
  };
}

/** An API error path as the form's field: `socials.instagram` → `instagram`, `logoPhotoId` → `logo`. */
export function formFieldOf(path: string): string {
  if (path.startsWith("socials.")) return path.slice("socials.".length);
  if (path === "logoPhotoId") return "logo";
  if (path === "coverPhotoId") return "cover";
  if (path.startsWith("point")) return "point";
  if (path.startsWith("phoneIds")) return "phoneIds";
  return path;
}
