import {
  Alert,
  Anchor,
  Checkbox,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPhone } from "@tabler/icons-react";
import { type Currency, currencies, unitFieldOf } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../../components/app-link.tsx";
import { countryName } from "../../../lib/country-name.ts";
import { formatPhone } from "../../../lib/format.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { useRegions } from "../../../lib/shared-config.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useOwnBusiness } from "../../businesses/own-business.ts";
import { AdField, type AdFormStepProps, InlineSelect, NumberField } from "./ad-form-fields.tsx";
import { abroadCountries } from "./ad-form-values.ts";

/** The price step: price and currency (and its unit for services), where, how to get in touch, a video. */
export function PriceStep({ definition, values, change, changeField, errorOf }: AdFormStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useCurrentUser();
  const regions = useRegions();
  const region = regions.find((item) => item.id === values.regionId);
  const phones = (user?.phones ?? []).filter((phone) => phone.confirmed);
  const business = useOwnBusiness(user?.id).data?.business;
  const priceUnit = unitFieldOf(definition, "price");

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <NumberField
          label={t("field.price")}
          withAsterisk
          description={t("adForm.price.zeroHint")}
          value={values.price}
          onChange={(price) => change({ price })}
          decimals={0}
          isGrouped
          rightSection={
            <InlineSelect
              label={t("field.currency")}
              options={currencies.map((currency) => ({
                value: currency,
                label: t(`currency.${currency}.label`),
              }))}
              value={values.currency}
              onChange={(currency) => change({ currency: currency as Currency })}
              testId="field-currency"
            />
          }
          rightSectionWidth={76}
          error={errorOf("price")}
          data-testid="field-price"
          maw={420}
        />
        {priceUnit && (
          <AdField
            definition={definition}
            field={priceUnit}
            value={values.fields[priceUnit.name] ?? null}
            onChange={(value) => changeField(priceUnit.name, value)}
            error={errorOf(`fields.${priceUnit.name}`)}
          />
        )}
        <Checkbox
          label={t("adForm.price.negotiable")}
          checked={values.negotiable}
          onChange={(event) => change({ negotiable: event.currentTarget.checked })}
          data-testid="field-negotiable"
        />
      </Stack>

      <Stack gap="sm">
        <Title order={3} fz="md">
          {t("adForm.location.title")}
        </Title>
        <SegmentedControl
          data={[
            { value: "home", label: t("adForm.location.home") },
            { value: "abroad", label: t("adForm.location.abroad") },
          ]}
          value={values.isAbroad ? "abroad" : "home"}
          onChange={(where) => change({ isAbroad: where === "abroad" })}
          data-testid="field-abroad"
          maw={420}
        />
        {values.isAbroad ? (
          <Select
            label={t("adForm.location.country")}
            withAsterisk
            data={abroadCountries
              .map((code) => ({ value: code, label: countryName(locale, code) }))
              .sort((a, b) => a.label.localeCompare(b.label, locale))}
            value={values.abroadCountry}
            onChange={(abroadCountry) => change({ abroadCountry })}
            searchable
            error={errorOf("abroadCountry")}
            comboboxProps={{ transitionProps: { duration: 0 } }}
            data-testid="field-abroadCountry"
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t("field.region")}
              withAsterisk
              placeholder={t("adForm.choose")}
              data={regions.map((item) => ({ value: String(item.id), label: item.name[locale] }))}
              value={values.regionId === null ? null : String(values.regionId)}
              onChange={(id) => change({ regionId: id === null ? null : Number(id), townId: null })}
              searchable
              error={errorOf("regionId")}
              comboboxProps={{ transitionProps: { duration: 0 } }}
              data-testid="field-regionId"
            />
            <Select
              label={t("field.town")}
              placeholder={region ? t("adForm.location.anyTown") : "—"}
              data={(region?.towns ?? []).map((town) => ({
                value: String(town.id),
                label: town.name[locale],
              }))}
              value={values.townId === null ? null : String(values.townId)}
              onChange={(id) => change({ townId: id === null ? null : Number(id) })}
              disabled={!region}
              searchable
              clearable
              error={errorOf("townId")}
              comboboxProps={{ transitionProps: { duration: 0 } }}
              data-testid="field-townId"
            />
          </SimpleGrid>
        )}
      </Stack>

      <Stack gap="sm">
        <Title order={3} fz="md">
          {t("adForm.contacts.title")}
        </Title>
        {(business || values.businessId !== null) && (
          <Select
            label={t("business.form.postAs")}
            data={[
              { value: "", label: t("business.form.postAsPerson") },
              ...(business ? [{ value: String(business.id), label: business.name }] : []),
            ]}
            value={values.businessId === null ? "" : String(values.businessId)}
            onChange={(id) => change({ businessId: id ? Number(id) : null })}
            allowDeselect={false}
            error={errorOf("businessId")}
            comboboxProps={{ transitionProps: { duration: 0 } }}
            data-testid="field-businessId"
          />
        )}
        {phones.length > 0 ? (
          <Checkbox.Group
            label={t("adForm.contacts.phones")}
            description={t("adForm.contacts.phonesHint")}
            value={values.phoneIds.map(String)}
            onChange={(ids) => change({ phoneIds: ids.map(Number) })}
            error={errorOf("phoneIds")}
            data-testid="field-phoneIds"
          >
            <Stack gap={6} mt="xs">
              {phones.map((phone) => (
                <Checkbox
                  key={phone.id}
                  value={String(phone.id)}
                  label={
                    phone.isMain
                      ? `${formatPhone(phone.phone)} · ${t("auth.phones.main")}`
                      : formatPhone(phone.phone)
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Alert color="orange" variant="light" icon={<IconPhone size={20} />} data-testid="no-phone">
            {t("adForm.contacts.noPhone")}{" "}
            <Anchor component={AppLink} to="/settings/profile" size="sm">
              {t("adForm.contacts.addPhone")}
            </Anchor>
          </Alert>
        )}
        <Switch
          label={t("adForm.contacts.chatOnly")}
          description={t("adForm.contacts.chatOnlyHint")}
          checked={values.chatOnly}
          onChange={(event) => change({ chatOnly: event.currentTarget.checked })}
          size="md"
          data-testid="field-chatOnly"
        />
      </Stack>

      <TextInput
        label={t("adForm.video.label")}
        description={t("adForm.video.hint")}
        placeholder="https://youtu.be/…"
        value={values.videoUrl}
        onChange={(event) => change({ videoUrl: event.currentTarget.value })}
        inputMode="url"
        error={errorOf("videoUrl")}
        data-testid="field-videoUrl"
      />
    </Stack>
  );
}
