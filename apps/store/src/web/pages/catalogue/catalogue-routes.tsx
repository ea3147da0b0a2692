import { Route } from 'react-router';
import { CataloguePage } from './catalogue-page.tsx';

/** The catalogue at the spec's three addresses; one page, so typing a search keeps its box. */
export const catalogueRoutes = (
  <>
    <Route index element={<CataloguePage />} />
    <Route path="search" element={<CataloguePage />} />
    <Route path="category/:category" element={<CataloguePage />} />
  </>
);
