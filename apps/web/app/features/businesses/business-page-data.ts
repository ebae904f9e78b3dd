/**
 * The data of a business page, loaded on the server: the business by its link (unknown → the 404
 * page with HTTP 404), the first page of its ads in each vertical that has some, the head texts.
 */
import {
  type AdSearchResponse,
  type Business,
  businessLinkPattern,
  type SellerRating,
  type Vertical,
  verticals,
} from "@unaa/contracts";
import type { ServerContext } from "#server-context";
import { notFound } from "../../lib/not-found.ts";
import type { DocumentHead } from "../../lib/page-handle.ts";
import { shorten } from "../ads/ad-page-data.ts";
import { businessAdsPageSize } from "./business-api.ts";
import { businessPath } from "./business-format.ts";

export interface BusinessPageData {
  business: Business;
  /** The verticals the business has ads in, each with its first page. */
  ads: { vertical: Vertical; first: AdSearchResponse }[];
  /** The owner's seller rating: a business is rated through the reviews of its owner (decision 058). */
  rating: SellerRating;
}

export async function loadBusinessPage(
  request: Request,
  { services }: Pick<ServerContext, "services">,
  link: string,
): Promise<BusinessPageData> {
  if (!businessLinkPattern.test(link.toLowerCase())) notFound(request);
  let business: Business;
  try {
    business = await services.businessesService.findBusinessByLink(link);
  } catch (error) {
    if ((error as { code?: unknown }).code === "BUSINESS_NOT_FOUND") notFound(request);
    throw error;
  }
  const rating = services.profilesService.getProfile(business.ownerId).then(
    (owner) => owner.rating,
    () => ({ average: null, count: 0 }),
  );
  const pages = await Promise.all(
    verticals.map(async (vertical) => ({
      vertical,
      first: await services.adsService.searchAds({
        vertical,
        businessId: business.id,
        limit: businessAdsPageSize,
      }),
    })),
  );
  return {
    business,
    ads: pages.filter((page) => page.first.items.length > 0 || page.first.promoted.length > 0),
    rating: await rating,
  };
}

export function businessPageHead({ business }: BusinessPageData): DocumentHead {
  return {
    title: { text: business.name },
    description: { text: shorten(business.description || business.name) },
    canonical: businessPath(business.link),
    ...(business.cover ? { image: business.cover.src } : business.logo ? { image: business.logo.src } : {}),
  };
}
