/**
 * Dashboard → content (decision 072): the static pages' texts in ky, ru and en (restricted
 * Markdown, shown as React elements on the site), the FAQ by topic, and the contact forms'
 * messages. Every save is audited (`content.edit`); marking a message handled too.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ContactStatus,
  type Faq,
  type Locale,
  locales,
  type SitePageBody,
  type SitePageName,
  sitePageNames,
  sitePageTextMax,
} from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { toasts } from "../../lib/app-state.ts";
import { HttpError } from "../../lib/http-client.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import {
  contactMessagesQueryOptions,
  contentKeys,
  contentQueryOptions,
  markMessageHandled,
  saveFaq,
  savePage,
} from "./api/content-api.ts";
import classes from "./dashboard.module.css";
import { useDashboardFormat } from "./use-dashboard-format.ts";

const pageTitleKeys: Record<SitePageName, string> = {
  about: "page.about.title",
  advert: "page.advert.title",
  "agreement-policy": "page.agreementPolicy.title",
  contact: "page.contact.title",
  "mobile-app": "page.mobileApp.title",
};

/** Field errors by their full path (`topics.0.questions.1.answer.en`), as @mantine/form names them. */
function fieldErrorsByPath(
  error: unknown,
  translate: (key: string) => string | undefined,
): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  const fields: Record<string, string> = {};
  for (const item of error.errors) {
    if (typeof item === "string" || fields[item.path]) continue;
    fields[item.path] = translate(`auth.fieldError.${item.code}`) ?? item.message;
  }
  return fields;
}

