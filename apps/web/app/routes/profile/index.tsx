import { ComingSoon } from "../../components/coming-soon.tsx";

export default function ProfileAds() {
  return <ComingSoon />;
}
