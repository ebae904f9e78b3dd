import {
  Button,
  Chip,
  Collapse,
  Input,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSearch } from "@tabler/icons-react";
import {
  type CatalogField,
  currencies,
  type FieldDefinition,
  filterParamNames,
  type NumberField,
  rangeFilterNames,
  unitFieldOf,
  type Vertical,
  verticalDefinitions,
} from "@unaa/contracts";
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { getDecimalSeparator } from "../../lib/format.ts";
import { caretAfterValueChars, numberText, numberValue, valueCharsBefore } from "../../lib/number-text.ts";
import { useRegions } from "../../lib/shared-config.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { fieldLabelKey, valueLabelKey } from "./ad-format.ts";
import { type ListQuery, listValues, withFilter } from "./ad-list-query.ts";
import { CatalogFilter, type KnownEntry } from "./catalog-filter.tsx";
import classes from "./filter-panel.module.css";

/** How long typing rests before the filter applies. */
const TYPING_PAUSE_MS = 600;
/** Up to this many values show as chips; longer lists are a searchable multi-select. */
const MAX_CHIPS = 8;
export const postedWithinDays = [1, 3, 7, 14, 31] as const;

export interface FilterChange {
  /** The change came from typing (a price, a year): one history entry for the whole typing. */
  typing: boolean;
}

export interface FilterPanelProps {
  vertical: Vertical;
  filters: ListQuery;
  onChange: (next: ListQuery, change: FilterChange) => void;
  size?: "sm" | "md";
  /** Catalogue entries the page already has, by `level:id` (see CatalogFilter). */
  known?: Readonly<Record<string, KnownEntry>>;
}

/**
 * A text that applies after a pause in typing, or at once on Enter or leaving the field, as
 * `normalize` makes it; it follows the filters when they change from outside (back button, reset).
 * The filters arriving with the value it applied itself leave the text alone: what was typed while
 * that navigation ran (on a slow network, seconds) stays.
 */
function useTypedValue(value: string, apply: (text: string) => void, normalize = (text: string) => text) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const applied = useRef(value);
  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flush = (next: string) => {
    clearTimeout(timer.current);
    const normalized = normalize(next);
    if (normalized === applied.current) return;
    applied.current = normalized;
    apply(normalized);
  };
  return {
    text,
    change(next: string) {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(next), TYPING_PAUSE_MS);
    },
    flush: () => flush(text),
  };
}

/**
 * A number typed into a text field (S5.2): digits and the locale's decimal sign, thousands grouped
 * as typed with the caret kept after the same digits. Not Mantine's NumberInput: a list page renders
 * eight of these on the server, at ~0.2 ms each, and its code (react-number-format) was 9 KB gzip of
 * every list page's first load (decision 088).
 */
function TypedNumber({
  value,
  onApply,
  placeholder,
  label,
  field,
  size,
}: {
  value: string;
  onApply: (text: string) => void;
  placeholder: string;
  label: string;
  field: Pick<NumberField, "step"> & { grouped: boolean };
  size: "sm" | "md";
}) {
  const locale = useLocale();
  // A value still waiting for its fraction ("3.") applies as the number it is.
  const typed = useTypedValue(value, onApply, (text) => text.replace(/\.$/, ""));
  const format = {
    decimalSeparator: getDecimalSeparator(locale),
    decimals: field.step !== undefined && field.step < 1 ? 1 : 0,
    grouped: field.grouped,
  };
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const text = numberText(typed.text, format);
  useLayoutEffect(() => {
    if (caret.current === null || document.activeElement !== input.current) return;
    const at = caretAfterValueChars(text, caret.current);
    input.current?.setSelectionRange(at, at);
    caret.current = null;
  });
  return (
    <TextInput
      ref={input}
      size={size}
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        const target = event.currentTarget;
        caret.current = valueCharsBefore(target.value, target.selectionStart ?? target.value.length);
        typed.change(numberValue(target.value, format));
      }}
      onBlur={typed.flush}
      onKeyDown={(event) => {
        if (event.key === "Enter") typed.flush();
      }}
      inputMode={format.decimals ? "decimal" : "numeric"}
      autoComplete="off"
    />
  );
}

