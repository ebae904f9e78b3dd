import { Accordion, Paper, Stack, Text, Title } from "@mantine/core";
import type { FaqTopicText } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { SiteText } from "../../components/site-text.tsx";

/** The FAQ (decision 072): topics in order, each question opening its answer. */
export function FaqList({ topics }: { topics: FaqTopicText[] }) {
  const { t } = useTranslation();
  if (topics.length === 0) {
    return (
      <Paper withBorder p="xl" radius="lg">
        <Text c="dimmed">{t("content.faq.empty")}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xl" maw={820} data-testid="faq">
      {topics.map((topic, topicIndex) => (
        <Stack key={topic.title} gap="sm">
          <Title order={2} size="h3">
            {topic.title}
          </Title>
          <Accordion variant="separated" radius="md" multiple>
            {topic.questions.map((item, index) => (
              <Accordion.Item key={item.question} value={`${topicIndex}-${index}`}>
                <Accordion.Control>{item.question}</Accordion.Control>
                <Accordion.Panel>
                  <SiteText text={item.answer} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      ))}
    </Stack>
  );
}