function PageEditor({ page, body }: { page: SitePageName; body: SitePageBody }) {
  const { t } = useTranslation();
  const viewerId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const describe = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SitePageBody>({ initialValues: body });
  const save = useMutation({ mutationFn: (values: SitePageBody) => savePage(page, values) });
  return (
    <form
      data-testid="page-editor"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(values, {
          onSuccess: (saved) => {
            form.resetDirty(saved);
            void queryClient.invalidateQueries({ queryKey: contentKeys.content(viewerId) });
            toasts.add({ title: t("dashboard.content.saved"), color: "teal" });
          },
          onError: (error) => {
            const texts = describe(error, locales);
            form.setErrors(texts.fields);
            setFormError(texts.form);
          },
        });
      })}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("dashboard.content.syntax")}
        </Text>
        <FormAlert text={formError} />
        <SimpleGrid cols={{ base: 1, lg: 3 }}>
          {locales.map((locale) => (
            <Textarea
              key={locale}
              label={t(`language.${locale}`)}
              autosize
              minRows={10}
              maxRows={30}
              maxLength={sitePageTextMax}
              data-testid={`page-text-${locale}`}
              {...form.getInputProps(locale)}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()} data-testid="page-save">
            {t("dashboard.content.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PagesTab({ pages }: { pages: Record<SitePageName, SitePageBody> }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<SitePageName>("about");
  return (
    <Stack gap="md">
      <Select
        label={t("dashboard.content.page")}
        data={sitePageNames.map((name) => ({ value: name, label: t(pageTitleKeys[name]) }))}
        value={page}
        onChange={(value) => value && setPage(value as SitePageName)}
        allowDeselect={false}
        maw={420}
        data-testid="content-page-select"
      />
      {/* A new form per page, so its fields start from that page's text. */}
      <PageEditor key={page} page={page} body={pages[page]} />
    </Stack>
  );
}

const emptyText = (): Record<Locale, string> => ({ ru: "", ky: "", en: "" });

function FaqTab({ faq }: { faq: Faq }) {
  const { t } = useTranslation();
  const { i18n } = useTranslation();
  const viewerId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const describe = useApiErrorTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Faq>({ initialValues: faq });
  const save = useMutation({ mutationFn: saveFaq });
  const translate = (key: string) => (i18n.exists(key) ? t(key) : undefined);

  const localizedInputs = (path: string, label: string, multiline = false) => (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs">
      {locales.map((locale) => {
        const props = {
          label: `${label} · ${locale}`,
          "data-testid": `${path}.${locale}`,
          ...form.getInputProps(`${path}.${locale}`),
        };
        return multiline ? (
          <Textarea key={locale} autosize minRows={2} maxRows={10} maxLength={3000} {...props} />
        ) : (
          <TextInput key={locale} maxLength={300} {...props} />
        );
      })}
    </SimpleGrid>
  );

  const moveButtons = (path: string, index: number, count: number) => (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={t("dashboard.content.up")}
        disabled={index === 0}
        onClick={() => form.reorderListItem(path, { from: index, to: index - 1 })}
      >
        <IconArrowUp size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t("dashboard.content.down")}
        disabled={index === count - 1}
        onClick={() => form.reorderListItem(path, { from: index, to: index + 1 })}
      >
        <IconArrowDown size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t("dashboard.content.remove")}
        onClick={() => form.removeListItem(path, index)}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );

  const topics = form.getValues().topics;
  return (
    <form
      data-testid="faq-editor"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(values, {
          onSuccess: (saved) => {
            form.resetDirty(saved);
            void queryClient.invalidateQueries({ queryKey: contentKeys.content(viewerId) });
            toasts.add({ title: t("dashboard.content.saved"), color: "teal" });
          },
          onError: (error) => {
            const fields = fieldErrorsByPath(error, translate);
            form.setErrors(fields);
            setFormError(
              Object.keys(fields).length > 0 ? t("dashboard.content.checkFields") : describe(error, []).form,
            );
          },
        });
      })}
    >
      <Stack gap="md">
        <FormAlert text={formError} />
        {topics.map((topic, topicIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are controlled by the form's values, which move with the items.
          <Paper key={`topic-${topicIndex}`} withBorder radius="lg" p="md" data-testid="faq-topic">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Title order={3} size="h4">
                  {topic.title.ru || t("dashboard.content.topic")}
                </Title>
                {moveButtons("topics", topicIndex, topics.length)}
              </Group>
              {localizedInputs(`topics.${topicIndex}.title`, t("dashboard.content.topic"))}
              {topic.questions.map((_question, index) => (
                <Paper
                  // biome-ignore lint/suspicious/noArrayIndexKey: as above, the form's values move with the items.
                  key={`question-${index}`}
                  withBorder
                  radius="md"
                  p="sm"
                  bg="var(--mantine-color-default-hover)"
                >
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600} size="sm">
                        {t("dashboard.content.questionNumber", { number: index + 1 })}
                      </Text>
                      {moveButtons(`topics.${topicIndex}.questions`, index, topic.questions.length)}
                    </Group>
                    {localizedInputs(
                      `topics.${topicIndex}.questions.${index}.question`,
                      t("dashboard.content.question"),
                    )}
                    {localizedInputs(
                      `topics.${topicIndex}.questions.${index}.answer`,
                      t("dashboard.content.answer"),
                      true,
                    )}
                  </Stack>
                </Paper>
              ))}
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                style={{ alignSelf: "flex-start" }}
                onClick={() =>
                  form.insertListItem(`topics.${topicIndex}.questions`, {
                    question: emptyText(),
                    answer: emptyText(),
                  })
                }
              >
                {t("dashboard.content.addQuestion")}
              </Button>
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              form.insertListItem("topics", {
                title: emptyText(),
                questions: [{ question: emptyText(), answer: emptyText() }],
              })
            }
          >
            {t("dashboard.content.addTopic")}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()} data-testid="faq-save">
            {t("dashboard.content.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MessagesTab() {
  const { t } = useTranslation();
  const viewerId = useCurrentUser()?.id;
  const { when } = useDashboardFormat();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ContactStatus | "all">("new");
  const messages = useInfiniteQuery(contactMessagesQueryOptions(viewerId, status === "all" ? null : status));
  const handle = useMutation({
    mutationFn: markMessageHandled,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: contentKeys.messages(viewerId, null).slice(0, -1) }),
  });
  const items = messages.data?.pages.flatMap((page) => page.items);
  return (
    <Stack gap="md">
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value as ContactStatus | "all")}
        data={[
          { value: "new", label: t("dashboard.content.status.new") },
          { value: "handled", label: t("dashboard.content.status.handled") },
          { value: "all", label: t("dashboard.content.status.all") },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      {messages.isError ? (
        <LoadFailed text={t("dashboard.loadFailed")} onRetry={messages.refetch} />
      ) : items === undefined ? (
        <ListSkeleton height={40} />
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center" data-testid="messages-empty">
            {t("dashboard.content.noMessages")}
          </Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={900} type="native">
          <Table className={classes.table} verticalSpacing="sm" data-testid="contact-messages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("dashboard.content.when")}</Table.Th>
                <Table.Th>{t("dashboard.content.from")}</Table.Th>
                <Table.Th>{t("dashboard.content.topicColumn")}</Table.Th>
                <Table.Th>{t("dashboard.content.message")}</Table.Th>
                <Table.Th>{t("dashboard.content.statusColumn")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id} data-testid="contact-message">
                  <Table.Td>{when(item.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.name}</Text>
                    <Text size="sm" c="dimmed">
                      {item.contact}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`content.topic.${item.topic}`)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "pre-wrap", minWidth: 320 }}>{item.message}</Table.Td>
                  <Table.Td>
                    {item.status === "handled" ? (
                      <Badge color="gray" variant="light">
                        {t("dashboard.content.status.handled")}
                      </Badge>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="light"
                        loading={handle.isPending && handle.variables === item.id}
                        onClick={() => handle.mutate(item.id)}
                        data-testid="message-handle"
                      >
                        {t("dashboard.content.markHandled")}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {messages.hasNextPage && (
        <Button
          variant="default"
          onClick={() => messages.fetchNextPage()}
          loading={messages.isFetchingNextPage}
        >
          {t("dashboard.showMore")}
        </Button>
      )}
    </Stack>
  );
}

export function ContentPage() {
  const { t } = useTranslation();
  const viewerId = useCurrentUser()?.id;
  const content = useQuery(contentQueryOptions(viewerId));
  if (viewerId === undefined || content.isPending) return <ListSkeleton testId="content-pending" />;
  if (content.isError) return <LoadFailed text={t("dashboard.loadFailed")} onRetry={content.refetch} />;
  return (
    <Tabs defaultValue="pages" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="pages">{t("dashboard.content.tabPages")}</Tabs.Tab>
        <Tabs.Tab value="faq" data-testid="content-tab-faq">
          {t("page.faq.title")}
        </Tabs.Tab>
        <Tabs.Tab value="messages" data-testid="content-tab-messages">
          {t("dashboard.content.tabMessages")}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="pages">
        <PagesTab pages={content.data.pages} />
      </Tabs.Panel>
      <Tabs.Panel value="faq">
        <FaqTab faq={content.data.faq} />
      </Tabs.Panel>
      <Tabs.Panel value="messages">
        <MessagesTab />
      </Tabs.Panel>
    </Tabs>
  );
}