function RangeFilter({
  label,
  unit,
  name,
  field,
  filters,
  apply,
  size,
}: {
  label: string;
  unit: string | null;
  name: string;
  field: Pick<NumberField, "kind" | "step" | "min" | "max"> & { grouped: boolean };
  filters: ListQuery;
  apply: (name: string, value: string) => void;
  size: "sm" | "md";
}) {
  const { t } = useTranslation();
  const heading = unit ? `${label}, ${unit}` : label;
  const names = rangeFilterNames({ name });
  return (
    <Input.Wrapper label={heading} size={size}>
      <div className={classes.range} data-testid={`filter-${name}`}>
        {(["from", "to"] as const).map((side) => (
          <TypedNumber
            key={side}
            value={filters[names[side]] ?? ""}
            onApply={(text) => apply(names[side], text)}
            placeholder={t(`ads.filters.${side}`)}
            label={`${heading}: ${t(`ads.filters.${side}`)}`}
            field={field}
            size={size}
          />
        ))}
      </div>
    </Input.Wrapper>
  );
}

function EnumFilter({
  vertical,
  field,
  values,
  filters,
  apply,
  size,
}: {
  vertical: Vertical;
  field: FieldDefinition;
  values: readonly string[];
  filters: ListQuery;
  apply: (name: string, value: string) => void;
  size: "sm" | "md";
}) {
  const { t } = useTranslation();
  const definition = verticalDefinitions[vertical];
  const label = t(fieldLabelKey(field.name));
  const chosen = listValues(filters, field.name);
  const options = values.map((value) => ({ value, label: t(valueLabelKey(definition, field.name, value)) }));
  if (values.length > MAX_CHIPS) {
    return (
      <MultiSelect
        size={size}
        label={label}
        placeholder={chosen.length ? undefined : t("ads.filters.any")}
        data={options}
        value={chosen}
        onChange={(next) => apply(field.name, next.join(","))}
        searchable
        clearable
        hidePickedOptions
        comboboxProps={{ shadow: "md", transitionProps: { duration: 0 } }}
        data-testid={`filter-${field.name}`}
      />
    );
  }
  return (
    <Input.Wrapper label={label} size={size}>
      <Chip.Group multiple value={chosen} onChange={(next) => apply(field.name, next.join(","))}>
        <div className={classes.chips} data-testid={`filter-${field.name}`}>
          {options.map((option) => (
            <Chip key={option.value} value={option.value}>
              {option.label}
            </Chip>
          ))}
        </div>
      </Chip.Group>
    </Input.Wrapper>
  );
}

/**
 * The filters of a vertical, built from its definition: catalogue pickers, price with currency,
 * every filterable field (several values → chips or a multi-select, a range → from/to with the unit,
 * yes/no → a switch), then place, age, photos and urgency. Fields not shown on cards wait under
 * "more filters" unless one of them is set.
 */
