/** The page-number window of spec §9: first, last, two either side of the current page, ellipses for gaps. */
export type PageLink = number | 'ellipsis';

export function totalPages(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(total / pageSize) : 0;
}

/** Page numbers (1-based) to show for `current` of `pages`; an ellipsis replaces each gap. */
export function paginationWindow(current: number, pages: number): PageLink[] {
  if (pages <= 0) return [];
  const shown = new Set<number>([1, pages]);
  for (let page = current - 2; page <= current + 2; page++) {
    if (page >= 1 && page <= pages) shown.add(page);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const links: PageLink[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) {
      // A gap of exactly one page shows that page rather than an ellipsis standing for it.
      if (page - previous === 2) links.push(previous + 1);
      else links.push('ellipsis');
    }
    links.push(page);
  });
  return links;
}
