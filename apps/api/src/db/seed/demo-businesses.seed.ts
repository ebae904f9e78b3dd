/**
 * Demo businesses (issue 15): a business page for each dealer and service seller of the demo ads,
 * of every kind, in Bishkek and Osh, with a generated logo and cover, working hours, a map point,
 * the seller's phone, and the seller's ads posted as the business. Idempotent: a seller who has a
 * business keeps it.
 */
import { type BusinessHours, type BusinessInputParsed, businessInputSchema } from "@unaa/contracts";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { FileStorage } from "../../lib/storage.ts";
import { toStoredAdPhoto } from "../../modules/photos/photos.repository.ts";
import { storeAdPhoto } from "../../modules/photos/photos.service.ts";
import type { Database } from "../client.ts";
import { adPhotos, ads, businesses, regions, towns, userPhones, users } from "../schema/index.ts";

interface DemoBusiness {
  seller: string;
  link: string;
  name: string;
  kind: BusinessInputParsed["kind"];
  description: string;
  /** Region slug and town slug. */
  place: [string, string];
  address: string;
  point: { lat: number; lng: number };
  hours: "office" | "shop" | "allDay" | "school";
  website?: string;
  instagram?: string;
  telegram?: string;
  isVerified: boolean;
  /** Logo colours: background and mark. */
  colors: [string, string];
}

