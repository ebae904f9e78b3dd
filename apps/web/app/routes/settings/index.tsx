import { Stack } from "@mantine/core";
import { SavedSearchesSection } from "../../features/ads/saved-searches-section.tsx";
import { SettingsOverview } from "../../features/auth/settings-overview.tsx";

export default function Page() {
  return (
    <Stack gap="lg">
      <SettingsOverview />
      <SavedSearchesSection />
    </Stack>
  );
}
