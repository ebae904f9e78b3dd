/**
 * The data of an ad's page, loaded on the server: the ad as the viewer may see it (its owner and
 * moderators also see it pending, rejected, archived or sold; anyone else gets the 404 page), the
 * catalogue entries it points at, similar ads, and the texts of the document head.
 */
import type { WebServices } from "@unaa/api";
import {
  type Ad,
  type AdCard,
  type AdPriceChange,
  type Role,
  type Vertical,
  verticalDefinitions,
} from "@unaa/contracts";
import type { TrustCardProfile } from "../../components/trust-card.tsx";
import { getI18n, loadMessages, localeFromPath } from "../../lib/i18n.ts";
import { notFound } from "../../lib/not-found.ts";
import type { Crumb, DocumentHead } from "../../lib/page-handle.ts";
import type { ServerContext } from "../../server-context.ts";
import { localizeRestyling } from "../catalog/catalog-format.ts";
import { adPath, formatAdPrice } from "./ad-format.ts";

export type CatalogRefs = Awaited<ReturnType<WebServices["catalogService"]["findRefs"]>>;

export interface AdPageData {
  ad: Ad;
  refs: CatalogRefs;
  similar: AdCard[];
  /** Every price of the ad, oldest first (shown once it changed). */
  priceHistory: AdPriceChange[];
  /** The seller's trust card, read beside the ad's other data (no request of its own). */
  seller: TrustCardProfile;
  head: { title: string; description: string };
}

const META_DESCRIPTION_LENGTH = 160;

/** Cuts a text at a word boundary so it fits a meta description. */
export function shorten(text: string, max = META_DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export async function loadAdPage(
  request: Request,
  { services, viewer }: Pick<ServerContext, "services" | "viewer">,
  vertical: Vertical,
  id: number,
): Promise<AdPageData> {
  const adViewer = viewer ? { id: viewer.id, roles: viewer.roles as Role[] } : null;
  const page = await services.adsService.getAdPage(adViewer, id).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === "AD_NOT_FOUND") notFound(request);
    throw error;
  });
  let { ad } = page;
  // One address per ad: a car under /moto/{id} is no page.
  if (ad.vertical !== vertical) notFound(request);

  const refIds = (name: string) => {
    const value = ad.fields[name];
    return typeof value === "number" ? value : null;
  };
  const locale = localeFromPath(new URL(request.url).pathname);
  const [refs, seller] = await Promise.all([
    services.catalogService.findRefs({
      mark: refIds("mark"),
      model: refIds("model"),
      generation: refIds("generation"),
      complectation: refIds("complectation"),
    }),
    loadSeller(services, ad),
    loadMessages(locale),
  ]);
  const { t } = getI18n(locale);
  ad = { ...ad, title: localizeRestyling(t, ad.title) };
  const price = formatAdPrice(t, locale, ad);
  const title = ad.price > 0 ? `${ad.title} — ${price.main}` : ad.title;
  const description = shorten(
    [t(`page.${vertical}.title`), ad.title, price.main, ad.description].filter(Boolean).join(". "),
  );
  return {
    ad,
    refs,
    similar: page.similar,
    priceHistory: page.priceHistory.items,
    seller,
    head: { title, description },
  };
}

/**
 * The seller's public profile; an account closed since (a blocked seller's ad its owner or a
 * moderator still sees) shows what the ad itself says of it, with no badge and no response stats.
 */
async function loadSeller(services: ServerContext["services"], ad: Ad): Promise<TrustCardProfile> {
  try {
    return await services.profilesService.getProfile(ad.seller.id);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "USER_UNAVAILABLE") throw error;
    return {
      id: ad.seller.id,
      username: ad.seller.name,
      avatar: ad.seller.avatar,
      createdAt: ad.seller.memberSince,
      hasConfirmedPhone: false,
      activeAds: ad.seller.activeAds,
      responseRate: null,
      responseMinutes: null,
      rating: { average: null, count: 0 },
    };
  }
}

/** The vertical's list, the ad's catalogue mark and model (or category) as listings, then the ad. */
export function adPageCrumbs({ ad, refs }: Pick<AdPageData, "ad" | "refs">): Crumb[] {
  const definition = verticalDefinitions[ad.vertical];
  const crumbs: Crumb[] = [{ key: `page.${ad.vertical}.title`, to: `/${ad.vertical}` }];
  const category = definition.categoryField ? ad.fields[definition.categoryField] : null;
  if (typeof category === "string") {
    crumbs.push({ key: `category.${ad.vertical}.${category}`, to: `/${ad.vertical}/${category}/all` });
  } else if (ad.vertical === "car" && refs.mark) {
    crumbs.push({ text: refs.mark.name, to: `/car/${refs.mark.slug}` });
    if (refs.model) crumbs.push({ text: refs.model.name, to: `/car/${refs.mark.slug}/${refs.model.slug}` });
  }
  crumbs.push({ text: ad.title, to: adPath(ad) });
  return crumbs;
}

/** The 1600-px WebP of a photo, from its srcset (the largest size the server keeps). */
export function largestPhotoUrl(photo: { webp: string; src: string }): string {
  const entries = photo.webp.split(",").map((entry) => entry.trim().split(/\s+/));
  const widest = entries.reduce<{ url: string; width: number } | null>((best, [url, descriptor]) => {
    const width = Number.parseInt(descriptor ?? "", 10);
    return url && Number.isFinite(width) && (!best || width > best.width) ? { url, width } : best;
  }, null);
  return widest?.url ?? photo.src;
}

export function adPageHead({ ad, head }: AdPageData): DocumentHead {
  const cover = ad.photos[0];
  return {
    title: { text: head.title },
    description: { text: head.description },
    canonical: adPath(ad),
    ...(cover ? { image: largestPhotoUrl(cover) } : {}),
  };
}
