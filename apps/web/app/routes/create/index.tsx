import { Card, Group, SimpleGrid, Text, ThemeIcon } from "@mantine/core";
import { verticals } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { TitledPage } from "../../components/titled-page.tsx";
import { verticalIcons } from "../../components/vertical-icons.ts";
import { createTitleKeys } from "./titles.ts";

/** `/create`: choose what to sell. */
export default function CreateChooser() {
  const { t } = useTranslation();
  return (
    <TitledPage>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {verticals.map((vertical) => {
          const Icon = verticalIcons[vertical];
          return (
            <Card
              key={vertical}
              component={AppLink}
              to={`/create/${vertical}`}
              withBorder
              radius="lg"
              padding="lg"
            >
              <Group wrap="nowrap">
                <ThemeIcon size={48} radius="md" variant="light">
                  <Icon size={28} stroke={1.6} />
                </ThemeIcon>
                <Text fw={600}>{t(createTitleKeys[vertical])}</Text>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </TitledPage>
  );
}
