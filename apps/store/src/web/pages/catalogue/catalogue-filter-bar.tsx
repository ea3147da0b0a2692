import type { MessageKey } from '@bazaar/i18n';
import { useLocale } from '@bazaar/platform-shell';
import { CATALOGUE_SORTS, type CatalogueSort, type SortDirection } from '@bazaar/schemas';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { ReactNode } from 'react';
import { useCategories } from '../../api/use-categories.ts';
import { effectiveDirection, effectiveSort, type CatalogueFilters } from './catalogue-filters.ts';

const SORT_LABELS: Record<CatalogueSort, MessageKey> = {
  relevance: 'store.catalogue.sort.relevance',
  downloads: 'store.catalogue.sort.downloads',
  lastPublished: 'store.catalogue.sort.lastPublished',
  title: 'store.catalogue.sort.title',
};

function FilterSelect(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: { sm: 180 } }}
    >
      {props.children}
    </TextField>
  );
}

interface CatalogueFilterBarProps {
  filters: CatalogueFilters;
  onChange(next: Partial<CatalogueFilters>): void;
}

/** The catalogue's category, price and sort; relevance is offered only for a search. */
export function CatalogueFilterBar({ filters, onChange }: CatalogueFilterBarProps) {
  const { t, locale } = useLocale();
  // Without the categories (loading, or failed) the filter offers all of them only.
  const categories = useCategories().data?.list ?? [];
  const sorts = CATALOGUE_SORTS.filter((sort) => sort !== 'relevance' || filters.keyword !== '');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FilterSelect
        label={t('store.catalogue.filter.category')}
        value={filters.category}
        onChange={(category) => onChange({ category })}
      >
        <option value="">{t('store.catalogue.filter.allCategories')}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name[locale]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label={t('store.catalogue.filter.price')}
        value={filters.price}
        onChange={(price) => onChange({ price: price as CatalogueFilters['price'] })}
      >
        <option value="">{t('store.catalogue.filter.anyPrice')}</option>
        <option value="free">{t('store.catalogue.filter.free')}</option>
        <option value="paid">{t('store.catalogue.filter.paid')}</option>
      </FilterSelect>
      <FilterSelect
        label={t('store.catalogue.sort.label')}
        value={effectiveSort(filters)}
        onChange={(sortBy) => onChange({ sortBy: sortBy as CatalogueSort, sortDirection: '' })}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_LABELS[sort])}
          </option>
        ))}
      </FilterSelect>
      {effectiveSort(filters) === 'relevance' ? null : (
        <SortDirectionToggle filters={filters} onChange={onChange} />
      )}
    </Stack>
  );
}

/** Which way the sort runs; relevance runs one way only, best first. */
function SortDirectionToggle({ filters, onChange }: CatalogueFilterBarProps) {
  const { t } = useLocale();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      aria-label={t('store.catalogue.sort.direction')}
      value={effectiveDirection(filters)}
      onChange={(_event, sortDirection: SortDirection | null) => {
        if (sortDirection) onChange({ sortDirection });
      }}
      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
    >
      <ToggleButton value="asc" aria-label={t('store.catalogue.sort.ascending')}>
        <ArrowUpwardIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="desc" aria-label={t('store.catalogue.sort.descending')}>
        <ArrowDownwardIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