export const demoBusinesses: DemoBusiness[] = [
  {
    seller: "Автосалон_Ала_Тоо",
    link: "ala-too-auto",
    name: "Автосалон «Ала-Тоо»",
    kind: "dealer",
    description:
      "Новые и подержанные автомобили с проверенной историей. Трейд-ин, кредит и лизинг, гарантия на каждый автомобиль.\nПоможем с постановкой на учёт.",
    place: ["bishkek", "sverdlovsky"],
    address: "пр. Жибек Жолу, 555",
    point: { lat: 42.8818, lng: 74.6326 },
    hours: "shop",
    website: "https://ala-too-auto.kg",
    instagram: "alatoo.auto",
    telegram: "alatoo_auto",
    isVerified: true,
    colors: ["#1c7ed6", "#ffffff"],
  },
  {
    seller: "Ош_Моторс",
    link: "osh-motors",
    name: "Ош Моторс",
    kind: "dealer",
    description: "Автомобили из Кореи и Японии под заказ и в наличии. Доставка по всему югу Кыргызстана.",
    place: ["osh-city", "osh"],
    address: "ул. Ленина, 221",
    point: { lat: 40.5283, lng: 72.7985 },
    hours: "shop",
    instagram: "osh.motors",
    isVerified: false,
    colors: ["#e8590c", "#fff4e6"],
  },
  {
    seller: "Korea_Auto_KG",
    link: "korea-auto",
    name: "Korea Auto KG",
    kind: "dealer",
    description: "Hyundai, Kia, Chevrolet from Korea: inspected, with documents, customs cleared.",
    place: ["bishkek", "pervomaisky"],
    address: "ул. Фучика, 3",
    point: { lat: 42.8594, lng: 74.5572 },
    hours: "office",
    website: "https://korea-auto.kg",
    isVerified: true,
    colors: ["#c2255c", "#ffffff"],
  },
  {
    seller: "Бишкек_Трак_Центр",
    link: "bishkek-truck-center",
    name: "Бишкек Трак Центр",
    kind: "parts",
    description: "Запчасти для грузовиков и спецтехники: КамАЗ, МАЗ, Howo, Shacman. Подбор по VIN.",
    place: ["bishkek", "leninsky"],
    address: "ул. Токтоналиева, 15",
    point: { lat: 42.8437, lng: 74.5463 },
    hours: "office",
    telegram: "bishkek_truck",
    isVerified: false,
    colors: ["#495057", "#ffd43b"],
  },
  {
    seller: "Мото_Центр_KG",
    link: "moto-center",
    name: "Мото Центр KG",
    kind: "rental",
    description: "Прокат мотоциклов и квадроциклов на день и на неделю. Шлемы и экипировка включены.",
    place: ["bishkek", "oktyabrsky"],
    address: "ул. Ахунбаева, 98",
    point: { lat: 42.8436, lng: 74.6213 },
    hours: "shop",
    instagram: "motocenter.kg",
    isVerified: false,
    colors: ["#2f9e44", "#ebfbee"],
  },
  {
    seller: "Автосервис_Жолчу",
    link: "zholchu-service",
    name: "Автосервис «Жолчу»",
    kind: "service_station",
    description: "Диагностика, ремонт двигателей и ходовой, развал-схождение. Работаем без выходных.",
    place: ["bishkek", "sverdlovsky"],
    address: "ул. Анкара, 1/7",
    point: { lat: 42.8281, lng: 74.6148 },
    hours: "office",
    isVerified: true,
    colors: ["#0c8599", "#e3fafc"],
  },
  {
    seller: "Автомойка_Тазалык",
    link: "tazalyk",
    name: "Автомойка «Тазалык»",
    kind: "other",
    description: "Бесконтактная мойка, химчистка салона, полировка кузова.",
    place: ["osh-city", "osh"],
    address: "ул. Масалиева, 40",
    point: { lat: 40.5143, lng: 72.8161 },
    hours: "allDay",
    isVerified: false,
    colors: ["#4263eb", "#edf2ff"],
  },
  {
    seller: "Эвакуатор_24_KG",
    link: "evakuator-24",
    name: "Эвакуатор 24/7",
    kind: "tow",
    description: "Эвакуатор по Бишкеку и всему Кыргызстану круглосуточно. Приедем за 30 минут.",
    place: ["bishkek", "leninsky"],
    address: "ул. Льва Толстого, 36",
    point: { lat: 42.8673, lng: 74.5844 },
    hours: "allDay",
    telegram: "evakuator24kg",
    isVerified: true,
    colors: ["#f08c00", "#212529"],
  },
  {
    seller: "Шиномонтаж_Жибек_Жолу",
    link: "zhibek-zholu-tyres",
    name: "Шины и диски «Жибек Жолу»",
    kind: "parts",
    description: "Шины и диски в наличии и под заказ, шиномонтаж, хранение сезонной резины.",
    place: ["osh-city", "osh"],
    address: "ул. Курманжан Датки, 271",
    point: { lat: 40.5061, lng: 72.7937 },
    hours: "shop",
    isVerified: false,
    colors: ["#212529", "#f8f9fa"],
  },
  {
    seller: "Автошкола_Ыссык_Көл",
    link: "ysyk-kol-driving-school",
    name: "Автошкола «Ысык-Көл»",
    kind: "driving_school",
    description:
      "Обучение на категории B и C. Занятия на кыргызском и русском языках, помощь со сдачей экзамена.",
    place: ["bishkek", "oktyabrsky"],
    address: "пр. Манаса, 101",
    point: { lat: 42.8577, lng: 74.5985 },
    hours: "school",
    instagram: "ysykkol.school",
    isVerified: false,
    colors: ["#7048e8", "#f3f0ff"],
  },
];

const hoursByKind: Record<DemoBusiness["hours"], BusinessHours> = {
  office: {
    mon: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
    tue: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
    wed: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
    thu: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
    fri: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
    sat: { open: "10:00", close: "15:00", breakStart: null, breakEnd: null },
    sun: null,
  },
  shop: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [
      day,
      { open: "09:00", close: day === "sun" ? "17:00" : "20:00", breakStart: null, breakEnd: null },
    ]),
  ) as BusinessHours,
  allDay: Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [
      day,
      { open: "00:00", close: "24:00", breakStart: null, breakEnd: null },
    ]),
  ) as BusinessHours,
  school: {
    mon: { open: "08:00", close: "20:00", breakStart: "12:00", breakEnd: "13:00" },
    tue: { open: "08:00", close: "20:00", breakStart: "12:00", breakEnd: "13:00" },
    wed: { open: "08:00", close: "20:00", breakStart: "12:00", breakEnd: "13:00" },
    thu: { open: "08:00", close: "20:00", breakStart: "12:00", breakEnd: "13:00" },
    fri: { open: "08:00", close: "20:00", breakStart: "12:00", breakEnd: "13:00" },
    sat: { open: "09:00", close: "14:00", breakStart: null, breakEnd: null },
    sun: null,
  },
};

