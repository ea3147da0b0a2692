import { SEARCH_PARAM } from '../data-grid/grid-url-state.ts';

/**
 * The event log's API query from its grid's: the search box finds an object by its ID, so its
 * text goes as `object_id`; everything else is the API's own name already.
 */
export function eventLogQuery(gridQuery: Record<string, string>): Record<string, string> {
  const { [SEARCH_PARAM]: objectId, ...rest } = gridQuery;
  return objectId ? { ...rest, object_id: objectId } : rest;
}