export function FilterPanel({ vertical, filters, onChange, size = "md", known }: FilterPanelProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const regions = useRegions();
  const definition = verticalDefinitions[vertical];
  const apply = (name: string, value: string, typing = false) =>
    onChange(withFilter(filters, name, value || undefined), { typing });
  const applyMany = (changes: ListQuery) => {
    let next = filters;
    for (const [name, value] of Object.entries(changes)) next = withFilter(next, name, value || undefined);
    onChange(next, { typing: false });
  };
  const typedApply = (name: string, value: string) => apply(name, value, true);
  const q = useTypedValue(
    filters.q ?? "",
    (text) => typedApply("q", text),
    (text) => text.trim(),
  );

  const catalogFields = definition.fields.filter(
    (field): field is CatalogField => field.kind === "catalog" && !!field.filter,
  );
  const filterable = definition.fields.filter((field) => field.filter && field.kind !== "catalog");
  const isSet = (field: FieldDefinition) => filterParamNames(field).some((name) => filters[name]);
  const moreFields = filterable.filter((field) => !field.onCard && field.name !== definition.categoryField);
  const [showMore, setShowMore] = useState(() => moreFields.some(isSet));

  function fieldControl(field: FieldDefinition): ReactNode {
    if (field.filter === "boolean") {
      return (
        <Switch
          key={field.name}
          size={size}
          label={t(fieldLabelKey(field.name))}
          checked={filters[field.name] === "true"}
          onChange={(event) => apply(field.name, event.currentTarget.checked ? "true" : "")}
        />
      );
    }
    if (field.filter === "range" && (field.kind === "number" || field.kind === "integer")) {
      const unit = field.unit ?? unitFieldOf(definition, field.name)?.values[0];
      return (
        <RangeFilter
          key={field.name}
          label={t(fieldLabelKey(field.name))}
          unit={unit ? t(`unit.${unit}`) : null}
          name={field.name}
          field={{ ...field, grouped: unit !== undefined }}
          filters={filters}
          apply={typedApply}
          size={size}
        />
      );
    }
    if (field.kind === "enum" || field.kind === "multi-enum") {
      return (
        <EnumFilter
          key={field.name}
          vertical={vertical}
          field={field}
          values={field.values}
          filters={filters}
          apply={apply}
          size={size}
        />
      );
    }
    return null;
  }

  const chosenRegions = listValues(filters, "regionId");
  const townGroups = regions
    .filter((region) => chosenRegions.includes(String(region.id)))
    .map((region) => ({
      group: region.name[locale],
      items: region.towns.map((town) => ({ value: String(town.id), label: town.name[locale] })),
    }));
  const selectProps = {
    size,
    searchable: true,
    clearable: true,
    hidePickedOptions: true,
    comboboxProps: { shadow: "md", transitionProps: { duration: 0 } },
  } as const;

  return (
    <Stack gap="md" data-testid="filter-panel">
      <TextInput
        size={size}
        label={t("ads.filters.q")}
        placeholder={t("ads.filters.qPlaceholder")}
        leftSection={<IconSearch size={16} />}
        value={q.text}
        onChange={(event) => q.change(event.currentTarget.value)}
        onBlur={q.flush}
        onKeyDown={(event) => {
          if (event.key === "Enter") q.flush();
        }}
        data-testid="filter-q"
      />
      {filterable.filter((field) => field.name === definition.categoryField).map(fieldControl)}
      {catalogFields.length > 0 && (
        <CatalogFilter
          kind={catalogFields[0]?.catalogKind ?? "car"}
          fields={catalogFields}
          filters={filters}
          onChange={applyMany}
          size={size}
          {...(known ? { known } : {})}
        />
      )}
      <Stack gap={6}>
        <RangeFilter
          label={t(fieldLabelKey("price"))}
          unit={null}
          name="price"
          field={{ kind: "integer", min: 0, max: 1_000_000_000, grouped: true }}
          filters={filters}
          apply={typedApply}
          size={size}
        />
        <SegmentedControl
          size="xs"
          value={filters.currency ?? "KGS"}
          onChange={(currency) => apply("currency", currency === "KGS" ? "" : currency)}
          data={currencies.map((currency) => ({
            value: currency,
            label: t(`ads.filters.currency.${currency}`),
          }))}
          aria-label={t(fieldLabelKey("currency"))}
          data-testid="filter-currency"
        />
      </Stack>
      {filterable
        .filter((field) => field.onCard && field.name !== definition.categoryField)
        .map(fieldControl)}
      {moreFields.length > 0 && (
        <>
          <Collapse expanded={showMore}>
            <Stack gap="md">{moreFields.map(fieldControl)}</Stack>
          </Collapse>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setShowMore((open) => !open)}
            rightSection={showMore ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            w="fit-content"
            aria-expanded={showMore}
          >
            {t(showMore ? "ads.filters.fewer" : "ads.filters.more")}
          </Button>
        </>
      )}
      <MultiSelect
        {...selectProps}
        label={t("field.region")}
        placeholder={chosenRegions.length ? undefined : t("ads.filters.anyRegion")}
        data={regions.map((region) => ({ value: String(region.id), label: region.name[locale] }))}
        value={chosenRegions}
        onChange={(ids) => {
          const towns = listValues(filters, "townId").filter((town) =>
            regions.some(
              (region) =>
                ids.includes(String(region.id)) && region.towns.some((item) => String(item.id) === town),
            ),
          );
          applyMany({ regionId: ids.join(","), townId: towns.join(",") });
        }}
        data-testid="filter-region"
      />
      {townGroups.length > 0 && (
        <MultiSelect
          {...selectProps}
          label={t("field.town")}
          placeholder={t("ads.filters.anyTown")}
          data={townGroups}
          value={listValues(filters, "townId")}
          onChange={(ids) => apply("townId", ids.join(","))}
          data-testid="filter-town"
        />
      )}
      <Select
        size={size}
        label={t("ads.filters.postedWithin")}
        data={[
          { value: "", label: t("ads.filters.anyTime") },
          ...postedWithinDays.map((days) => ({
            value: String(days),
            label: t(`ads.filters.within.${days}`),
          })),
        ]}
        value={filters.postedWithin ?? ""}
        onChange={(value) => apply("postedWithin", value ?? "")}
        allowDeselect={false}
        comboboxProps={{ transitionProps: { duration: 0 } }}
        data-testid="filter-postedWithin"
      />
      <Stack gap="sm">
        {(["withPhoto", "urgent", "abroad"] as const).map((name) => (
          <Switch
            key={name}
            size={size}
            label={t(`ads.filters.${name}`)}
            checked={filters[name] === "true"}
            onChange={(event) => apply(name, event.currentTarget.checked ? "true" : "")}
            data-testid={`filter-${name}`}
          />
        ))}
      </Stack>
    </Stack>
  );
}
