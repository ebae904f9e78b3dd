import {
  type ComboboxItem,
  type ComboboxItemGroup,
  type ComboboxParsedItem,
  Group,
  type OptionsFilter,
  Select,
  SimpleGrid,
  Text,
} from "@mantine/core";
import {
  type CatalogKind,
  type CatalogMarksResponse,
  catalogSearchKeys,
  catalogSpellings,
  foldCatalogQuery,
  switchKeyboardLayout,
} from "@unaa/contracts";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../lib/use-locale.ts";
import { useCatalogComplectations } from "./api/get-catalog-complectations.ts";
import { useCatalogGenerations } from "./api/get-catalog-generations.ts";
import { rememberCarMarks, useCatalogMarks } from "./api/get-catalog-marks.ts";
import { useCatalogModels } from "./api/get-catalog-models.ts";
import { cyrillicSubtitle, describeComplectation, formatYears, localizeRestyling } from "./catalog-format.ts";

/** The chosen slugs, outermost first; a level is null until chosen (and after its parent changes). */
export interface CatalogPickerValue {
  mark: string | null;
  model: string | null;
  generation: string | null;
  complectation: string | null;
}

export const emptyCatalogPick: CatalogPickerValue = {
  mark: null,
  model: null,
  generation: null,
  complectation: null,
};

export interface CatalogPickerProps {
  kind?: CatalogKind;
  value: CatalogPickerValue;
  onChange: (value: CatalogPickerValue) => void;
  /** How many levels to offer: 2 for a mark-and-model filter, 4 (default) for an ad form. */
  levels?: 1 | 2 | 3 | 4;
  /** At most this many selects side by side on wide screens (default: every level in one row). */
  columns?: number;
  /** The marks list when the page already has it (no second request). */
  initialMarks?: CatalogMarksResponse;
  /** A form's texts beside the levels it refused, and the levels it requires (marked with `*`). */
  errors?: Partial<Record<keyof CatalogPickerValue, string>>;
  required?: readonly (keyof CatalogPickerValue)[];
}

export interface CatalogOption extends ComboboxItem {
  /** Every spelling people may type for this option (names, aliases). */
  names: (string | null)[];
  hint?: string;
}

/**
 * Filters options the way the API search does: a typed prefix of any word of a name, an alias or
 * a transliteration, in either script or on the wrong keyboard layout ("кам", "lc", "rfv"). The
 * options' spellings are worked out at the first search, not when the filter is made: a list's
 * hundreds of marks cost milliseconds of folding, and most pages never search them.
 */
export function filterByNames(options: readonly CatalogOption[]): OptionsFilter {
  let keys: Map<string, string[]> | undefined;
  return ({ options: parsed, search, limit }) => {
    const folded = foldCatalogQuery(search);
    if (folded === "") return parsed;
    keys ??= new Map(
      options.map((option) => [option.value, catalogSearchKeys(catalogSpellings(option.names))]),
    );
    const searchKeys = keys;
    const switched = foldCatalogQuery(switchKeyboardLayout(search));
    const matches = (item: ComboboxItem) =>
      (searchKeys.get(item.value) ?? []).some(
        (key) => key.startsWith(folded) || (switched !== "" && key.startsWith(switched)),
      );
    const out: ComboboxParsedItem[] = [];
    let count = 0;
    for (const entry of parsed) {
      if (count >= limit) break;
      if ("group" in entry) {
        const items = entry.items.filter(matches).slice(0, limit - count);
        count += items.length;
        if (items.length > 0) out.push({ group: entry.group, items });
      } else if (matches(entry)) {
        out.push(entry);
        count += 1;
      }
    }
    return out;
  };
}

/** Popular first as one group, then the rest A–Z (the API's order), each option once. */
export function groupPopular(
  options: readonly (CatalogOption & { isPopular: boolean })[],
  labels: { popular: string; all: string },
): ComboboxItemGroup<CatalogOption>[] {
  const popular = options.filter((option) => option.isPopular);
  const rest = options.filter((option) => !option.isPopular);
  const groups: ComboboxItemGroup<CatalogOption>[] = [];
  if (popular.length > 0) groups.push({ group: labels.popular, items: popular });
  if (rest.length > 0) groups.push({ group: popular.length > 0 ? labels.all : labels.popular, items: rest });
  return groups;
}

export function renderOption({ option }: { option: ComboboxItem }) {
  const { hint } = option as CatalogOption;
  return (
    <Group gap={8} wrap="nowrap" justify="space-between" w="100%">
      <Text fz="sm">{option.label}</Text>
      {hint && (
        <Text fz="xs" c="dimmed" ta="right">
          {hint}
        </Text>
      )}
    </Group>
  );
}

/**
 * Mark → model → generation → complectation: searchable selects (Latin or Cyrillic), usable with
 * the keyboard and on a phone, each filled from the API once its parent is chosen.
 */
