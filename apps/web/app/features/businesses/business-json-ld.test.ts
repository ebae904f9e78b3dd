import type { Business } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import { businessJsonLd } from "./business-json-ld.ts";

const business: Business = {
  id: 1,
  link: "zholchu",
  name: "Zholchu",
  kind: "service_station",
  description: "Repairs",
  logo: null,
  cover: null,
  regionId: 1,
  townId: null,
  address: "Ankara 1",
  point: { lat: 42.8, lng: 74.6 },
  hours: {
    mon: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
    tue: null,
    wed: null,
    thu: null,
    fri: null,
    sat: { open: "10:00", close: "15:00", breakStart: null, breakEnd: null },
    sun: null,
  },
  isOpenNow: false,
  website: "https://zholchu.kg",
  socials: { instagram: "zholchu", telegram: null, whatsapp: "+996700000001", facebook: null },
  isVerified: true,
  ownerId: 5,
  phoneCount: 1,
  createdAt: "",
  updatedAt: "",
};

describe("[S1.3] a business page's structured data", () => {
  it("[S1.3] is AutoRepair for a service station, with its address, point, hours (a break splits a day) and links", () => {
    const data = businessJsonLd(business, {
      url: "https://unaa.kg/business/zholchu",
      origin: "https://unaa.kg",
      locality: "",
      region: "Бишкек",
    });
    expect(data["@type"]).toBe("AutoRepair");
    expect(data.geo).toEqual({ "@type": "GeoCoordinates", latitude: 42.8, longitude: 74.6 });
    expect(data.address).toMatchObject({
      streetAddress: "Ankara 1",
      addressRegion: "Бишкек",
      addressCountry: "KG",
    });
    expect(data.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "Monday", opens: "09:00", closes: "13:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "Monday", opens: "14:00", closes: "18:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "Saturday", opens: "10:00", closes: "15:00" },
    ]);
    expect(data.sameAs).toEqual([
      "https://zholchu.kg",
      "https://instagram.com/zholchu",
      "https://wa.me/996700000001",
    ]);
    expect(
      businessJsonLd({ ...business, kind: "dealer" }, { url: "", origin: "", locality: "", region: "" })[
        "@type"
      ],
    ).toBe("AutoDealer");
    expect(
      businessJsonLd({ ...business, kind: "tow" }, { url: "", origin: "", locality: "", region: "" })[
        "@type"
      ],
    ).toBe("LocalBusiness");
  });
});