/** A simple geometric logo (no text: no fonts needed), 512 px square. */
function logoSvg([background, mark]: [string, string], index: number): string {
  const shapes = [
    `<circle cx="256" cy="256" r="150" fill="none" stroke="${mark}" stroke-width="48"/>`,
    `<rect x="126" y="126" width="260" height="260" rx="40" fill="none" stroke="${mark}" stroke-width="44" transform="rotate(45 256 256)"/>`,
    `<path d="M96 340 L256 140 L416 340 Z" fill="none" stroke="${mark}" stroke-width="44" stroke-linejoin="round"/>`,
    `<circle cx="186" cy="256" r="90" fill="${mark}"/><circle cx="326" cy="256" r="90" fill="none" stroke="${mark}" stroke-width="36"/>`,
    `<rect x="120" y="200" width="272" height="112" rx="56" fill="${mark}"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="${background}"/>${shapes[index % shapes.length]}</svg>`;
}

/** A wide cover: a diagonal gradient of the logo's colour with soft hills. */
function coverSvg([background]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="#212529"/></linearGradient></defs><rect width="1600" height="400" fill="url(#g)"/><path d="M0 330 Q 300 220 600 300 T 1200 280 T 1600 300 V400 H0 Z" fill="#ffffff" fill-opacity="0.15"/><path d="M0 370 Q 400 300 800 350 T 1600 340 V400 H0 Z" fill="#ffffff" fill-opacity="0.2"/></svg>`;
}

async function storeGenerated(
  db: Database,
  storage: FileStorage,
  userId: number,
  svg: string,
  businessId: number,
) {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const row = await storeAdPhoto(db, storage, userId, png);
  await db.update(adPhotos).set({ businessId }).where(eq(adPhotos.id, row.id));
  return toStoredAdPhoto(row);
}

/** Seeds the demo businesses; answers how many were created. */
export async function seedDemoBusinesses(db: Database, storage: FileStorage): Promise<number> {
  let created = 0;
  for (const [index, demo] of demoBusinesses.entries()) {
    const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.username, demo.seller));
    if (!seller) continue;
    const [existing] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.ownerId, seller.id));
    if (existing) continue;
    const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.slug, demo.place[0]));
    if (!region) continue;
    const [town] = await db
      .select({ id: towns.id })
      .from(towns)
      .where(and(eq(towns.regionId, region.id), eq(towns.slug, demo.place[1])));
    const phoneIds = (
      await db.select({ id: userPhones.id }).from(userPhones).where(eq(userPhones.userId, seller.id))
    ).map((phone) => phone.id);
    // Checked by the API's own schema: demo data obeys the rules users do.
    const input = businessInputSchema.parse({
      link: demo.link,
      name: demo.name,
      kind: demo.kind,
      description: demo.description,
      regionId: region.id,
      townId: town?.id ?? null,
      address: demo.address,
      point: demo.point,
      phoneIds,
      hours: hoursByKind[demo.hours],
      website: demo.website ?? null,
      socials: { instagram: demo.instagram ?? null, telegram: demo.telegram ?? null },
    });
    const [business] = await db
      .insert(businesses)
      .values({
        ownerId: seller.id,
        link: input.link,
        name: input.name,
        kind: input.kind,
        description: input.description,
        regionId: input.regionId,
        townId: input.townId,
        address: input.address,
        lat: input.point?.lat ?? null,
        lng: input.point?.lng ?? null,
        phoneIds: input.phoneIds,
        hours: input.hours as BusinessHours,
        website: input.website,
        socials: input.socials,
        isVerified: demo.isVerified,
      })
      .returning({ id: businesses.id });
    if (!business) continue;
    const logo = await storeGenerated(db, storage, seller.id, logoSvg(demo.colors, index), business.id);
    const cover = await storeGenerated(db, storage, seller.id, coverSvg(demo.colors), business.id);
    await db.update(businesses).set({ logo, cover }).where(eq(businesses.id, business.id));
    // The seller's ads are posted as the business.
    await db
      .update(ads)
      .set({ businessId: business.id })
      .where(and(eq(ads.userId, seller.id)));
    created += 1;
  }
  return created;
}