export function CatalogPicker({
  kind = "car",
  value,
  onChange,
  levels = 4,
  columns = levels,
  initialMarks,
  errors = {},
  required = [],
}: CatalogPickerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pageMarks = initialMarks?.kind === kind ? initialMarks : undefined;
  useEffect(() => {
    if (pageMarks) rememberCarMarks(pageMarks);
  }, [pageMarks]);

  const marks = useCatalogMarks(kind, pageMarks);
  const models = useCatalogModels(kind, levels >= 2 ? value.mark : null);
  const generations = useCatalogGenerations(kind, value.mark, levels >= 3 ? value.model : null);
  const complectations = useCatalogComplectations(
    kind,
    value.mark,
    value.model,
    levels >= 4 ? value.generation : null,
  );

  const groupLabels = { popular: t("catalog.picker.popular"), all: t("catalog.picker.all") };

  const markOptions = useMemo(
    () =>
      (marks.data?.items ?? []).map((mark) => ({
        value: mark.slug,
        label: mark.name,
        names: [mark.name, mark.nameCyrillic, ...mark.aliases],
        hint: cyrillicSubtitle(locale, mark) ?? undefined,
        isPopular: mark.isPopular,
      })),
    [marks.data, locale],
  );
  const modelOptions = useMemo(
    () =>
      (models.data?.items ?? []).map((model) => ({
        value: model.slug,
        label: model.name,
        names: [model.name, model.nameCyrillic, ...model.aliases],
        hint: formatYears(t, model.yearFrom, model.yearTo),
        isPopular: model.isPopular,
      })),
    [models.data, t],
  );
  const generationOptions = useMemo(
    () =>
      (generations.data?.items ?? []).map((generation) => ({
        value: generation.slug,
        label: `${localizeRestyling(t, generation.name)}, ${formatYears(t, generation.yearFrom, generation.yearTo)}`,
        names: [generation.name, ...generation.aliases],
      })),
    [generations.data, t],
  );
  const complectationOptions = useMemo(
    () =>
      (complectations.data?.items ?? []).map((complectation) => ({
        value: complectation.slug,
        label: complectation.name,
        names: [complectation.name],
        hint: describeComplectation(t, locale, complectation),
      })),
    [complectations.data, t, locale],
  );

  const markFilter = useMemo(() => filterByNames(markOptions), [markOptions]);
  const modelFilter = useMemo(() => filterByNames(modelOptions), [modelOptions]);
  const generationFilter = useMemo(() => filterByNames(generationOptions), [generationOptions]);
  const complectationFilter = useMemo(() => filterByNames(complectationOptions), [complectationOptions]);

  const common = {
    searchable: true,
    clearable: true,
    allowDeselect: false,
    maxDropdownHeight: 320,
    renderOption,
    comboboxProps: { shadow: "md", transitionProps: { duration: 0 } },
  } as const;
  const status = (list: { isLoading: boolean; isError: boolean }) =>
    list.isError
      ? t("catalog.picker.failed")
      : list.isLoading
        ? t("catalog.picker.loading")
        : t("catalog.picker.nothing");

  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(levels, 2), md: Math.min(levels, columns) }} spacing="sm">
      <Select
        {...common}
        label={t("field.mark")}
        error={errors.mark}
        withAsterisk={required.includes("mark")}
        placeholder={t("catalog.picker.markPlaceholder")}
        data={groupPopular(markOptions, groupLabels)}
        filter={markFilter}
        value={value.mark}
        onChange={(mark) => onChange({ ...emptyCatalogPick, mark })}
        nothingFoundMessage={status(marks)}
        data-testid="catalog-picker-mark"
      />
      {levels >= 2 && (
        <Select
          {...common}
          label={t("field.model")}
          error={errors.model}
          withAsterisk={required.includes("model")}
          placeholder={value.mark ? t("catalog.picker.modelPlaceholder") : "—"}
          data={groupPopular(modelOptions, groupLabels)}
          filter={modelFilter}
          value={value.model}
          disabled={!value.mark}
          onChange={(model) => onChange({ ...emptyCatalogPick, mark: value.mark, model })}
          nothingFoundMessage={status(models)}
          data-testid="catalog-picker-model"
        />
      )}
      {levels >= 3 && (
        <Select
          {...common}
          label={t("field.generation")}
          error={errors.generation}
          withAsterisk={required.includes("generation")}
          placeholder={value.model ? t("catalog.picker.generationPlaceholder") : "—"}
          data={generationOptions}
          filter={generationFilter}
          value={value.generation}
          disabled={!value.model}
          onChange={(generation) => onChange({ ...value, generation, complectation: null })}
          nothingFoundMessage={status(generations)}
          data-testid="catalog-picker-generation"
        />
      )}
      {levels >= 4 && (
        <Select
          {...common}
          label={t("field.complectation")}
          error={errors.complectation}
          withAsterisk={required.includes("complectation")}
          placeholder={value.generation ? t("catalog.picker.complectationPlaceholder") : "—"}
          data={complectationOptions}
          filter={complectationFilter}
          value={value.complectation}
          disabled={!value.generation}
          onChange={(complectation) => onChange({ ...value, complectation })}
          nothingFoundMessage={status(complectations)}
          data-testid="catalog-picker-complectation"
        />
      )}
    </SimpleGrid>
  );
}
