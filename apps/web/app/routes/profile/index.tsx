import { ComingSoon } from "../../components/coming-soon.tsx";
import { SellerReviews } from "../../features/reviews/seller-reviews.tsx";
import type { Route } from "./+types/index.ts";

export default function ProfileAds({ params }: Route.ComponentProps) {
  return (
    <>
      <ComingSoon />
      <SellerReviews sellerId={Number(params.id)} />
    </>
  );
}
