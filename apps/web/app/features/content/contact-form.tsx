/**
 * The contact form of /contact and /advert (decision 072): name, an email or phone to answer to,
 * the message and, on /advert, what it is about. Signed-in users find their contact filled in.
 * The hidden `website` field is a honeypot for robots.
 */
import { Alert, Box, Button, Paper, Select, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCircleCheck } from "@tabler/icons-react";
import { type ContactTopic, contactMessageMax, contactMessageMin } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/form-alert.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { useSendContact } from "./api/send-contact.ts";

const fields = ["name", "contact", "message", "topic"] as const;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[\d\s()-]{7,20}$/;

interface ContactFormProps {
  /** The topics to choose from (/advert); without them the message is `general`. */
  topics?: readonly ContactTopic[];
}

export function ContactForm({ topics }: ContactFormProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const describe = useApiErrorTexts();
  const send = useSendContact();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSent, setSent] = useState(false);
  const form = useForm({
    initialValues: {
      name: user?.username ?? "",
      contact: user?.email ?? user?.phones[0]?.phone ?? "",
      message: "",
      topic: (topics?.[0] ?? "general") as ContactTopic,
      website: "",
    },
    validate: {
      name: (value) => (value.trim() ? null : t("auth.fieldError.required")),
      contact: (value) =>
        emailPattern.test(value.trim()) || phonePattern.test(value.trim())
          ? null
          : t("content.form.contactInvalid"),
      message: (value) =>
        value.trim().length < contactMessageMin
          ? t("content.form.messageShort", { min: contactMessageMin })
          : value.trim().length > contactMessageMax
            ? t("content.form.messageLong", { max: contactMessageMax })
            : null,
    },
  });

  // The session may be restored after the first render: fill in what is still empty then.
  const { getValues, setFieldValue } = form;
  useEffect(() => {
    if (!user) return;
    const values = getValues();
    if (!values.name) setFieldValue("name", user.username);
    if (!values.contact) setFieldValue("contact", user.email ?? user.phones[0]?.phone ?? "");
  }, [user, getValues, setFieldValue]);

  if (isSent) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        role="status"
        data-testid="contact-sent"
      >
        <Stack gap="xs" align="flex-start">
          {t("content.form.sent")}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              form.setFieldValue("message", "");
              setSent(false);
            }}
          >
            {t("content.form.another")}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
      <form
        noValidate
        data-testid="contact-form"
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          send.mutate(values, {
            onSuccess: () => setSent(true),
            onError: (error) => {
              const texts = describe(error, fields);
              form.setErrors(texts.fields);
              setFormError(texts.form);
            },
          });
        })}
      >
        <Stack gap="md">
          <Title order={2} size="h3">
            {t("content.form.title")}
          </Title>
          <FormAlert text={formError} />
          {topics && (
            <Select
              label={t("content.form.topic")}
              data={topics.map((topic) => ({ value: topic, label: t(`content.topic.${topic}`) }))}
              allowDeselect={false}
              data-testid="contact-topic"
              {...form.getInputProps("topic")}
            />
          )}
          <TextInput
            label={t("content.form.name")}
            autoComplete="name"
            required
            maxLength={100}
            data-testid="contact-name"
            {...form.getInputProps("name")}
          />
          <TextInput
            label={t("content.form.contact")}
            description={t("content.form.contactHint")}
            autoComplete="email"
            required
            maxLength={254}
            data-testid="contact-contact"
            {...form.getInputProps("contact")}
          />
          <Textarea
            label={t("content.form.message")}
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={contactMessageMax}
            data-testid="contact-message"
            {...form.getInputProps("message")}
          />
          {/* The honeypot: out of sight and out of the tab order; people leave it empty. */}
          <Box
            aria-hidden
            style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}
          >
            <label>
              Website
              <input type="text" tabIndex={-1} autoComplete="off" {...form.getInputProps("website")} />
            </label>
          </Box>
          <Button
            type="submit"
            loading={send.isPending}
            data-testid="contact-send"
            style={{ alignSelf: "flex-start" }}
          >
            {t("content.form.send")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
